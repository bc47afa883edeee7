/**
 * Draws each brand's share image (the Open Graph / Twitter card picture, 1200×630) and renders it to
 * public/brand/<id>/share.png with the project's Chromium: the mark, the name and the slogan in both languages on
 * the brand's soft gradient, in the brand's accent. Run `npm run media:share` after changing a brand's name,
 * slogan or colour.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/browser';
import { escapeHtml } from '../server/http/html';
import { type BrandId, brands, SHARE_IMAGE, shareImagePath } from '../shared/brand';
import { ensureBrowser } from './ensure-browser';
import { markDrawing, SOFT } from './make-posters';

const root = join(import.meta.dirname, '..');
const FONT = "'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif";

export function shareSvg(brandId: BrandId): string {
  const brand = brands[brandId];
  const { width, height } = SHARE_IMAGE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${SOFT[brandId]}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<circle cx="${width - 120}" cy="${height - 60}" r="300" fill="${brand.accent}" opacity="0.08"/>
<g transform="translate(96 120) scale(2)">${markDrawing(brandId)}</g>
<text x="256" y="210" font-size="84" font-weight="700" fill="#1b1f3b">${escapeHtml(brand.name.zh)}</text>
<text x="258" y="270" font-size="40" font-weight="600" fill="${brand.accent}">${escapeHtml(brand.name.en)}</text>
<rect x="96" y="340" width="88" height="8" rx="4" fill="${brand.accent}"/>
<text x="96" y="420" font-size="44" font-weight="600" fill="#1b1f3b">${escapeHtml(brand.slogan.zh)}</text>
<text x="96" y="480" font-size="32" fill="#5c6270">${escapeHtml(brand.slogan.en)}</text>
</svg>`;
}

async function main() {
  const browser = await chromium.launch({ executablePath: ensureBrowser(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: SHARE_IMAGE });
    for (const brandId of Object.keys(brands) as BrandId[]) {
      await page.setContent(`<body style="margin:0">${shareSvg(brandId)}</body>`);
      const file = join(root, 'public', shareImagePath(brandId));
      writeFileSync(file, await page.screenshot({ clip: { x: 0, y: 0, ...SHARE_IMAGE } }));
      console.log(`${brandId}: ${file}`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === import.meta.filename) await main();
