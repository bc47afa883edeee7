/**
 * Finds the gap of a built-in slider puzzle from its two pictures, as a program would: for every x along the
 * piece's row it compares the darkened gap with the piece and keeps the best match. The tests use it to show the
 * picture really has its gap where the server expects it, and the browser tests use it to pass the captcha of a
 * production build without a back door. (Any slider captcha can be solved this way; what it adds is a round
 * trip per SMS and the limits behind it, see docs/api.md.)
 */
import { PNG } from 'pngjs';
import { GAP_SHADE, interiorOf, PIECE_SIZE, pieceMask } from '../providers/captcha/slider';

function decode(image: string | Buffer): PNG {
  const bytes =
    typeof image === 'string' ? Buffer.from(image.replace(/^data:image\/png;base64,/, ''), 'base64') : image;
  return PNG.sync.read(bytes);
}

/** The gap's x for a puzzle's `image` and `piece` (data URLs or PNG bytes) and its `pieceY`. */
export function solvePuzzle(image: string | Buffer, piece: string | Buffer, pieceY: number): number {
  const background = decode(image);
  const cut = decode(piece);
  const inner = interiorOf(pieceMask());
  let best = { x: 0, error: Number.POSITIVE_INFINITY };
  for (let x = 0; x + PIECE_SIZE <= background.width; x++) {
    let error = 0;
    for (let py = 0; py < PIECE_SIZE && error < best.error; py++) {
      for (let px = 0; px < PIECE_SIZE; px++) {
        if (!inner[py * PIECE_SIZE + px]) continue;
        const b = ((pieceY + py) * background.width + x + px) * 4;
        const p = (py * PIECE_SIZE + px) * 4;
        for (let c = 0; c < 3; c++) error += Math.abs(background.data[b + c] - cut.data[p + c] * GAP_SHADE);
      }
    }
    if (error < best.error) best = { x, error };
  }
  return best.x;
}
