/**
 * The college's editor in the three engines, against the real server with the console's listener on (CONSOLE_PORT):
 * an operator with the `editor` role per engine is added through `npm run admin -- operator add`, and then, in each
 * engine: sign in to the console, start a draft, write its Chinese and English versions, insert a real PNG (made
 * with sharp) at the caret through the editor's picture upload, see it autosaved and drawn in the live preview, make
 * the signed preview link and open it on the portal (the draft with its picture, not indexed), publish it, find it
 * in the public search (/business-college?q=…) and in the feed (/business-college/feed.xml) without a restart,
 * unpublish it and see it gone from the search. Every page must be free of console errors and CSP violations.
 *
 * With E2E_SCREENS_DIR set, Chromium also saves the screenshots of the note there (the editor with both languages
 * and the preview, the portal's preview page, the published article with its picture).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { consolePage, fill, panelButton, sees, shows, until } from '../models/console-page';
import { ARTIFACTS_DIR } from '../support/artifacts';
import { addOperatorWhenReady, type Operator } from '../support/operators';
import { type PortalServer, startPortalServer, TEST_DIST } from '../support/portal-server';
import type { EnginePage } from './engine';
import { ENGINES, type EngineName } from './engine';
import { launchEngine, waitForHydration, waitUntil } from './journeys';

// Ports of this file's own server, beside the run's (E2E_PORT, +1) and the console journeys' (+5 … +7).
const BASE_PORT = Number(process.env.E2E_PORT ?? 5030);
const PORTAL_PORT = BASE_PORT + 10;
const CONSOLE_PORT = BASE_PORT + 12;
const CONSOLE_URL = `http://127.0.0.1:${CONSOLE_PORT}`;
const LOG = join(ARTIFACTS_DIR, `server-college-editor-${PORTAL_PORT}.log`);
const SCREENS = process.env.E2E_SCREENS_DIR ?? '';
/** How long a publish or an unpublish may take to show on the public pages (the issue: within a second). */
const PUBLIC_WITHIN_MS = 5000;

let server: PortalServer | undefined;
let dataDir = '';
let picture = '';
const operators = new Map<EngineName, Operator>();

// ---- in-page helpers (sent as text: they use nothing from outside) ----

/** Chooses a file in the file input labelled `label`, as a person picking it from disk would (a change event). */
function chooseFile(arg: { label: string; name: string; type: string; base64: string }): boolean {
  const label = Array.from(document.querySelectorAll('label')).find((l) => l.textContent?.trim() === arg.label);
  const input = label && (document.getElementById(label.htmlFor) as HTMLInputElement | null);
  if (!input || input.disabled) return false;
  const bytes = Uint8Array.from(atob(arg.base64), (c) => c.charCodeAt(0));
  const transfer = new DataTransfer();
  transfer.items.add(new File([bytes], arg.name, { type: arg.type }));
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}

/** The value of the field labelled `label`. */
function fieldValue(label: string): string | null {
  const element = Array.from(document.querySelectorAll('label')).find((l) => l.textContent?.trim() === label);
  const field = element && (document.getElementById(element.htmlFor) as HTMLInputElement | HTMLTextAreaElement | null);
  return field ? field.value : null;
}

/** Puts the caret at the end of the field labelled `label` (where the picture goes). */
function caretAtEnd(label: string): boolean {
  const element = Array.from(document.querySelectorAll('label')).find((l) => l.textContent?.trim() === label);
  const field = element && (document.getElementById(element.htmlFor) as HTMLTextAreaElement | null);
  if (!field) return false;
  field.focus();
  field.setSelectionRange(field.value.length, field.value.length);
  return true;
}

function previewLinkValue(): string {
  return (document.querySelector('[data-testid="preview-link"]') as HTMLInputElement | null)?.value ?? '';
}

/** The article's public page in Chinese, as the editor links it once published. */
function publicLinkValue(): string {
  return (
    Array.from(document.querySelectorAll<HTMLAnchorElement>('a[target="_blank"]')).find((a) =>
      /\/business-college\//.test(a.href),
    )?.href ?? ''
  );
}

function saveState(): string {
  return document.querySelector('[data-testid="save-status"]')?.getAttribute('data-state') ?? '';
}

/** The pictures of `css` that loaded (their natural size), as `src widthxheight`; brought into view (they load lazily). */
function loadedPictures(css: string): string[] {
  const pictures = Array.from(document.querySelectorAll<HTMLImageElement>(css));
  for (const img of pictures) if (!img.complete || img.naturalWidth === 0) img.scrollIntoView({ block: 'center' });
  return pictures
    .filter((img) => img.complete && img.naturalWidth > 0)
    .map((img) => `${img.getAttribute('src')} ${img.naturalWidth}x${img.naturalHeight}`);
}

function robotsMeta(): string {
  return document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? '';
}

/** Scrolls the window so that `css` is `above` pixels below the top (clear of a fixed header). */
function scrollTo(arg: { css: string; above: number }): boolean {
  const element = document.querySelector(arg.css);
  if (element) window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - arg.above);
  return !!element;
}

// ---- steps ----

/** A portal address (its public origin) on this run's portal. */
const onPortal = (base: string, link: string) => {
  const url = new URL(link, base);
  return `${base}${url.pathname}${url.search}`;
};

async function screenshot(page: EnginePage, name: string) {
  if (!SCREENS || page.engine !== 'chromium') return;
  mkdirSync(SCREENS, { recursive: true });
  writeFileSync(join(SCREENS, name), await page.screenshot());
}

/** The portal's page at `url`, loaded again until `check` holds (a publish shows within a second, on every process). */
function portalShows(page: EnginePage, url: string, what: string, check: () => Promise<boolean>) {
  return waitUntil(
    page,
    `${what} at ${url}`,
    async () => {
      await page.goto(url);
      // Loaded and hydrated: leaving a page whose code is still loading makes WebKit reject the import.
      await waitForHydration(page);
      return check();
    },
    PUBLIC_WITHIN_MS,
  );
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'college-editor-journeys-'));
  // A real picture: 640×360 PNG, a gradient so it is not one colour (the WebP is made from it by the server).
  const width = 640;
  const height = 360;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = 216;
      pixels[i + 1] = Math.round((x / width) * 200);
      pixels[i + 2] = Math.round((y / height) * 160);
    }
  picture = (
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer()
  ).toString('base64');
  server = await startPortalServer({
    port: PORTAL_PORT,
    brand2Port: PORTAL_PORT + 1,
    distDir: TEST_DIST,
    logFile: LOG,
    dataDir,
    env: {
      NODE_ENV: 'bench',
      BENCH_UNLIMITED: '1',
      CONSOLE_PORT: String(CONSOLE_PORT),
      CONSOLE_HOST: '127.0.0.1',
    },
  });
  for (const engine of ENGINES)
    operators.set(
      engine,
      await addOperatorWhenReady({
        dataDir,
        name: `e2e-editor-${engine}`,
        password: `e2e ${engine} editor pass`,
        role: 'editor',
      }),
    );
});

after(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const engineName of ENGINES) {
  describe(`college editor in ${engineName}`, () => {
    test('draft with a picture, signed preview, publish, public search and feed, unpublish', async () => {
      const base = (server as PortalServer).baseUrl;
      // A word of its own, so the search finds this engine's article and nothing else.
      const word = `zq${engineName.slice(0, 2)}${Date.now().toString(36)}`;
      const zhTitle = `寄样清单 ${word}`;
      const enTitle = `Sample checklist ${word}`;
      const engine = await launchEngine(engineName);
      try {
        const page = await engine.open({ device: 'desktop' });
        const operator = operators.get(engineName) as Operator;
        // Signed in, with the problems before it checked and cleared: from here on, none at all.
        await consolePage.signIn(page, CONSOLE_URL, { ...operator, code: () => operator.totp.generate() }, '/articles');
        await sees(page, '新建文章');

        // A new draft: its section and slug; it opens in the editor.
        await fill(page, '新文章的栏目', 'operate');
        await fill(page, '新文章的 slug', `e2e-${word}`);
        await page.press({ css: 'button[type="submit"]', text: '创建草稿', exact: true });
        await sees(page, '编辑文章 #');

        await fill(page, '中文标题', zhTitle);
        await fill(page, '中文摘要', '寄样前要核对的五件事');
        await fill(page, '中文正文（Markdown）', '## 寄样\n\n先核对达人的收件地址。\n\n');
        await fill(page, '英文标题', enTitle);
        await fill(page, '英文摘要', 'Five things to check before sending samples');
        await fill(page, '英文正文（Markdown）', '## Samples\n\nCheck the creator’s address first.\n\n');
        await fill(page, '标签（逗号分隔，最多 4 个）', '寄样, 达人');

        // The picture, at the caret (the end of the Chinese body), with its words.
        await until(page, 'the caret in the body', () => page.evaluate(caretAtEnd, '中文正文（Markdown）'));
        await fill(page, '中文图片说明（alt）', '寄样流程图');
        await until(page, 'the picture input', () =>
          page.evaluate(chooseFile, {
            label: '在中文正文光标处插入图片',
            name: 'samples.png',
            type: 'image/png',
            base64: picture,
          }),
        );
        const body = await until(page, 'the picture in the body', async () => {
          const value = await page.evaluate(fieldValue, '中文正文（Markdown）');
          return value && /!\[寄样流程图\]\(\/media\/[0-9a-f]{32}\.webp\)/.test(value) ? value : false;
        });
        const mediaUrl = /\/media\/[0-9a-f]{32}\.webp/.exec(body)?.[0] as string;
        // The live preview draws it with the public renderer (and the console serves the picture).
        await until(page, 'the picture in the live preview', async () =>
          (await page.evaluate(loadedPictures, '[data-testid="preview-zh"] img')).some((p) => p.startsWith(mediaUrl)),
        );
        await until(page, 'the autosave', async () => (await page.evaluate(saveState)) === 'saved');
        await sees(page, '已保存（');
        if (await page.evaluate(scrollTo, { css: 'fieldset', above: 16 }))
          await screenshot(page, '35-editor-zh-en.png');
        if (await page.evaluate(scrollTo, { css: '[data-testid="preview-zh"]', above: 420 }))
          await screenshot(page, '35-editor-zh-en-preview.png');

        // The signed preview link, opened on the portal: the draft with its picture, kept out of search engines.
        await page.press({ css: 'button', text: '生成预览链接', exact: true });
        const link = await until(page, 'the preview link', () => page.evaluate(previewLinkValue));
        // The link names the portal's public origin; this run's portal is on its own port.
        const previewUrl = onPortal(base, link);
        assert.match(new URL(previewUrl).pathname, /^\/(en\/)?business-college\/preview\//);

        // Publish now, confirmed.
        await page.press({ css: 'button', text: '立即发布', exact: true });
        await page.press(panelButton('确认'));
        await sees(page, '已完成');
        await page.press(panelButton('关闭'));
        await until(page, 'the state published', async () =>
          (
            await page.evaluate(() => document.querySelector('[data-testid="article-state"]')?.textContent ?? '')
          ).includes('已发布'),
        );
        const publicLink = await until(page, 'the public page link', () => page.evaluate(publicLinkValue));
        assert.deepEqual(await page.problems(), [], `${engineName}: the console's problems`);

        await page.goto(previewUrl);
        await waitForHydration(page);
        await sees(page, zhTitle);
        assert.match(await page.evaluate(robotsMeta), /noindex/);
        await until(page, 'the picture on the preview page', async () =>
          (await page.evaluate(loadedPictures, 'article img')).some((p) => p.startsWith(mediaUrl)),
        );
        await page.evaluate(scrollTo, { css: 'h1', above: 140 });
        await screenshot(page, '35-portal-preview.png');

        // The public search finds it, without a restart.
        const search = `${base}/business-college?q=${encodeURIComponent(word)}`;
        await portalShows(page, search, 'the article in the search', () => shows(page, zhTitle));
        // In the feed, without a restart.
        const feed = await fetch(`${base}/business-college/feed.xml`);
        assert.equal(feed.status, 200);
        assert.match(feed.headers.get('content-type') ?? '', /xml/);
        assert.ok((await feed.text()).includes(zhTitle), 'the feed has the article');
        // Its public page, with its picture.
        await page.goto(onPortal(base, publicLink));
        await waitForHydration(page);
        await sees(page, zhTitle);
        await until(page, 'the picture on the article page', async () =>
          (await page.evaluate(loadedPictures, 'article img')).some((p) => p.startsWith(mediaUrl)),
        );
        if (await page.evaluate(scrollTo, { css: '#college-article-title', above: 140 }))
          await screenshot(page, '35-published-article.png');
        const enFeed = await (await fetch(`${base}/en/business-college/feed.xml`)).text();
        assert.ok(enFeed.includes(enTitle), 'the English feed has the article');

        // Unpublish it in the console: gone from the search.
        await page.goto(`${CONSOLE_URL}/articles`);
        await fill(page, '标题或 slug', word);
        await page.press({ css: 'button[type="submit"]', text: '搜索', exact: true });
        await page.press({ css: '[data-testid="articles-table"] a', text: zhTitle });
        await sees(page, '编辑文章');
        await page.press({ css: 'button', text: '撤下', exact: true });
        await page.press(panelButton('确认'));
        await sees(page, '已完成');
        await sees(page, '已撤下');
        // The search page itself, saying it found nothing for the word (not any page lacking the title).
        const noResult = `没有找到与“${word}”相关的文章。`;
        await portalShows(
          page,
          search,
          'the article gone from the search',
          async () => (await shows(page, noResult)) && !(await shows(page, zhTitle)),
        );
        const after = await (await fetch(`${base}/business-college/feed.xml`)).text();
        assert.ok(!after.includes(zhTitle), 'the feed still has the unpublished article');

        assert.deepEqual(await page.problems(), [], `${engineName}: console errors, page errors or CSP violations`);
        await page.close();
      } finally {
        await engine.close();
      }
    });
  });
}
