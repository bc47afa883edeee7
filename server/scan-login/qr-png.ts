/**
 * The login QR code as a PNG data URL, by `qrcode`'s own renderer in 8-bit grayscale: a third of RGBA's bytes,
 * deflated in zlib's thread pool (docs/decisions/025-serving-speed-and-hot-api-calls.md).
 */
import QRCode from 'qrcode';

// The renderer passes these to pngjs: its default deflate level, and pngjs's colour type 0 (grayscale), which the
// typings do not list.
const GRAYSCALE = { deflateLevel: 9, colorType: 0 };

/** The PNG data URL of `text`'s QR code (error correction M; margin in modules, width in pixels). */
export async function qrPngDataUrl(text: string, { margin, width }: { margin: number; width: number }) {
  const png = await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin, width, rendererOpts: GRAYSCALE });
  return `data:image/png;base64,${png.toString('base64')}`;
}
