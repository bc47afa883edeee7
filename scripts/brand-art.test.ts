import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrandId, brands } from '../shared/brand';
import { ACCENT_FAMILY, ART_SOURCE_DIR, artOutputDir, artSources, brandArt } from './brand-art';

const brandIds = Object.keys(brands) as BrandId[];
const colours = (svg: string) => new Set((svg.match(/#[0-9a-fA-F]{6}\b/g) ?? []).map((c) => c.toLowerCase()));

describe('brand illustrations', () => {
  it.each(brandIds)('%s: the committed copies are what `npm run media:art` writes', (brandId) => {
    for (const name of artSources()) {
      const source = readFileSync(join(ART_SOURCE_DIR, name), 'utf8');
      expect(readFileSync(join(artOutputDir(brandId), name), 'utf8'), name).toBe(brandArt(source, brandId));
    }
  });

  it.each(brandIds)("%s: no illustration carries the other brand's accent colours", (brandId) => {
    const other = brandIds.find((id) => id !== brandId) as BrandId;
    const foreign = new Set([...ACCENT_FAMILY[other], brands[other].accent.toLowerCase()]);
    for (const name of artSources()) {
      const used = colours(readFileSync(join(artOutputDir(brandId), name), 'utf8'));
      expect(
        [...used].filter((colour) => foreign.has(colour)),
        `${brandId}/${name}`,
      ).toEqual([]);
    }
  });

  it.each(brandIds)("%s: the brand's own accent is in its illustrations", (brandId) => {
    const accent = brands[brandId].accent.toLowerCase();
    expect(
      artSources().filter((name) => colours(readFileSync(join(artOutputDir(brandId), name), 'utf8')).has(accent)),
    ).toHaveLength(artSources().length);
  });
});
