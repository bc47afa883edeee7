// @vitest-environment node
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPng, qrPngDataUrl } from './qr-png';

const decode = (png: Buffer) => PNG.sync.read(png);
const TEXTS = [
  'http://localhost:3030/wx-sim?scene=LAbCdEfGhIjKlMnOpQrStUv&lang=zh',
  'https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=gQH47joAAAAAAAAAASxodHRwOi8vd2VpeGluLnFxLmNvbS9xL2taZ2Z3TVRtNzJXV1Brb3ZhYmJJAAIEZ23sUwMEmm3sUw==',
  'x',
];

describe('the login QR code PNG', () => {
  it('has exactly the pixels of the qrcode package’s renderer (black on white, same size and margin)', async () => {
    for (const text of TEXTS) {
      const ours = decode(qrPng(text, { margin: 2, width: 240 }));
      const theirs = decode(
        await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 2, width: 240, type: 'png' }),
      );
      expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
      expect(ours.width).toBe(240);
      // Both decode to RGBA: compare every pixel.
      expect(Buffer.compare(ours.data, theirs.data)).toBe(0);
    }
  });

  it('decodes back to its text as a data URL', () => {
    const url = qrPngDataUrl(TEXTS[0], { margin: 2, width: 240 });
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const png = decode(Buffer.from(url.slice('data:image/png;base64,'.length), 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(TEXTS[0]);
  });
});
