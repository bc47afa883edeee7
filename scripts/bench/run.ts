/**
 * `npm run bench`: measures the home page against its budgets and prints a table.
 *
 * Builds into dist-e2e/ when that build is stale, serves it on 5130 / 5131 (production mode), loads `/` and
 * `/en` in Chromium (cold cache, 1440x900) and reports first-load JavaScript (brotli, measured and computed
 * from the build manifest), bytes transferred without videos, CLS and LCP, each against its budget; then the
 * time to first byte and requests per second of `/` over 2,000 requests from 20 concurrent workers on
 * loopback; then /register, /login and /scan_code on a phone: the JS received before the first interaction, after a
 * tap, and what hydrating them costs by the build manifest. A measurement, not a test: it exits 0 and marks rows over budget with "OVER BUDGET".
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/support/browser';
import { buildIfStale, PROJECT_ROOT, startPortalServer, TEST_DIST } from '../../e2e/support/portal-server';
import { ensureBrowser } from '../ensure-browser';
import { loadTest, uncachedTtfb } from './load';
import { measurePage, type PageMetrics } from './page-metrics';
import { phonePageRows } from './phone-pages';
import { homeFirstLoadJs } from './static-js';

const PORT = 5130;
const BRAND2_PORT = 5131;
const KB = 1000;
export const BUDGETS = { jsBytes: 120 * KB, transferBytes: 400 * KB, cls: 0 };

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');

function printTable(headers: string[], rows: string[][]) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

const executablePath = ensureBrowser();
await buildIfStale(TEST_DIST);
const server = await startPortalServer({
  port: PORT,
  brand2Port: BRAND2_PORT,
  distDir: TEST_DIST,
  logFile: join(PROJECT_ROOT, 'e2e/artifacts/bench-server.log'),
});
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const clientDir = join(PROJECT_ROOT, TEST_DIST, 'client');
  const staticJsByPath = { '/': homeFirstLoadJs(clientDir, 'zh'), '/en': homeFirstLoadJs(clientDir, 'en') };
  const staticJs = staticJsByPath['/'];
  const pages: (PageMetrics & { jsWithoutPrefetch: number })[] = [];
  for (const [path, locale] of [
    ['/', 'zh-CN'],
    ['/en', 'en-US'],
  ] as const) {
    // A warm-up load first, so the server's HTML cache and the OS are not what gets measured.
    await measurePage(browser, server.baseUrl, path, locale);
    const withoutPrefetch = await measurePage(browser, server.baseUrl, path, locale, { prefetch: false });
    pages.push({
      ...(await measurePage(browser, server.baseUrl, path, locale)),
      jsWithoutPrefetch: withoutPrefetch.jsBytes,
    });
  }

  console.log('\nHome page budgets (desktop 1440x900, cold cache, Accept-Encoding br; 1 kB = 1000 bytes)\n');
  const rows: string[][] = [];
  for (const page of pages) {
    rows.push(
      [
        page.path,
        'first-load JS, received before the idle link prefetch (br)',
        kb(page.jsWithoutPrefetch),
        `≤ ${kb(BUDGETS.jsBytes)}`,
        verdict(page.jsWithoutPrefetch <= BUDGETS.jsBytes),
      ],
      // The idle prefetch (docs/product.md#constants) fetches the code of the pages the header links to (login, the college) once
      // the page is loaded and idle: it does not delay this page, so it is shown but has no budget.
      [page.path, '  plus the idle link prefetch, until network idle', kb(page.jsBytes), '-', '-'],
      [
        page.path,
        'first-load JS, from the build manifest incl. catalogs (br)',
        kb(staticJsByPath[page.path as '/' | '/en'].total),
        `≤ ${kb(BUDGETS.jsBytes)}`,
        verdict(staticJsByPath[page.path as '/' | '/en'].total <= BUDGETS.jsBytes),
      ],
      [
        page.path,
        'transfer without videos, at load',
        kb(page.transferAtLoad),
        `≤ ${kb(BUDGETS.transferBytes)}`,
        verdict(page.transferAtLoad <= BUDGETS.transferBytes),
      ],
      [
        page.path,
        'transfer without videos, after scroll',
        kb(page.transferAfterScroll),
        `≤ ${kb(BUDGETS.transferBytes)}`,
        verdict(page.transferAfterScroll <= BUDGETS.transferBytes),
      ],
      [page.path, 'CLS (scroll to bottom and back)', page.cls.toFixed(4), '0', verdict(page.cls <= BUDGETS.cls)],
      [page.path, 'LCP', `${Math.round(page.lcpMs)} ms`, '-', '-'],
      [page.path, 'requests', String(page.requests), '-', '-'],
    );
  }
  printTable(['page', 'metric', 'value', 'budget', 'verdict'], rows);

  for (const page of pages) {
    console.log(`\nScripts of ${page.path} until network idle:`);
    for (const file of page.jsFiles) console.log(`  ${kb(file.bytes).padStart(9)}  ${file.url}`);
    if (page.shiftSources.length) console.log(`  layout shifts from: ${page.shiftSources.join(', ')}`);
  }
  // The pages a phone sees, each hydrating as soon as its code has arrived.
  console.log('\nPhone pages (390x844, iPhone user agent, cold cache, data saver on, Accept-Encoding br)\n');
  const phoneRows = await phonePageRows(browser, server.baseUrl, clientDir);
  printTable(['page', 'metric', 'value', 'budget', 'verdict'], phoneRows);

  console.log('\nFirst-load JS of / from the manifest (entry + static imports + home route chunk + zh catalogs):');
  for (const file of staticJs.files) console.log(`  ${kb(file.bytes).padStart(9)}  /${file.file}`);

  const headers = { cookie: 'i18n_redirected=zh', 'accept-encoding': 'br, gzip' };
  const uncached = await uncachedTtfb(server.baseUrl, '/', 20, headers);
  const load = await loadTest(`${server.baseUrl}/`, { total: 2000, concurrency: 20, maxSeconds: 60, headers });
  console.log('\nServer: GET / on loopback (production build, HTML cache on)\n');
  printTable(
    ['measure', 'value'],
    [
      ['requests (20 concurrent workers)', `${load.requests} in ${load.seconds.toFixed(2)} s, ${load.errors} errors`],
      ['requests per second', load.requestsPerSecond.toFixed(0)],
      [
        'TTFB p50 / p90 / p99 / max',
        [load.ttfbMs.p50, load.ttfbMs.p90, load.ttfbMs.p99, load.ttfbMs.max]
          .map((ms) => `${ms.toFixed(1)} ms`)
          .join(' / '),
      ],
      [
        'TTFB of a fresh render (not cached), p50 / p90',
        `${uncached.p50.toFixed(1)} ms / ${uncached.p90.toFixed(1)} ms`,
      ],
    ],
  );
} catch (error) {
  console.error('The benchmark could not finish:', error instanceof Error ? error.message : error);
} finally {
  await browser.close();
  await server.stop();
}
// The server's own speed (start-up, cached pages against sirv and nginx, renders, hot API calls): its own ports.
await import('./server-speed');
process.exit(0);
