/**
 * `npm run bench:scan-qr`: on a phone, how long /scan_code and /en/scan_code take to show their real QR code
 * (median of SCAN_QR_RUNS loads after one that warms the server, 5 by default), beside the page's LCP.
 *
 * The placeholder pattern the server renders in the QR box is the page's largest paint, so LCP says nothing of
 * when a visitor can scan. What counts here is the first frame in which the QR image shows a real code: an
 * `<img>` in the scan panel whose source is a PNG data URL (the API's code; the placeholder is an SVG), loaded,
 * with a box. A probe installed before the page's own scripts watches for it (MutationObserver plus an
 * animation-frame loop) and notes the next frame's time after navigation start.
 *
 * Chromium only, under Lighthouse's mobile throttling through CDP (4x CPU, 150 ms RTT, 1.6 Mbps down, 750 kbps
 * up), as scripts/bench/first-tap.ts does. Builds into dist-e2e/ (E2E_DIST) when stale, unless SCAN_QR_NO_BUILD=1
 * (to measure a build made from other sources), and serves it on BENCH_PORT (5150) and the next port with the rate
 * limits off. A measurement, not a test: it exits 0. On a loaded machine figures are noisy.
 */
import type { ChromiumPage } from '../../e2e/engines/chromium';
import { scriptFor } from '../../e2e/engines/engine';
import { launchEngine } from '../../e2e/engines/journeys';
import { buildIfStale, startPortalServer, TEST_DIST } from '../../e2e/support/portal-server';
import { ensureEngines } from '../ensure-browser';
import { median, throttlePhone } from './phone-throttle';

const PORT = Number(process.env.BENCH_PORT ?? 5150);
const RUNS = Math.max(1, Number(process.env.SCAN_QR_RUNS ?? 5));
const PATHS = ['/scan_code', '/en/scan_code'] as const;

/** In-page times (performance.now(), from navigation start) of the first frame with the real code, and LCP. */
interface Probe {
  qr?: number;
  lcp?: number;
}

/** Runs in the page before its scripts (an init script): watches for the real code and for LCP entries. */
function installProbe(): void {
  const w = window as unknown as { __scanQr?: Probe };
  const state: Probe = {};
  w.__scanQr = state;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
  let seen = false;
  const check = () => {
    if (seen) return;
    const image = document.querySelector<HTMLImageElement>('section[data-scan-state] img[src^="data:image/png"]');
    const box = image?.getBoundingClientRect();
    if (!image || !box || box.width === 0 || box.height === 0) return;
    seen = true;
    // The frame that paints it: the next animation frame once the image has decoded.
    const paint = () =>
      requestAnimationFrame(() => {
        state.qr ??= performance.now();
      });
    if (image.complete) paint();
    else image.addEventListener('load', paint, { once: true });
  };
  const start = () => {
    new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    const loop = () => {
      check();
      if (!seen) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  };
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

function readProbe(): Probe {
  return (window as unknown as { __scanQr?: Probe }).__scanQr ?? {};
}

ensureEngines();
if (process.env.SCAN_QR_NO_BUILD !== '1') await buildIfStale(TEST_DIST);
const server = await startPortalServer({
  port: PORT,
  brand2Port: PORT + 1,
  distDir: TEST_DIST,
  logFile: `e2e/artifacts/bench-scan-qr-${PORT}.log`,
  env: { NODE_ENV: 'bench', BENCH_UNLIMITED: '1' },
});
const rows: string[][] = [];
try {
  const engine = await launchEngine('chromium');
  try {
    for (const path of PATHS) {
      const qrTimes: number[] = [];
      const lcpTimes: number[] = [];
      let failure = '';
      // Run 0 warms the server (its first render of the page, the database's first ticket) and is not counted.
      for (let run = -1; run < RUNS; run++) {
        const page = await engine.open({ device: 'phone' });
        try {
          const playwrightPage = (page as ChromiumPage).page;
          await playwrightPage.addInitScript(scriptFor(installProbe, undefined));
          await throttlePhone(playwrightPage);
          await page.goto(`${server.baseUrl}${path}`);
          const deadline = Date.now() + 20_000;
          let probe = await page.evaluate(readProbe);
          while (probe.qr === undefined && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            probe = await page.evaluate(readProbe);
          }
          if (run < 0) continue;
          if (probe.qr === undefined) {
            failure = 'no QR code within 20 s';
            continue;
          }
          qrTimes.push(probe.qr);
          if (probe.lcp !== undefined) lcpTimes.push(probe.lcp);
        } catch (error) {
          failure = (error as Error).message.split('\n')[0];
        } finally {
          await page.close();
        }
      }
      rows.push([
        path,
        qrTimes.length ? `${Math.round(median(qrTimes))} ms` : `FAILED: ${failure}`,
        lcpTimes.length ? `${Math.round(median(lcpTimes))} ms` : '-',
        `${qrTimes.length}/${RUNS}: ${qrTimes.map((t) => Math.round(t)).join(', ')}`,
      ]);
      console.log(rows[rows.length - 1].join(' | '));
    }
  } finally {
    await engine.close();
  }
} finally {
  await server.stop();
}

const headers = ['phone page (throttled)', 'real QR code painted', 'LCP', 'QR runs (ms)'];
const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i].length)));
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
console.log(`\nReal QR code on a phone, from navigation start (medians of ${RUNS} loads; Chromium, throttled)`);
console.log(line(headers));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
