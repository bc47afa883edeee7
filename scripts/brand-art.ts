/**
 * Writes each brand's copy of the site's illustrations (scripts/media/art/*.svg) into public/brand/<id>/art/.
 * The drawings are shared; their accent colours are not. The sources are drawn in brand 1's red accent family
 * and use a blue family for secondary marks; each brand's copy keeps its own accent family and never carries the
 * other brand's, whose marks become violet (a colour of neither brand). A test (brand-art.test.ts) fails when a
 * committed copy differs from what this script writes, so run `npm run media:art` after editing a source.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrandId, brands } from '../shared/brand';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ART_SOURCE_DIR = join(root, 'scripts/media/art');
export const artOutputDir = (brandId: BrandId) => join(root, 'public/brand', brandId, 'art');

/** Brand 1's red accent family as drawn in the sources, with brand 2's blue equivalent of each shade. */
const RED_TO_BLUE: Record<string, string> = {
  '#ff3b5c': '#2f6bff',
  '#ff6b83': '#5b8cff',
  '#ff7aa0': '#7aa2ff',
  '#ffd0d8': '#cfdcff',
  '#ffe1e6': '#e1eaff',
  '#ffe3e8': '#e3ebff',
  '#fff6f7': '#f5f8ff',
};

/** The sources' blue marks (brand 2's family) and the violet that replaces them in every brand's copy. */
const BLUE_TO_VIOLET: Record<string, string> = {
  '#2f6bff': '#8b5cf6',
  '#5b8cff': '#a78bfa',
  '#e1eaff': '#ece3ff',
  '#eef3ff': '#f3eeff',
};

/** The colour families a brand's pages must show and must never show (brand-isolation tests use them). */
export const ACCENT_FAMILY: Record<BrandId, string[]> = {
  starreach: Object.keys(RED_TO_BLUE),
  creatorbox: Object.values(RED_TO_BLUE),
};

const COLOUR_MAPS: Record<BrandId, Record<string, string>> = {
  starreach: BLUE_TO_VIOLET,
  creatorbox: { ...BLUE_TO_VIOLET, ...RED_TO_BLUE },
};

/** One brand's copy of an SVG source: every colour replaced at once (a replaced colour is never replaced again). */
export function brandArt(svg: string, brandId: BrandId): string {
  const map = COLOUR_MAPS[brandId];
  return svg.replace(/#[0-9a-fA-F]{6}\b/g, (colour) => map[colour.toLowerCase()] ?? colour);
}

export function artSources(): string[] {
  return readdirSync(ART_SOURCE_DIR)
    .filter((name) => name.endsWith('.svg'))
    .sort();
}

function main() {
  for (const brandId of Object.keys(brands) as BrandId[]) {
    const out = artOutputDir(brandId);
    mkdirSync(out, { recursive: true });
    for (const name of artSources()) {
      writeFileSync(join(out, name), brandArt(readFileSync(join(ART_SOURCE_DIR, name), 'utf8'), brandId));
    }
    console.log(`${brandId}: ${artSources().length} illustrations in ${out}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
