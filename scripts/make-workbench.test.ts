import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../server/http/html';
import { type BrandId, brands, FEATURE_IDS, introVideo, WORKBENCH_PICTURES, workbenchPicture } from '../shared/brand';
import { LOCALES } from '../shared/locale';
import { CREATORS, workbenchHtml } from './media/workbench-page';

const root = join(import.meta.dirname, '..');
const BRAND_IDS = Object.keys(brands) as BrandId[];
const VIEWS = ['hero', ...FEATURE_IDS] as const;
const CJK = /[\u3400-\u9fff]/;

/** Width and height of a WebP file (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(file: Buffer): { width: number; height: number } {
  expect(file.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(file.subarray(8, 12).toString('latin1')).toBe('WEBP');
  const chunk = file.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X') return { width: file.readUIntLE(24, 3) + 1, height: file.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    const bits = file.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
}

describe('the workbench page behind the product pictures', () => {
  it('speaks the page language: no Chinese on an English picture, the Chinese title on a Chinese one', () => {
    for (const brandId of BRAND_IDS)
      for (const view of VIEWS) {
        const en = workbenchHtml(brandId, view, 'en');
        expect(en.replace(/<style>[\s\S]*<\/style>/, '')).not.toMatch(CJK);
        expect(en).toContain(brands[brandId].name.en);
        const zh = workbenchHtml(brandId, view, 'zh');
        expect(zh).toContain(brands[brandId].name.zh);
        expect(zh).toMatch(/<h1>[^<]*[\u3400-\u9fff][^<]*<\/h1>/);
      }
  });

  it("draws each brand in its own accent colour, never the other brand's", () => {
    const html = workbenchHtml('creatorbox', 'database', 'zh');
    expect(html).toContain(brands.creatorbox.accent);
    expect(html).not.toContain(brands.starreach.accent);
  });

  it('shows plausible creators: names, followers, GMV and categories in both languages', () => {
    const html = workbenchHtml('starreach', 'database', 'en');
    for (const creator of CREATORS.slice(0, 5)) {
      expect(html).toContain(creator.name);
      expect(html).toContain(`$${creator.gmv.toLocaleString('en-US')}`);
      expect(html).toContain(escapeHtml(creator.category.en));
    }
    expect(workbenchHtml('starreach', 'database', 'zh')).toContain('28.6万');
  });
});

describe('the committed pictures and tours', () => {
  it('has every picture as WebP in its listed widths, and a tour video per brand and language', () => {
    for (const brandId of BRAND_IDS)
      for (const locale of LOCALES) {
        for (const view of VIEWS) {
          const kind = view === 'hero' ? WORKBENCH_PICTURES.hero : WORKBENCH_PICTURES.feature;
          for (const width of kind.widths) {
            const file = readFileSync(join(root, 'public', workbenchPicture(brandId, view, locale, width)));
            expect(webpSize(file)).toEqual({ width, height: Math.round((width * kind.height) / kind.width) });
            // The hero's poster is part of the first paint: it stays small.
            if (view === 'hero') expect(file.length).toBeLessThan(60_000);
          }
        }
        const video = readFileSync(join(root, 'public', introVideo(brandId, locale)));
        expect(video.subarray(4, 8).toString('latin1')).toBe('ftyp');
        expect(video.length).toBeLessThan(400_000);
      }
  });
});
