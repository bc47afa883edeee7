/**
 * The login QR code as a PNG data URL, drawn here rather than by the `qrcode` package's PNG renderer: the same
 * matrix (`QRCode.create`) and the same pixels (its scaling and margin, black on white), but written as a 1-bit
 * grayscale PNG (30 bytes a row instead of 960 of RGBA) in one synchronous deflate. Creating a QR code is the most
 * expensive call a visitor makes without logging in (a login page opens one), and the renderer's RGBA PNG stream
 * held the event loop many times longer than this does (measured in docs/decisions/025-serving-speed-and-hot-api-calls.md).
 */
import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

export interface QrPngOptions {
  /** Quiet zone, in modules. */
  margin: number;
  /** Image width and height in pixels (at least the matrix and its margin; modules scale to fill it). */
  width: number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The PNG bytes of `text`'s QR code (error correction M). */
export function qrPng(text: string, { margin, width }: QrPngOptions): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  // The qrcode renderer's geometry: a fractional scale that fills `width`, pixels mapped back to modules.
  const scale = width >= size + margin * 2 ? width / (size + margin * 2) : 4;
  const pixels = Math.floor((size + margin * 2) * scale);
  const scaledMargin = margin * scale;
  const rowBytes = Math.ceil(pixels / 8);
  // Filter byte 0 (none) then the row's bits; 1 is white in 1-bit grayscale, so start all white.
  const raw = Buffer.alloc((rowBytes + 1) * pixels, 0xff);
  const moduleOf = new Int32Array(pixels);
  for (let p = 0; p < pixels; p++)
    moduleOf[p] = p >= scaledMargin && p < pixels - scaledMargin ? Math.floor((p - scaledMargin) / scale) : -1;
  for (let y = 0; y < pixels; y++) {
    const row = y * (rowBytes + 1);
    raw[row] = 0;
    const my = moduleOf[y];
    if (my < 0) continue;
    for (let x = 0; x < pixels; x++) {
      const mx = moduleOf[x];
      if (mx >= 0 && data[my * size + mx]) raw[row + 1 + (x >> 3)] &= ~(0x80 >> (x & 7));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pixels, 0);
  header.writeUInt32BE(pixels, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale
  // compression, filter, interlace: 0
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function qrPngDataUrl(text: string, options: QrPngOptions): string {
  return `data:image/png;base64,${qrPng(text, options).toString('base64')}`;
}
