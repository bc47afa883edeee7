/**
 * The WeChat QR login from the test's side: reading the panel's QR code the way a phone camera does
 * (the picture's pixels, decoded with jsQR; never the page's own idea of the address), the phone (a second
 * browser context with a phone's screen and user agent that reaches this machine over "the LAN"), what the page
 * asks the server (codes created, status polls), the tab going to the background, and the scan API called from
 * the test process to check what the server keeps.
 */
import assert from 'node:assert/strict';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page, Request } from 'playwright-core';
import { PNG } from 'pngjs';
import type { QrCode, QrStatus } from '../../shared/contract/scan-login';
import type { Locale } from '../../shared/locale';
import type { Envelope } from './accounts-api';
import { openPage, type PageSession } from './browser';
import { USER_AGENTS } from './env';

// ---- reading the code ----

/** The text a PNG's QR code holds, or an error when there is none to read. */
export function decodeQrPng(png: Buffer): string {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!code) throw new Error(`No QR code in the ${image.width}×${image.height} picture.`);
  return code.data;
}

export interface ReadQr {
  /** What the code encodes, read from the picture the server sent (the `<img>`'s data URL). */
  url: string;
  /** The image's src (a `data:image/png;base64,...` URL): a new code has a new picture. */
  src: string;
}

/**
 * Reads the QR code of `image` as a phone would: decodes the PNG the page shows AND a screenshot of the element
 * on screen; both must say the same, and so must the image's `data-qr-url`.
 */
export async function readQrCode(image: Locator): Promise<ReadQr> {
  await image.waitFor({ state: 'visible' });
  const src = (await image.getAttribute('src')) ?? '';
  assert.match(src, /^data:image\/png;base64,/, 'the QR code is a PNG data URL');
  const url = decodeQrPng(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64'));
  const onScreen = decodeQrPng(await image.screenshot());
  assert.equal(onScreen, url, 'the code on screen reads the same as the picture');
  assert.equal(await image.getAttribute('data-qr-url'), url, 'data-qr-url is what the code encodes');
  return { url, src };
}

/** This machine's LAN IPv4 addresses (where the simulator's QR codes point when the page is on localhost). */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((net) => net && net.family === 'IPv4' && !net.internal)
    .map((net) => net!.address);
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * The code points at the phone simulator of the server behind `base` (same port, so the same brand) for a
 * scene, on an address a phone on the LAN can reach; returns the scene.
 */
export function assertSimulatorAddress(qrUrl: string, base: string, locale?: Locale): string {
  const url = new URL(qrUrl);
  const server = new URL(base);
  assert.equal(url.pathname, '/wx-sim', `the code opens the simulator page: ${qrUrl}`);
  assert.equal(url.port, server.port, `the code points at this server's port (${server.port}): ${qrUrl}`);
  const hosts = lanAddresses();
  assert.ok(
    hosts.length === 0 ? LOCAL_HOSTS.has(url.hostname) : hosts.includes(url.hostname),
    `the code's host ${url.hostname} is this machine's LAN address (${hosts.join(', ') || 'none: localhost'})`,
  );
  const scene = url.searchParams.get('scene') ?? '';
  assert.match(scene, /^L[\w-]{22}$/, `the scene is "L" + 16 random bytes in base64url: ${scene}`);
  if (locale) assert.equal(url.searchParams.get('lang'), locale, 'the simulator speaks the page language');
  return scene;
}

// ---- the phone ----

/**
 * The phone's network: a forward proxy that takes the phone's requests for this machine's LAN address (where the
 * simulator's codes point) or localhost and hands them to the server under test, which listens on 127.0.0.1
 * only (e2e/run.ts). The Host header stays what the phone sent, so the server sees what a phone on the LAN would
 * send; any other host gets a 502 (the tests never reach out).
 */
export interface LanProxy {
  url: string;
  close(): Promise<void>;
}

export async function startLanProxy(): Promise<LanProxy> {
  const reachable = new Set([...lanAddresses(), ...LOCAL_HOSTS]);
  const server: Server = createHttpServer((incoming, answer) => {
    let target: URL;
    try {
      target = new URL(incoming.url ?? '');
    } catch {
      answer.writeHead(400).end('The phone proxy takes absolute URLs only.');
      return;
    }
    if (target.protocol !== 'http:' || !reachable.has(target.hostname)) {
      answer.writeHead(502).end(`The phone cannot reach ${target.host} in the tests.`);
      return;
    }
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: Number(target.port || 80),
        path: `${target.pathname}${target.search}`,
        method: incoming.method,
        headers: incoming.headers,
      },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    upstream.on('error', (error) => {
      if (!answer.headersSent) answer.writeHead(502);
      answer.end(String(error));
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A phone's screen and browser (iPhone-sized, touch, mobile Safari's user agent). */
export function phoneOptions(locale: Locale, baseURL: string, proxy?: LanProxy): BrowserContextOptions {
  return {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: USER_AGENTS.iphone,
    locale: locale === 'zh' ? 'zh-CN' : 'en-US',
    baseURL,
    // Every request of the phone goes through the proxy (Chromium sends even localhost there).
    ...(proxy ? { proxy: { server: proxy.url } } : {}),
  };
}

/** A new phone (its own context: its own cookies, like a separate device). Close its context when done. */
export function openPhone(browser: Browser, locale: Locale, baseURL: string, proxy?: LanProxy): Promise<PageSession> {
  return openPage(browser, phoneOptions(locale, baseURL, proxy));
}

// ---- what the page asks the server ----

const CREATE_PATH = '/api/v2/wx/create_login_qrcode';
const STATUS_PATH = '/api/v2/wx/get_qr_status';

/** A created code as the test keeps it (the contract's QrCode without the image). */
export type CreatedCode = Omit<QrCode, 'qrcode'>;

/** The scan calls a page makes: codes created (with their tickets) and status polls (with their time). */
export class ScanTraffic {
  readonly created: CreatedCode[] = [];
  readonly polls: { at: number; ticket: string }[] = [];
  readonly statuses: { ticket: string; status: number; body: Envelope }[] = [];

  constructor(page: Page) {
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === STATUS_PATH)
        this.polls.push({ at: Date.now(), ticket: url.searchParams.get('ticket') ?? '' });
    });
    page.on('response', async (response) => {
      const url = new URL(response.url());
      try {
        if (response.request().resourceType() === 'document' && url.pathname.endsWith('/scan_code')) {
          // /scan_code carries its code in the HTML (server/pages/scan-ticket.ts): the app polls that one.
          const env = /<script type="application\/json" id="portal-env">(.*?)<\/script>/s.exec(await response.text());
          const code = env ? (JSON.parse(env[1]) as { scanCode?: CreatedCode }).scanCode : undefined;
          if (code) this.created.push(code);
        } else if (url.pathname === CREATE_PATH && response.ok()) {
          const body = (await response.json()) as Envelope<CreatedCode>;
          if (body.data) this.created.push(body.data);
        } else if (url.pathname === STATUS_PATH) {
          const body = (await response.json()) as Envelope;
          this.statuses.push({ ticket: url.searchParams.get('ticket') ?? '', status: response.status(), body });
        }
      } catch {
        // The page went away before the body was read.
      }
    });
  }

  /** The newest code the page received. */
  get latest(): CreatedCode {
    const code = this.created.at(-1);
    assert.ok(code, 'the page created a QR code');
    return code;
  }

  pollsSince(time: number): number {
    return this.polls.filter((poll) => poll.at >= time).length;
  }
}

/**
 * Sends the page to the background or brings it back, as switching tabs would: `document.visibilityState` and
 * `document.hidden` say so and `visibilitychange` fires (headless Chromium keeps every page "visible").
 */
export async function setPageVisible(page: Page, visible: boolean): Promise<void> {
  await page.evaluate((shown) => {
    const state = shown ? 'visible' : 'hidden';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !shown });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);
}

// ---- what the visitor saw on the way ----

const SEEN_KEY = 'e2e:scan-seen';

/** Runs in the page before its own scripts: notes each panel heading and toast as it appears, in sessionStorage. */
function recordScanWording(key: string) {
  const note = (kind: string, text: string) => {
    try {
      const list: { kind: string; text: string }[] = JSON.parse(sessionStorage.getItem(key) ?? '[]');
      const last = list.filter((entry) => entry.kind === kind).at(-1);
      if (last?.text !== text) list.push({ kind, text });
      sessionStorage.setItem(key, JSON.stringify(list));
    } catch {
      // A frame without storage records nothing.
    }
  };
  const look = () => {
    const heading = document.querySelector('section[data-scan-state] h2');
    if (heading?.textContent) note('panel', heading.textContent.trim());
    for (const item of document.querySelectorAll('[role="status"] li, [role="alert"] li')) {
      const text = item.textContent?.trim();
      if (text) note('toast', text);
    }
  };
  const start = () =>
    new MutationObserver(look).observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
}

/**
 * Keeps what the panel's heading and the toasts said, in the tab's sessionStorage: a login ends with a full page
 * load of the workbench at once, so "注册成功" and its toast are on screen for a moment only.
 */
export async function recordScanWordingIn(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(recordScanWording, SEEN_KEY);
}

/** Everything recorded so far in this tab: panel headings and toast texts, in order. */
export async function scanWordingSeen(page: Page): Promise<{ panel: string[]; toast: string[] }> {
  const list: { kind: string; text: string }[] = await page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? '[]'),
    SEEN_KEY,
  );
  return {
    panel: list.filter((entry) => entry.kind === 'panel').map((entry) => entry.text),
    toast: list.filter((entry) => entry.kind === 'toast').map((entry) => entry.text),
  };
}

// ---- the scan API from the test process ----

export type QrStatusData = QrStatus;

/** What the server says of a ticket now (HTTP status and envelope). Counts against the poll limit. */
export async function qrStatus(
  base: string,
  ticket: string,
): Promise<{ status: number; body: Envelope<QrStatusData> }> {
  const response = await fetch(`${base}/api/v2/wx/get_qr_status?${new URLSearchParams({ ticket })}`);
  return { status: response.status, body: (await response.json()) as Envelope<QrStatusData> };
}
