import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrandId, brands, POSTER_VIDEOS } from '../shared/brand';
import { playControlBox, posterSvg, postersDir, posterTexts } from './make-posters';

const brandIds = Object.keys(brands) as BrandId[];
const locales = ['zh', 'en'] as const;
const cases = brandIds.flatMap((brandId) =>
  POSTER_VIDEOS.flatMap((video) => locales.map((locale) => [brandId, video, locale] as const)),
);

/** Approximate width of a line: CJK characters are one em wide, Latin ones at most 0.62 em in a bold sans. */
const lineWidth = (text: string, size: number) =>
  [...text].reduce((sum, char) => sum + (/[\u2e80-\u9fff\uff00-\uffef]/.test(char) ? size : size * 0.62), 0);

describe('video posters', () => {
  it.each(cases)('%s %s %s: the committed poster is what `npm run media:posters` draws', (brandId, video, locale) => {
    const file = readFileSync(join(postersDir(brandId), `${video}.${locale}.svg`), 'utf8');
    expect(file).toBe(posterSvg(brandId, video, locale));
  });

  it.each(cases)('%s %s %s: no text lies under the play control', (brandId, video, locale) => {
    const box = playControlBox(video);
    for (const line of posterTexts(brandId, video, locale)) {
      const top = line.y - line.size;
      const bottom = line.y + line.size * 0.25;
      const right = line.x + lineWidth(line.text, line.size);
      const overlaps = line.x < box.right && right > box.left && top < box.bottom && bottom > box.top;
      expect(overlaps, `"${line.text}"`).toBe(false);
    }
  });

  it.each(cases)("%s %s %s: shows the brand's name and a caption in the page's language", (brandId, video, locale) => {
    const svg = posterSvg(brandId, video, locale);
    const other = brandIds.find((id) => id !== brandId) as BrandId;
    expect(svg).toContain(`>${brands[brandId].name[locale]}<`);
    expect(svg).not.toContain(brands[other].name[locale]);
    expect(svg).not.toContain(brands[other].accent);
    const [, title, subtitle] = posterTexts(brandId, video, locale);
    const hasHan = /[\u4e00-\u9fff]/;
    if (locale === 'en') {
      expect(title.text).not.toMatch(hasHan);
      expect(subtitle.text).not.toMatch(hasHan);
    } else {
      expect(title.text).toMatch(hasHan);
    }
  });
});
