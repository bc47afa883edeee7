/**
 * `npm run lighthouse`: Lighthouse (the tool the field trusts for pages) against the production build on
 * loopback, with Debian's Chromium, without reaching the internet.
 *
 * - **SEO** (`npm run lighthouse` or `-- seo`): the SEO category of every page route (e2e/support/routes.ts) in
 *   both languages and both brands, desktop preset (a phone user agent is sent to /register by the page rules,
 *   so the desktop page is the one a crawler indexes). Fails below LIGHTHOUSE_MIN_SEO (default 100).
 * - **Phone pages** (`-- mobile`): performance of /register, /login and /scan_code (zh and en) under the mobile
 *   preset, with simulated and with devtools throttling: score, LCP, TBT, CLS, the page's first-load JavaScript
 *   computed from the build (what it loads before it hydrates: entry, page chunks, preloads, catalogs; brotli
 *   bytes, as scripts/bench/static-js.ts counts the home page) and every script the run fetched (brotli bytes on
 *   the wire, including what loads after hydrating and the idle prefetch of linked pages). Prints figures; it
 *   does not fail. LIGHTHOUSE_PATHS (comma-separated) limits the paths; LIGHTHOUSE_DETAILS=1 prints each
 *   run's LCP element and phases, layout shifts and requests.
 * - **Desktop pages** (`-- desktop`): performance of the home page (zh and en) and a college article under the
 *   desktop preset, simulated and devtools throttling. Prints figures; it does not fail.
 * - LIGHTHOUSE_ORIGIN=http://host:port measures a server that is already running (another build, to compare)
 *   instead of starting one on the build folder.
 *
 * Lighthouse (pinned) is installed into node_modules/.cache/lighthouse on first use; it is not a dependency of
 * the project. Ports: LIGHTHOUSE_PORT (default 5170) and the next one (brand 2); LIGHTHOUSE_DIST: the build folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, type PortalServer, PROJECT_ROOT, startPortalServer } from '../../e2e/support/portal-server';
import { localized, PAGE_PATHS } from '../../e2e/support/routes';
import { PHONE_PATHS } from '../../shared/routes';
import { firstLoadJs, PHONE_PAGES } from '../bench/static-js';
import { ensureBrowser } from '../ensure-browser';
import { installCachedTool } from '../lib/cached-tool';

const LIGHTHOUSE = 'lighthouse';
const LIGHTHOUSE_VERSION = '12.8.2';
const CACHE_DIR = join(PROJECT_ROOT, 'node_modules/.cache/lighthouse');
const MODULES = join(CACHE_DIR, 'node_modules');
const DIST = process.env.LIGHTHOUSE_DIST ?? 'dist-lighthouse';
const port = Number(process.env.LIGHTHOUSE_PORT ?? 5170);
const MIN_SEO = Number(process.env.LIGHTHOUSE_MIN_SEO ?? 100);
const mode = process.argv[2] ?? 'seo';
/** Mobile mode: only these paths (comma-separated, e.g. `/scan_code`), and the LCP element and shifts of each run. */
const ONLY_PATHS = process.env.LIGHTHOUSE_PATHS?.split(',').filter(Boolean);
const DETAILS = process.env.LIGHTHOUSE_DETAILS === '1';

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
}
interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
    audits: Record<string, Audit>;
    runtimeError?: { message: string };
  };
}
type RunLighthouse = (url: string, flags: object, config?: object) => Promise<LighthouseResult | undefined>;

async function loadLighthouse() {
  const load = (file: string) => import(pathToFileURL(join(MODULES, file)).href);
  const lighthouse = (await load('lighthouse/core/index.js')).default as RunLighthouse;
  const desktop = (await load('lighthouse/core/config/desktop-config.js')).default as object;
  const chromeLauncher = await load('chrome-launcher/dist/index.js');
  return { lighthouse, desktop, chromeLauncher };
}

const started: { server?: PortalServer; dir?: string; chrome?: { kill: () => unknown } } = {};
async function stopAll() {
  await started.chrome?.kill();
  started.chrome = undefined;
  await started.server?.stop();
  started.server = undefined;
  if (started.dir) rmSync(started.dir, { recursive: true, force: true });
  started.dir = undefined;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void stopAll().then(() => process.exit(130)));

const pad = (text: string | number, width: number) => String(text).padEnd(width);

async function seo(run: RunLighthouse, chromePort: number, desktop: object, origins: [string, string][]) {
  let worst = 100;
  let pages = 0;
  console.log(`Lighthouse ${LIGHTHOUSE_VERSION} SEO, desktop preset; every page route × zh/en × both brands`);
  for (const [brand, origin] of origins)
    for (const locale of ['zh', 'en'] as const)
      for (const path of PAGE_PATHS) {
        const url = `${origin}${localized(path, locale)}`;
        const result = await run(url, { port: chromePort, onlyCategories: ['seo'], logLevel: 'error' }, desktop);
        const lhr = result?.lhr;
        const score = Math.round((lhr?.categories.seo?.score ?? 0) * 100);
        const failed = (lhr?.categories.seo?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr?.audits[ref.id])
          .filter((audit): audit is Audit => !!audit && audit.score !== null && audit.score < 1)
          .map((audit) => audit.id);
        worst = Math.min(worst, score);
        pages++;
        console.log(
          `${score >= MIN_SEO ? 'ok  ' : 'FAIL'} ${pad(brand, 8)} ${pad(localized(path, locale), 44)} SEO ${pad(score, 4)} ${failed.length ? `failed: ${failed.join(', ')}` : ''}${lhr?.runtimeError ? ` error: ${lhr.runtimeError.message}` : ''}`,
        );
      }
  console.log(`${pages} pages; lowest SEO score ${worst} (goal ${MIN_SEO}).`);
  return worst >= MIN_SEO;
}

/** The LCP element with its phases, the layout shifts and what loaded when (LIGHTHOUSE_DETAILS=1). */
function printDetails(audits: Record<string, Audit>) {
  type Table = { type?: string; items?: Record<string, unknown>[] };
  const node = (item: Record<string, unknown>) => {
    const n = item.node as { snippet?: string; selector?: string } | undefined;
    return n ? `${n.selector ?? ''} ${n.snippet ?? ''}`.slice(0, 160) : '';
  };
  const lcp = (audits['largest-contentful-paint-element']?.details?.items ?? []) as Table[];
  for (const table of lcp)
    for (const item of table.items ?? [])
      console.log(
        item.node
          ? `    LCP element: ${node(item)}`
          : `    LCP phase: ${item.phase} ${Math.round(Number(item.timing))} ms`,
      );
  for (const item of audits['layout-shifts']?.details?.items ?? [])
    console.log(`    shift ${Number(item.score).toFixed(3)}: ${node(item)}`);
  const requests = (audits['network-requests']?.details?.items ?? []) as {
    url?: string;
    networkRequestTime?: number;
    networkEndTime?: number;
    transferSize?: number;
  }[];
  for (const request of requests)
    console.log(
      `    ${pad(Math.round(request.networkRequestTime ?? 0), 6)}-${pad(Math.round(request.networkEndTime ?? 0), 6)} ${pad(request.transferSize ?? 0, 7)} ${(request.url ?? '').replace(/^https?:\/\/[^/]+/, '').slice(0, 90)}`,
    );
}

/** An article of the college (seeded from content/), as the Observatory run grades one. */
const ARTICLE_PATH = '/business-college/ecommerce-intro/1001';

async function desktopPages(run: RunLighthouse, chromePort: number, desktop: object, origin: string) {
  console.log(`Lighthouse ${LIGHTHOUSE_VERSION} performance, desktop preset (brand 1)`);
  console.log('page                                     throttling  score  LCP ms   TBT ms  CLS');
  for (const path of ['/', '/en', ARTICLE_PATH].filter((p) => !ONLY_PATHS || ONLY_PATHS.includes(p)))
    for (const throttlingMethod of ['simulate', 'devtools'] as const) {
      const result = await run(
        `${origin}${path}`,
        { port: chromePort, onlyCategories: ['performance'], logLevel: 'error', throttlingMethod },
        desktop,
      );
      const lhr = result?.lhr;
      if (!lhr) continue;
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      console.log(
        `${pad(path, 40)} ${pad(throttlingMethod, 11)} ${pad(Math.round((lhr.categories.performance?.score ?? 0) * 100), 6)} ${pad(Math.round(value('largest-contentful-paint')), 8)} ${pad(Math.round(value('total-blocking-time')), 7)} ${value('cumulative-layout-shift').toFixed(3)}`,
      );
      if (lhr.runtimeError) console.log(`    Lighthouse error: ${lhr.runtimeError.message}`);
      if (DETAILS) printDetails(lhr.audits);
    }
  return true;
}

async function mobile(run: RunLighthouse, chromePort: number, origin: string) {
  console.log(`Lighthouse ${LIGHTHOUSE_VERSION} performance, mobile preset, the pages a phone sees (brand 1)`);
  // "JS to hydrate" (from the build) is what the page loads to hydrate.
  console.log('page              throttling  score  LCP ms   TBT ms  CLS    JS to hydrate  scripts fetched (br, kB)');
  for (const locale of ['zh', 'en'] as const)
    for (const path of PHONE_PATHS.filter((p) => !ONLY_PATHS || ONLY_PATHS.includes(p)))
      for (const throttlingMethod of ['simulate', 'devtools'] as const) {
        const url = `${origin}${localized(path, locale)}`;
        const firstLoad = firstLoadJs(join(PROJECT_ROOT, DIST, 'client'), { ...PHONE_PAGES[path], locale }).total;
        const result = await run(url, {
          port: chromePort,
          onlyCategories: ['performance'],
          logLevel: 'error',
          throttlingMethod,
        });
        const lhr = result?.lhr;
        if (!lhr) continue;
        const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const requests = (lhr.audits['network-requests']?.details?.items ?? []) as {
          resourceType?: string;
          transferSize?: number;
        }[];
        const scriptBytes = requests
          .filter((item) => item.resourceType === 'Script')
          .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
        console.log(
          `${pad(localized(path, locale), 17)} ${pad(throttlingMethod, 11)} ${pad(Math.round((lhr.categories.performance?.score ?? 0) * 100), 6)} ${pad(Math.round(value('largest-contentful-paint')), 8)} ${pad(Math.round(value('total-blocking-time')), 7)} ${pad(value('cumulative-layout-shift').toFixed(3), 6)} ${pad((firstLoad / 1000).toFixed(1), 14)} ${(scriptBytes / 1000).toFixed(1)}`,
        );
        if (lhr.runtimeError) console.log(`    Lighthouse error: ${lhr.runtimeError.message}`);
        if (DETAILS) printDetails(lhr.audits);
      }
  return true;
}

let exitCode = 1;
try {
  if (mode !== 'seo' && mode !== 'mobile' && mode !== 'desktop')
    throw new Error(`Unknown mode "${mode}": use seo, mobile or desktop.`);
  installCachedTool(LIGHTHOUSE, LIGHTHOUSE_VERSION, CACHE_DIR);
  const given = process.env.LIGHTHOUSE_ORIGIN?.replace(/\/$/, '');
  if (!given) {
    await buildIfStale(DIST);
    started.dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
    started.server = await startPortalServer({
      port,
      brand2Port: port + 1,
      distDir: DIST,
      logFile: join(started.dir, 'server.log'),
    });
  }
  const baseUrl = given ?? (started.server as PortalServer).baseUrl;
  const { lighthouse, desktop, chromeLauncher } = await loadLighthouse();
  const chrome = await chromeLauncher.launch({
    chromePath: ensureBrowser(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  started.chrome = chrome;
  const origins: [string, string][] = [
    ['brand 1', baseUrl],
    ['brand 2', started.server?.brand2Url ?? baseUrl.replace(/:(\d+)$/, (_, p) => `:${Number(p) + 1}`)],
  ];
  const ok =
    mode === 'seo'
      ? await seo(lighthouse, chrome.port, desktop, origins)
      : mode === 'desktop'
        ? await desktopPages(lighthouse, chrome.port, desktop, baseUrl)
        : await mobile(lighthouse, chrome.port, baseUrl);
  exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopAll();
}
process.exit(exitCode);
