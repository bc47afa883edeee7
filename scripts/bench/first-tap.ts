/**
 * `npm run bench:first-tap`: the time from a visitor's first tap or click to the page's visible answer, per
 * engine, after 0.5 s and after 2 s on the page (median of FIRST_TAP_RUNS runs, 3 by default).
 *
 * Measured inside the page, not from load events: a capturing listener notes performance.now() at the first
 * pointerdown/touchstart/mousedown, and a MutationObserver plus a requestAnimationFrame loop note the first
 * frame in which the answer is in the page (the validation message; the dialog; the selected tab's panel).
 * The press itself comes from the engine's pointer (e2e/engines), so each engine handles real input events.
 * A press the server answers (a form post or a link before the script has run) opens a new document holding the
 * answer: its time is that document's first contentful paint, taken from the press's wall-clock time.
 *
 * Cases: on a phone, "Log in"/"Register" with empty fields and the first step of "send code" on /en/register and
 * /en/login; on a desktop, the WeChat tab of /login and each layer of / and /en (the header's Client Download
 * and Plugin Download, the side bar's Contact consultant). Chromium runs the phone cases under Lighthouse's
 * mobile throttling (4x CPU, 150 ms RTT, 1.6 Mbps down, 750 kbps up, through CDP); Firefox and WebKit have no
 * CPU or network throttling their drivers can set, so their phone cases are unthrottled (marked so).
 *
 * Builds into dist-e2e/ when stale and serves it on BENCH_PORT (5140) and the next port. A measurement, not a
 * test: it exits 0 (FIRST_TAP_ENGINES=chromium,webkit picks engines, FIRST_TAP_CASES=/login the cases). On a loaded machine figures are noisy.
 */
import type { ChromiumPage } from '../../e2e/engines/chromium';
import { type Device, type EngineName, type EnginePage, locate, type Target } from '../../e2e/engines/engine';
import { launchEngine } from '../../e2e/engines/journeys';
import { TEXT } from '../../e2e/engines/page-text';
import { buildIfStale, startPortalServer, TEST_DIST } from '../../e2e/support/portal-server';
import { ensureEngines } from '../ensure-browser';
import { median, throttlePhone } from './phone-throttle';

const PORT = Number(process.env.BENCH_PORT ?? 5140);
const RUNS = Math.max(1, Number(process.env.FIRST_TAP_RUNS ?? 3));
const ENGINE_LIST = (process.env.FIRST_TAP_ENGINES ?? 'chromium,firefox,webkit').split(',') as EngineName[];
const WAITS = [500, 2000];
/** FIRST_TAP_CASES=word: only the cases whose label contains it. */
const ONLY = process.env.FIRST_TAP_CASES ?? '';

interface Case {
  label: string;
  device: Device;
  path: string;
  /** What the visitor presses first. */
  press: Target;
  /** CSS of what shows the answer (visible once present with a box). */
  answer: string;
  /** The target is below the fold: the page is scrolled to it (by script, as a visitor's scroll) before the wait. */
  scrollFirst?: boolean;
}

const CASES: Case[] = [
  {
    label: 'phone /en/login: "Log in", empty fields → validation',
    device: 'phone',
    path: '/en/login',
    press: { css: `form[aria-label="${TEXT.en.loginForm}"] button[type="submit"]:not([name="send"])` },
    answer: `form[aria-label="${TEXT.en.loginForm}"] [aria-invalid="true"]`,
  },
  {
    label: 'phone /en/login: "SMS code" (the way to send code) → code field',
    device: 'phone',
    path: '/en/login',
    press: { css: `form[aria-label="${TEXT.en.loginForm}"] fieldset a`, text: 'SMS code', exact: true },
    answer: `form[aria-label="${TEXT.en.loginForm}"] input[name="code"]`,
  },
  {
    label: 'phone /en/register: "Register", empty fields → validation',
    device: 'phone',
    path: '/en/register',
    press: { css: 'form[aria-label="Register"] button[type="submit"]:not([name="send"])' },
    answer: 'form[aria-label="Register"] [aria-invalid="true"]',
    // Under the phone's value header and the form's fields.
    scrollFirst: true,
  },
  {
    label: 'phone /en/register: "Get code", empty phone → validation',
    device: 'phone',
    path: '/en/register',
    press: { css: 'form[aria-label="Register"] button', text: 'Get code', exact: true },
    answer: 'form[aria-label="Register"] [aria-invalid="true"], [role="dialog"]',
  },
  {
    label: 'desktop /login: WeChat tab → its panel',
    device: 'desktop',
    path: '/login',
    press: { css: '[role="tab"]', text: TEXT.zh.scanTab, exact: true },
    answer: '[role="tab"][id$="-tab-scan"][aria-selected="true"]',
  },
  ...(['/', '/en'] as const).flatMap((path): Case[] => {
    const en = path === '/en';
    return [
      {
        label: `desktop ${path}: header Client Download → dialog`,
        device: 'desktop',
        path,
        press: { css: 'header nav button', text: TEXT[en ? 'en' : 'zh'].clientDownload, exact: true },
        answer: '[role="dialog"]',
      },
      {
        label: `desktop ${path}: header Plugin Download → dialog`,
        device: 'desktop',
        path,
        press: { css: 'header nav button', text: TEXT[en ? 'en' : 'zh'].pluginDownload, exact: true },
        answer: '[role="dialog"]',
      },
      {
        label: `desktop ${path}: side bar Contact consultant → dialog`,
        device: 'desktop',
        path,
        press: { css: 'aside button', text: TEXT[en ? 'en' : 'zh'].consultant, exact: true },
        answer: '[role="dialog"]',
      },
    ];
  }),
];

/** In the page: waits until `arg.at` ms after navigation start, then arms the probe (sent as text). */
function armProbe(arg: { answer: string; at: number }): Promise<number> {
  const w = window as unknown as { __tap?: Probe };
  sessionStorage.removeItem('__tapDown');
  const state: Probe = {};
  w.__tap = state;
  const onDown = () => {
    if (state.down !== undefined) return;
    state.down = performance.now();
    // A press the server answers (before the script, a form post or a link) opens a new document: readProbe
    // finds the press there by its wall-clock time.
    sessionStorage.setItem('__tapDown', JSON.stringify([performance.timeOrigin + state.down, state.down]));
    const check = () => {
      if (state.answer !== undefined) return;
      const element = document.querySelector(arg.answer);
      const box = element?.getBoundingClientRect();
      if (element && box && box.width > 0 && box.height > 0) {
        // The frame that shows it: the next animation frame's time.
        requestAnimationFrame(() => {
          state.answer ??= performance.now();
        });
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    const loop = () => {
      check();
      if (state.answer === undefined) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  };
  for (const type of ['pointerdown', 'touchstart', 'mousedown'])
    addEventListener(type, onDown, { capture: true, passive: true });
  const wait = Math.max(0, arg.at - performance.now());
  return new Promise((resolve) => setTimeout(() => resolve(performance.now()), wait));
}

/** In-page times (performance.now()): the press and the first frame showing the answer. */
interface Probe {
  down?: number;
  answer?: number;
  /** Answered by the server in a new document (`answer` is then the time from the press). */
  served?: boolean;
}

function readProbe(answer: string): Probe {
  const probe = (window as unknown as { __tap?: Probe }).__tap;
  if (probe) return probe;
  // A new document (the server's answer): the answer is in its HTML, so it shows with the first contentful paint.
  const [wallClock, down] = JSON.parse(sessionStorage.getItem('__tapDown') ?? '[]') as number[];
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  if (down === undefined || !paint || !document.querySelector(answer)) return { down };
  return { down, answer: down + performance.timeOrigin + paint.startTime - wallClock, served: true };
}

async function throttle(page: EnginePage): Promise<boolean> {
  if (page.engine !== 'chromium' || page.device !== 'phone') return false;
  await throttlePhone((page as ChromiumPage).page);
  return true;
}

ensureEngines();
await buildIfStale(TEST_DIST);
const server = await startPortalServer({
  port: PORT,
  brand2Port: PORT + 1,
  distDir: TEST_DIST,
  logFile: `e2e/artifacts/bench-first-tap-${PORT}.log`,
  env: { NODE_ENV: 'bench', BENCH_UNLIMITED: '1' },
});
const rows: string[][] = [];
try {
  for (const name of ENGINE_LIST) {
    const engine = await launchEngine(name);
    try {
      for (const item of CASES.filter((c) => c.label.includes(ONLY))) {
        for (const at of WAITS) {
          const times: number[] = [];
          const pressedAt: number[] = [];
          let served = 0;
          let throttled = false;
          let failure = '';
          for (let run = 0; run < RUNS; run++) {
            const page = await engine.open({ device: item.device });
            try {
              throttled = await throttle(page);
              await page.goto(`${server.baseUrl}${item.path}`);
              if (item.scrollFirst) await locate(page, item.press, true);
              await page.evaluate(armProbe, { answer: item.answer, at });
              await page.press(item.press, { scroll: false });
              const deadline = Date.now() + 15_000;
              // While the new document loads, evaluate may fail: read again.
              const read = () => page.evaluate(readProbe, item.answer).catch((): Probe => ({}));
              let probe = await read();
              while (probe.answer === undefined && Date.now() < deadline) {
                await new Promise((resolve) => setTimeout(resolve, 50));
                probe = await read();
              }
              if (probe.down === undefined || probe.answer === undefined) {
                failure = probe.down === undefined ? 'the press was not seen' : 'no answer within 15 s';
                continue;
              }
              times.push(probe.answer - probe.down);
              pressedAt.push(probe.down);
              if (probe.served) served++;
            } catch (error) {
              failure = (error as Error).message.split('\n')[0];
            } finally {
              await page.close();
            }
          }
          const condition = item.device === 'phone' ? (throttled ? 'throttled' : 'unthrottled') : '';
          rows.push([
            name,
            `${item.label}${condition ? ` (${condition})` : ''}`,
            `${at / 1000} s`,
            pressedAt.length ? `${(median(pressedAt) / 1000).toFixed(2)} s` : '-',
            times.length ? `${Math.round(median(times))} ms` : `FAILED: ${failure}`,
            times.length
              ? `${times.length}/${RUNS}: ${times.map((t) => Math.round(t)).join(', ')}${served ? ` (${served} by the server)` : ''}`
              : '',
          ]);
          console.log(rows[rows.length - 1].join(' | '));
        }
      }
    } finally {
      await engine.close();
    }
  }
} finally {
  await server.stop();
}

const headers = ['engine', 'first tap → visible answer', 'wait', 'pressed at', 'answer', 'answer runs (ms)'];
const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i].length)));
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
console.log(`\nFirst tap to visible answer (medians of ${RUNS}; pressed at: the press's time after navigation start)`);
console.log(line(headers));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
