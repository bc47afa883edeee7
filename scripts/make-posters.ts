/**
 * Draws the poster of the tutorial videos of the download layers (client, plug-in), per brand and
 * language, into public/brand/<id>/posters/<video>.<locale>.svg. The player draws its round play control in the
 * middle of the poster, so the brand name and the caption keep to the corners and edges: `PLAY_CONTROL_BOX`
 * is the middle area no text may enter (make-posters.test.ts measures every line of text against it).
 * Run `npm run media:posters` after changing a brand's name, colour or a caption; the test fails until then.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrandId, brands, POSTER_VIDEOS, type PosterVideo } from '../shared/brand';
import type { Locale } from '../shared/locale';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const postersDir = (brandId: BrandId) => join(root, 'public/brand', brandId, 'posters');

/** Poster sizes: the videos' own frame sizes (scripts/make-media.sh). */
export const POSTER_SIZE: Record<PosterVideo, { width: number; height: number }> = {
  'client-tutorial': { width: 840, height: 472 },
  'plugin-tutorial': { width: 1200, height: 676 },
};

/** Half the side of the square around the centre kept free for the 72 px play control, at the poster's scale. */
export function playControlBox(video: PosterVideo) {
  const { width, height } = POSTER_SIZE[video];
  const half = Math.round(height * 0.2);
  return { left: width / 2 - half, right: width / 2 + half, top: height / 2 - half, bottom: height / 2 + half };
}

const CAPTIONS: Record<PosterVideo, Record<Locale, (name: string) => [string, string]>> = {
  'client-tutorial': {
    zh: () => ['Windows 客户端安装教程', '下载 · 安装 · 登录，三步开始'],
    en: () => ['Installing the Windows client', 'Download, install and log in: three steps'],
  },
  'plugin-tutorial': {
    zh: () => ['浏览器插件安装教程', '解压 · 开启开发者模式 · 加载插件'],
    en: () => ['Installing the browser plug-in', 'Unzip, turn on developer mode, load the plug-in'],
  },
};

export const SOFT: Record<BrandId, string> = { starreach: '#fff0f3', creatorbox: '#eef3ff' };
const INK = '#1b1f3b';
const FONT = "'PingFang SC', 'Noto Sans CJK SC', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif";

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The inner drawing of the brand's mark (public/brand/<id>/mark.svg, 64×64), to place inside the poster. */
export function markDrawing(brandId: BrandId): string {
  const svg = readFileSync(join(root, 'public', brands[brandId].mark), 'utf8');
  return svg
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .trim();
}

export interface PosterText {
  text: string;
  x: number;
  /** Baseline. */
  y: number;
  size: number;
}

/** Every line of text a poster carries, with its position (the test measures these). */
export function posterTexts(brandId: BrandId, video: PosterVideo, locale: Locale): PosterText[] {
  const { width, height } = POSTER_SIZE[video];
  const unit = height / 540;
  const margin = Math.round(48 * unit);
  const name = brands[brandId].name[locale];
  const [title, subtitle] = CAPTIONS[video][locale](name);
  return [
    { text: name, x: margin + Math.round(76 * unit), y: margin + Math.round(44 * unit), size: Math.round(34 * unit) },
    { text: title, x: margin, y: height - margin - Math.round(46 * unit), size: Math.round(40 * unit) },
    { text: subtitle, x: margin, y: height - margin, size: Math.round(24 * unit) },
  ].map((line) => ({ ...line, x: Math.min(line.x, width) }));
}

export function posterSvg(brandId: BrandId, video: PosterVideo, locale: Locale): string {
  const brand = brands[brandId];
  const { width, height } = POSTER_SIZE[video];
  const unit = height / 540;
  const margin = Math.round(48 * unit);
  const [nameLine, titleLine, subtitleLine] = posterTexts(brandId, video, locale);
  const text = (line: PosterText, weight: number, fill: string) =>
    `<text x="${line.x}" y="${line.y}" font-size="${line.size}" font-weight="${weight}" fill="${fill}">${escapeXml(line.text)}</text>`;
  // Creator cards down the right edge: the product's subject, clear of the centre and of the caption.
  const cardWidth = Math.round(190 * unit);
  const cardHeight = Math.round(64 * unit);
  const cardX = width - margin - cardWidth;
  const cards = [0, 1, 2]
    .map((i) => {
      const y = margin + i * Math.round(84 * unit);
      const r = Math.round(20 * unit);
      return [
        `<rect x="${cardX}" y="${y}" width="${cardWidth}" height="${cardHeight}" rx="${Math.round(12 * unit)}" fill="#fff" opacity="0.92"/>`,
        `<circle cx="${cardX + Math.round(34 * unit)}" cy="${y + cardHeight / 2}" r="${r}" fill="${i === 0 ? brand.accent : '#c9cfe0'}"/>`,
        `<rect x="${cardX + Math.round(64 * unit)}" y="${y + Math.round(18 * unit)}" width="${Math.round(100 * unit)}" height="${Math.round(10 * unit)}" rx="${Math.round(5 * unit)}" fill="${INK}" opacity="0.7"/>`,
        `<rect x="${cardX + Math.round(64 * unit)}" y="${y + Math.round(36 * unit)}" width="${Math.round(64 * unit)}" height="${Math.round(8 * unit)}" rx="${Math.round(4 * unit)}" fill="#c9cfe0"/>`,
      ].join('');
    })
    .join('\n');
  const markScale = (64 * unit) / 64;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">
<title>${escapeXml(titleLine.text)}</title>
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${SOFT[brandId]}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<circle cx="${width - margin}" cy="${height - margin}" r="${Math.round(220 * unit)}" fill="${brand.accent}" opacity="0.08"/>
<g transform="translate(${margin} ${margin}) scale(${markScale.toFixed(4)})">${markDrawing(brandId)}</g>
${text(nameLine, 700, INK)}
${cards}
<rect x="0" y="${titleLine.y - titleLine.size - Math.round(24 * unit)}" width="${width}" height="${height - (titleLine.y - titleLine.size - Math.round(24 * unit))}" fill="#ffffff" opacity="0.72"/>
<rect x="${margin}" y="${titleLine.y - titleLine.size - Math.round(10 * unit)}" width="${Math.round(44 * unit)}" height="${Math.round(5 * unit)}" rx="${Math.round(2.5 * unit)}" fill="${brand.accent}"/>
${text(titleLine, 700, INK)}
${text(subtitleLine, 400, '#5c6270')}
</svg>
`;
}

function main() {
  for (const brandId of Object.keys(brands) as BrandId[]) {
    mkdirSync(postersDir(brandId), { recursive: true });
    for (const video of POSTER_VIDEOS) {
      for (const locale of ['zh', 'en'] as const) {
        writeFileSync(join(postersDir(brandId), `${video}.${locale}.svg`), posterSvg(brandId, video, locale));
      }
    }
  }
  console.log(`posters written to public/brand/*/posters/`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
