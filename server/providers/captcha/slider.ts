/**
 * The built-in slider puzzle: a picture drawn here with a jigsaw-shaped gap and the piece cut from it; the server
 * keeps only the gap's x.
 */
import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';
import { PIECE_SIZE, PUZZLE_HEIGHT, PUZZLE_WIDTH } from '../../../shared/contract/accounts';

export { PIECE_SIZE, PUZZLE_HEIGHT, PUZZLE_WIDTH };
/** How far (px) the dropped piece may be from the gap. */
export const PUZZLE_TOLERANCE = 6;
/** The gap is the background darkened to this share of its brightness. */
export const GAP_SHADE = 0.45;

const BODY = 44;
const KNOB = 8;

/**
 * The piece's shape in its PIECE_SIZE square: 1 inside, 0 outside. A 44 px square (left, bottom) with a round
 * knob on its top edge and one on its right edge.
 */
export function pieceMask(): Uint8Array {
  const mask = new Uint8Array(PIECE_SIZE * PIECE_SIZE);
  const top = PIECE_SIZE - BODY;
  for (let py = 0; py < PIECE_SIZE; py++) {
    for (let px = 0; px < PIECE_SIZE; px++) {
      const inBody = px < BODY && py >= top;
      const inTopKnob = (px - BODY / 2) ** 2 + (py - top) ** 2 <= KNOB ** 2;
      const inRightKnob = (px - BODY) ** 2 + (py - (top + BODY / 2)) ** 2 <= KNOB ** 2;
      mask[py * PIECE_SIZE + px] = inBody || inTopKnob || inRightKnob ? 1 : 0;
    }
  }
  return mask;
}

/** Mask pixels whose four neighbours are inside too (the outline is drawn over the others). */
export function interiorOf(mask: Uint8Array): Uint8Array {
  const inner = new Uint8Array(mask.length);
  const at = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < PIECE_SIZE && y < PIECE_SIZE ? mask[y * PIECE_SIZE + x] : 0;
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      inner[y * PIECE_SIZE + x] = at(x, y) && at(x - 1, y) && at(x + 1, y) && at(x, y - 1) && at(x, y + 1) ? 1 : 0;
    }
  }
  return inner;
}

const rand = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);

function paintBackground(): Uint8Array {
  const rgb = new Uint8Array(PUZZLE_WIDTH * PUZZLE_HEIGHT * 3);
  const waves = [0, 1, 2].map(() =>
    Array.from({ length: 3 }, () => ({
      fx: rand(0.01, 0.05),
      fy: rand(0.01, 0.05),
      phase: rand(0, Math.PI * 2),
      amp: rand(25, 45),
    })),
  );
  const base = [rand(80, 170), rand(80, 170), rand(80, 170)];
  for (let y = 0; y < PUZZLE_HEIGHT; y++) {
    for (let x = 0; x < PUZZLE_WIDTH; x++) {
      for (let c = 0; c < 3; c++) {
        let v = base[c];
        for (const w of waves[c]) v += w.amp * Math.sin(x * w.fx + y * w.fy + w.phase);
        rgb[(y * PUZZLE_WIDTH + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(v)));
      }
    }
  }
  // A few soft discs and bars give the eye (and the gap's edges) something to hold on to.
  for (let i = 0; i < 7; i++) {
    const cx = rand(0, PUZZLE_WIDTH);
    const cy = rand(0, PUZZLE_HEIGHT);
    const r = rand(12, 40);
    const colour = [rand(0, 255), rand(0, 255), rand(0, 255)];
    const round = i % 2 === 0;
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(PUZZLE_HEIGHT, cy + r); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(PUZZLE_WIDTH, cx + r); x++) {
        if (round && (x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
        for (let c = 0; c < 3; c++) {
          const o = (y * PUZZLE_WIDTH + x) * 3 + c;
          rgb[o] = Math.round(rgb[o] * 0.4 + colour[c] * 0.6);
        }
      }
    }
  }
  return rgb;
}

/** A random place for the gap. It never starts where the piece rests (x = 0), so it always has to be moved. */
export function placeGap(): { x: number; y: number } {
  return {
    x: randomInt(PIECE_SIZE + 20, PUZZLE_WIDTH - PIECE_SIZE - 4),
    y: randomInt(4, PUZZLE_HEIGHT - PIECE_SIZE - 4),
  };
}

/** The pictures of a puzzle whose gap is at `x` (the answer), `y`. */
export function renderPuzzle({ x, y } = placeGap()) {
  const rgb = paintBackground();
  const mask = pieceMask();
  const inner = interiorOf(mask);

  const piece = new PNG({ width: PIECE_SIZE, height: PIECE_SIZE });
  const background = new PNG({ width: PUZZLE_WIDTH, height: PUZZLE_HEIGHT, colorType: 2 });
  for (let py = 0; py < PIECE_SIZE; py++) {
    for (let px = 0; px < PIECE_SIZE; px++) {
      const m = py * PIECE_SIZE + px;
      if (!mask[m]) continue;
      const src = ((y + py) * PUZZLE_WIDTH + (x + px)) * 3;
      const out = m * 4;
      for (let c = 0; c < 3; c++) {
        const value = rgb[src + c];
        piece.data[out + c] = inner[m] ? value : 255;
        rgb[src + c] = inner[m] ? Math.round(value * GAP_SHADE) : Math.round(value * 0.5 + 127);
      }
      piece.data[out + 3] = 255;
    }
  }
  for (let i = 0, o = 0; i < rgb.length; i += 3, o += 4) {
    background.data[o] = rgb[i];
    background.data[o + 1] = rgb[i + 1];
    background.data[o + 2] = rgb[i + 2];
    background.data[o + 3] = 255;
  }
  return {
    x,
    y,
    background: PNG.sync.write(background, { colorType: 2 }),
    piece: PNG.sync.write(piece, { colorType: 6 }),
  };
}

export const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
