/**
 * `npm run media:workbench`: the pictures of the product, made from code. Opens the workbench page of
 * scripts/media/workbench-page.ts in headless Chromium, per brand and language, and writes
 * - public/brand/<id>/workbench/hero.<locale>.960.webp: the hero's poster (a bright overview of the creator list);
 * - public/brand/<id>/workbench/<feature>.<locale>.<560|1120>.webp: one view per feature tab of the home page;
 * - public/media/<id>-tour.<locale>.mp4: a few seconds of the workbench in use (selecting creators, sending the
 *   invitation, an AI reply), frames captured from the same page and encoded by Debian's ffmpeg
 *   (`apt-get install -y ffmpeg`; the script says so when it is missing and still writes the pictures).
 * WebP comes from Chromium's own encoder (a canvas), so no image tool beyond the browser is needed. The outputs
 * are committed; run this after changing the page or a brand's name or colour.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/browser';
import { type BrandId, brands, FEATURE_IDS, introVideo, WORKBENCH_PICTURES, workbenchPicture } from '../shared/brand';
import { LOCALES, type Locale } from '../shared/locale';
import { ensureBrowser } from './ensure-browser';
import { type WorkbenchView, workbenchHtml } from './media/workbench-page';

const root = join(import.meta.dirname, '..');
const publicPath = (path: string) => join(root, 'public', path);
/** The page is laid out for this width; pictures of other widths scale it (device pixel ratio). */
const PAGE_WIDTH = 1120;
const WEBP_QUALITY = 0.8;
const VIDEO_FPS = 12;

async function webp(page: Page, png: Buffer, quality: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ source, q }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')?.drawImage(image, 0, 0);
      return canvas.toDataURL('image/webp', q);
    },
    { source: `data:image/png;base64,${png.toString('base64')}`, q: quality },
  );
  if (!dataUrl.startsWith('data:image/webp')) throw new Error('This Chromium cannot encode WebP');
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

async function shoot(browser: Browser, html: string, width: number, height: number): Promise<Page> {
  const scale = width / PAGE_WIDTH;
  const context = await browser.newContext({
    viewport: { width: PAGE_WIDTH, height: Math.round(height / scale) },
    deviceScaleFactor: scale,
  });
  const page = await context.newPage();
  await page.setContent(html, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  return page;
}

async function picture(browser: Browser, encoder: Page, brandId: BrandId, view: WorkbenchView, locale: Locale) {
  const kind = view === 'hero' ? WORKBENCH_PICTURES.hero : WORKBENCH_PICTURES.feature;
  for (const width of kind.widths) {
    const height = Math.round((width * kind.height) / kind.width);
    const page = await shoot(browser, workbenchHtml(brandId, view, locale), width, height);
    const png = await page.screenshot({ type: 'png' });
    await page.context().close();
    const file = publicPath(workbenchPicture(brandId, view, locale, width));
    writeFileSync(file, await webp(encoder, png, WEBP_QUALITY));
  }
}

/** One scene of the tour: a view and what changes in it over its seconds (run in the page at each frame). */
interface Scene {
  view: WorkbenchView;
  seconds: number;
  /** Sets the page to time `t` (seconds into the scene); runs in the browser. */
  step: (t: number) => void;
}

const SCENES: Scene[] = [
  {
    view: 'database',
    seconds: 3,
    step: (t) => {
      const rows = Array.from(document.querySelectorAll('tbody tr'));
      const picked = Math.min(rows.length, Math.floor(t * 1.6));
      rows.forEach((row, index) => {
        row.classList.toggle('sel', index < picked);
        row.querySelector('.box')?.classList.toggle('on', index < picked);
      });
      const target = rows[Math.min(picked, rows.length - 1)]?.getBoundingClientRect();
      const cursor = document.getElementById('cursor');
      if (cursor && target) {
        cursor.style.transition = 'none';
        cursor.style.left = `${target.left + 18}px`;
        cursor.style.top = `${target.top + target.height / 2}px`;
      }
    },
  },
  {
    view: 'invite',
    seconds: 3,
    step: (t) => {
      const share = Math.min(1, t / 2.6);
      const bar = document.querySelector<HTMLElement>('.send .bar i');
      if (bar) bar.style.width = `${Math.round(8 + 92 * share)}%`;
      const line = document.querySelector('.send .row span');
      if (line) line.textContent = line.textContent?.replace(/\d+(?= ?\/| of)/, String(Math.round(128 * share))) ?? '';
      const cursor = document.getElementById('cursor');
      const button = document.querySelector('.send .btn.wide')?.getBoundingClientRect();
      if (cursor && button) {
        cursor.style.transition = 'none';
        cursor.style.left = `${button.left + button.width / 2 - 60 * (1 - share)}px`;
        cursor.style.top = `${button.top + 10 + 40 * (1 - share)}px`;
      }
    },
  },
  {
    view: 'ai-reply',
    seconds: 3,
    step: (t) => {
      const draft = document.querySelector<HTMLElement>('.ai p');
      if (!draft) return;
      draft.dataset.full ??= draft.textContent ?? '';
      const full = draft.dataset.full;
      draft.textContent = full.slice(0, Math.round(full.length * Math.min(1, t / 2.2)));
    },
  },
];

async function tour(browser: Browser, brandId: BrandId, locale: Locale): Promise<string | null> {
  const { width, height } = WORKBENCH_PICTURES.hero;
  const frames = mkdtempSync(join(tmpdir(), 'workbench-tour-'));
  try {
    let frame = 0;
    for (const scene of SCENES) {
      const page = await shoot(browser, workbenchHtml(brandId, scene.view, locale), width, height);
      for (let i = 0; i < scene.seconds * VIDEO_FPS; i++) {
        await page.evaluate(scene.step, i / VIDEO_FPS);
        const jpeg = await page.screenshot({ type: 'jpeg', quality: 92 });
        writeFileSync(join(frames, `f${String(frame++).padStart(4, '0')}.jpg`), jpeg);
      }
      await page.context().close();
    }
    const out = publicPath(introVideo(brandId, locale));
    // H.264 main profile, yuv420p, moov atom up front, no audio: plays everywhere, streams at once.
    execFileSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-framerate', String(VIDEO_FPS)],
        ...['-i', join(frames, 'f%04d.jpg'), '-c:v', 'libx264', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
        ...['-preset', 'slow', '-tune', 'animation', '-crf', '30', '-movflags', '+faststart', '-an', out],
      ],
      { stdio: 'inherit' },
    );
    return out;
  } finally {
    rmSync(frames, { recursive: true, force: true });
  }
}

async function main() {
  const browser = await chromium.launch({ executablePath: ensureBrowser(), args: CHROMIUM_ARGS });
  const encoder = await (await browser.newContext()).newPage();
  const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
  try {
    for (const brandId of Object.keys(brands) as BrandId[]) {
      mkdirSync(publicPath(`brand/${brandId}/workbench`), { recursive: true });
      for (const locale of LOCALES) {
        for (const view of ['hero', ...FEATURE_IDS] as const) await picture(browser, encoder, brandId, view, locale);
        if (hasFfmpeg) {
          const video = await tour(browser, brandId, locale);
          if (video) console.log(`${video}: ${Math.round(statSync(video).size / 1024)} kB`);
        }
        console.log(`${brandId} ${locale}: workbench pictures written`);
      }
    }
    if (!hasFfmpeg) console.warn('ffmpeg is missing (apt-get install -y ffmpeg): the tour videos were not made.');
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === import.meta.filename) await main();
