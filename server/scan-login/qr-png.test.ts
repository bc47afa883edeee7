// @vitest-environment node
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPngDataUrl } from './qr-png';

const TEXTS = [
  'http://localhost:3030/wx-sim?scene=LAbCdEfGhIjKlMnOpQrStUv&lang=zh',
  'https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=gQH47joAAAAAAAAAASxodHRwOi8vd2VpeGluLnFxLmNvbS9xL2taZ2Z3TVRtNzJXV1Brb3ZhYmJJAAIEZ23sUwMEmm3sUw==',
  'x',
];
const PREFIX = 'data:image/png;base64,';
const decode = (url: string) => PNG.sync.read(Buffer.from(url.slice(PREFIX.length), 'base64'));

describe('the login QR code PNG', () => {
  it('is a 240 px grayscale data URL that decodes back to its text', async () => {
    for (const text of TEXTS) {
      const url = await qrPngDataUrl(text, { margin: 2, width: 240 });
      expect(url.startsWith(PREFIX)).toBe(true);
      const png = decode(url);
      expect([png.width, png.height]).toEqual([240, 240]);
      // Color type 0: grayscale, no alpha (the renderer's default would be 6, RGBA).
      expect(Buffer.from(url.slice(PREFIX.length), 'base64')[25]).toBe(0);
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(text);
    }
  });

  it('has the pixels of the renderer’s default RGBA image', async () => {
    const options = { errorCorrectionLevel: 'M', margin: 2, width: 240 } as const;
    const gray = decode(await qrPngDataUrl(TEXTS[0], options));
    const rgba = decode(await QRCode.toDataURL(TEXTS[0], options));
    expect(Buffer.compare(gray.data, rgba.data)).toBe(0);
  });
});
