/**
 * Loads one page in a fresh browser context (cold cache, desktop 1440x900) and measures what a first visit
 * costs: JavaScript received (encoded, as sent with Accept-Encoding br), bytes transferred without media,
 * Cumulative Layout Shift after scrolling to the bottom and back, and Largest Contentful Paint.
 */
import type { Browser } from 'playwright-core';
import { KEEP_NAMES_SHIM } from '../../e2e/support/browser';
import { turnOnDataSaver } from '../../e2e/support/page-scripts';

export interface PageMetrics {
  path: string;
  /** Encoded body bytes of every script received until network idle. */
  jsBytes: number;
  jsFiles: { url: string; bytes: number }[];
  /** Body + header bytes of every response but media (videos) until network idle. */
  transferAtLoad: number;
  /** The same after scrolling to the bottom and back (lazy images included). */
  transferAfterScroll: number;
  requests: number;
  cls: number;
  /** What shifted, when anything did. */
  shiftSources: string[];
  lcpMs: number;
}

interface Received {
  url: string;
  type: string;
  body: number;
  headers: number;
}

/** Installed before the page's own scripts: sums layout shifts (without recent input) and keeps the last LCP. */
function observeVitals() {
  const vitals = { cls: 0, lcp: 0, sources: [] as string[] };
  (window as unknown as { __vitals: typeof vitals }).__vitals = vitals;
  const describe = (node: Node | null | undefined) => {
    if (!node || !(node instanceof Element)) return node?.nodeName ?? '?';
    const id = node.id ? `#${node.id}` : '';
    const classes = node.classList.length ? `.${[...node.classList].slice(0, 2).join('.')}` : '';
    return `${node.tagName.toLowerCase()}${id}${classes}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      vitals.cls += entry.value;
      for (const source of entry.sources ?? [])
        vitals.sources.push(`${describe(source.node)} (${entry.value.toFixed(4)})`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    vitals.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

export async function measurePage(
  browser: Browser,
  baseUrl: string,
  path: string,
  locale: string,
  { prefetch = true }: { prefetch?: boolean } = {},
): Promise<PageMetrics> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale,
    extraHTTPHeaders: { 'Accept-Encoding': 'br, gzip, deflate' },
  });
  await context.addInitScript(KEEP_NAMES_SHIM);
  try {
    const page = await context.newPage();
    await page.addInitScript(observeVitals);
    // With data saver on, the app skips its idle prefetch of the links' code (docs/product.md#constants).
    if (!prefetch) await page.addInitScript(turnOnDataSaver);
    const received: Received[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        request
          .sizes()
          .then((sizes) => {
            received.push({
              url: request.url(),
              type: request.resourceType(),
              body: sizes.responseBodySize,
              headers: sizes.responseHeadersSize,
            });
          })
          .catch(() => {}),
      );
    });
    const transferred = async () => {
      await Promise.all(pending);
      const nonMedia = received.filter((r) => r.type !== 'media' && !/\.(mp4|webm|mov)(\?|$)/.test(r.url));
      return nonMedia.reduce((sum, r) => sum + r.body + r.headers, 0);
    };

    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const scripts = received.filter((r) => r.type === 'script' || /\.m?js(\?|$)/.test(r.url));
    const jsFiles = scripts.map((r) => ({ url: new URL(r.url).pathname, bytes: r.body }));
    const transferAtLoad = await transferred();
    const lcpMs = await page.evaluate(() => (window as unknown as { __vitals: { lcp: number } }).__vitals.lcp);

    // Scroll down a screen at a time (so lazy content loads and can shift), then back to the top.
    await page.evaluate(async () => {
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await pause(100);
      }
      window.scrollTo(0, document.documentElement.scrollHeight);
      await pause(500);
      window.scrollTo(0, 0);
      await pause(500);
    });
    await page.waitForLoadState('networkidle');
    const vitals = await page.evaluate(
      () => (window as unknown as { __vitals: { cls: number; sources: string[] } }).__vitals,
    );
    return {
      path,
      jsBytes: jsFiles.reduce((sum, file) => sum + file.bytes, 0),
      jsFiles,
      transferAtLoad,
      transferAfterScroll: await transferred(),
      requests: received.length,
      cls: vitals.cls,
      shiftSources: [...new Set(vitals.sources)].slice(0, 8),
      lcpMs,
    };
  } finally {
    await context.close();
  }
}

/** A phone (an iPhone's user agent: the server renders the phone layout, and /scan_code is for phones only). */
const PHONE_CONTEXT = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

/**
 * The JavaScript (encoded body bytes, Accept-Encoding br) a phone receives on `path` before the visitor does
 * anything: a fresh context, the page loaded until network idle and one more second, with data saver on so the
 * idle link prefetch (docs/product.md#constants) is not counted, as for the home page's figure. Then, when `interact` is set, a tap
 * on the page's first text field and the scripts it brings until network idle again.
 */
export async function measureJsBeforeInteraction(
  browser: Browser,
  baseUrl: string,
  path: string,
  locale: string,
): Promise<{ before: number; afterTap: number; files: { url: string; bytes: number }[] }> {
  const context = await browser.newContext({
    ...PHONE_CONTEXT,
    locale,
    extraHTTPHeaders: { 'Accept-Encoding': 'br, gzip, deflate' },
  });
  await context.addInitScript(KEEP_NAMES_SHIM);
  try {
    const page = await context.newPage();
    await page.addInitScript(turnOnDataSaver);
    const scripts: { url: string; bytes: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script' && !/\.m?js(\?|$)/.test(request.url())) return;
      pending.push(
        request
          .sizes()
          .then((sizes) => {
            scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
          })
          .catch(() => {}),
      );
    });
    const total = async () => {
      await Promise.all(pending);
      return scripts.reduce((sum, file) => sum + file.bytes, 0);
    };
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const before = await total();
    const files = [...scripts];
    const field = page.locator('main input:not([type=hidden])').first();
    if (await field.count()) {
      await field.tap();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
    }
    return { before, afterTap: await total(), files };
  } finally {
    await context.close();
  }
}
