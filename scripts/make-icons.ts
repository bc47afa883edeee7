/**
 * Each brand's icons, drawn from its mark (public/brand/<id>/mark.svg) with the project's Chromium: favicon.ico
 * (16, 32 and 48 px PNGs in one ICO), apple-touch-icon.png (180 px on white, as iOS shows it) and the web
 * manifest's 192 and 512 px icons, into public/brand/<id>/icons/. Run `npm run media:icons` after changing a mark.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/browser';
import { type BrandId, brands } from '../shared/brand';
import { ensureBrowser } from './ensure-browser';

const root = join(import.meta.dirname, '..');

/** An ICO file holding PNG images (supported by every browser since 2007), smallest first. */
export function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

async function render(page: Page, svg: string, size: number, background: string | null, padding = 0): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size });
  const inner = size - 2 * padding;
  await page.setContent(
    `<body style="margin:0;background:${background ?? 'transparent'}"><div style="width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center">${svg.replace('<svg ', `<svg style="width:${inner}px;height:${inner}px" `)}</div></body>`,
  );
  return page.screenshot({ omitBackground: background === null, clip: { x: 0, y: 0, width: size, height: size } });
}

async function main() {
  const browser = await chromium.launch({ executablePath: ensureBrowser(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    for (const brandId of Object.keys(brands) as BrandId[]) {
      const svg = readFileSync(join(root, 'public', brands[brandId].mark), 'utf8');
      const out = join(root, 'public/brand', brandId, 'icons');
      mkdirSync(out, { recursive: true });
      const small = [];
      for (const size of [16, 32, 48]) small.push({ size, png: await render(page, svg, size, null) });
      writeFileSync(join(out, 'favicon.ico'), icoFromPngs(small));
      writeFileSync(join(out, 'apple-touch-icon.png'), await render(page, svg, 180, '#ffffff', 20));
      for (const size of [192, 512])
        writeFileSync(join(out, `icon-${size}.png`), await render(page, svg, size, '#ffffff', size / 8));
      console.log(`${brandId}: icons in ${out}`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === import.meta.filename) await main();
