/**
 * The steps the scan-login specs share: a computer with the login page's WeChat tab, a phone on "the LAN",
 * showing and reading a code, and what the panel said on the way (a finished login is checked with
 * assertLoggedIn of auth-page.ts).
 */
import assert from 'node:assert/strict';
import { after, before, type TestContext } from 'node:test';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import type { Locale } from '../../shared/locale';
import { type Account, sendCodeWhenAllowed } from '../support/accounts-api';
import { type PageSession, withPage } from '../support/browser';
import { sleep } from '../support/wait';
import {
  assertSimulatorAddress,
  type LanProxy,
  phoneOptions,
  recordScanWordingIn,
  ScanTraffic,
  scanWordingSeen,
  startLanProxy,
} from '../support/wx';
import { ScanPanel } from './scan-panel';
import { ScanPhone } from './scan-phone';

export const desktopOptions = (locale: Locale, baseURL: string): BrowserContextOptions => ({
  locale: locale === 'zh' ? 'zh-CN' : 'en-US',
  baseURL,
});

/** `138****8000`: how the server shows a phone number to others. */
export const maskedPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** Registers the file's phone network (a proxy to this machine's LAN address); the getter gives it in tests. */
export function phoneNetworkForThisFile(): () => LanProxy {
  let proxy: LanProxy | undefined;
  before(async () => {
    proxy = await startLanProxy();
  });
  after(async () => {
    await proxy?.close();
  });
  return () => {
    if (!proxy) throw new Error('The phone network is not up yet (use it inside a test).');
    return proxy;
  };
}

/** Runs `body` with a phone of its own (closed afterwards; a screenshot is kept when `body` fails). */
export function withPhone<T>(
  t: TestContext,
  browser: () => Browser,
  lan: () => LanProxy,
  locale: Locale,
  base: string,
  body: (phone: ScanPhone, session: PageSession) => Promise<T>,
): Promise<T> {
  return withPage(t, browser(), phoneOptions(locale, base, lan()), (session) =>
    body(new ScanPhone(session.page, locale), session),
  );
}

/** Runs `body` with a computer whose page will show the panel (closed afterwards, so it polls no more). */
export function withDesktopPanel<T>(
  t: TestContext,
  browser: () => Browser,
  locale: Locale,
  base: string,
  body: (panel: ScanPanel, traffic: ScanTraffic, session: PageSession) => Promise<T>,
): Promise<T> {
  return withPage(t, browser(), desktopOptions(locale, base), async (session) => {
    await recordScanWordingIn(session.context);
    return body(new ScanPanel(session.page, locale), new ScanTraffic(session.page), session);
  });
}

/**
 * The panel said `state` in its heading on the way (the page may have moved on to the workbench since: see
 * recordScanWordingIn). The success toast is not required: the full page load of the workbench starts right
 * after it is queued, and the toaster may not have drawn it by then (src/features/auth/complete.ts).
 */
export async function assertSaid(panel: ScanPanel, state: 'registered' | 'bindSuccess' | 'loggedIn'): Promise<void> {
  const words = panel.text[state];
  const seen = await scanWordingSeen(panel.page);
  assert.ok(seen.panel.includes(words), `the panel said "${words}": ${JSON.stringify(seen.panel)}`);
}

export interface ShownCode {
  url: string;
  src: string;
  scene: string;
  ticket: string;
}

/**
 * Opens the panel and reads its code with the camera: it points at this server's simulator, and it is the code
 * the server just created (the browser polls with that code's ticket).
 */
export async function showCode(panel: ScanPanel, traffic: ScanTraffic, base: string): Promise<ShownCode> {
  await panel.open();
  const code = await panel.readCode();
  const scene = assertSimulatorAddress(code.url, base, panel.locale);
  const created = traffic.latest;
  assert.equal(created.qrUrl, code.url, 'the picture encodes the qrUrl the server answered');
  assert.equal(created.simulator, true, 'the built-in simulator is the provider');
  assert.equal(created.pollInterval, 2, 'polling every 2 s');
  return { ...code, scene, ticket: created.ticket };
}

/** The panel polls no more: no status call for `ms` milliseconds. */
export async function assertNoPolling(traffic: ScanTraffic, ms = 3000): Promise<void> {
  const from = Date.now();
  await sleep(ms);
  assert.equal(traffic.pollsSince(from), 0, `no status poll in ${ms} ms`);
}

/**
 * Not bound → "Bind now" → phone and the SMS code sent to it → submit (a password no longer binds). The
 * code is sent through the API and read from the log of the server behind `base` (`log`); the panel's own
 * "get code" button with the captcha is walked by the SMS-code test of scan-login.spec.ts.
 */
export async function bindByCode(panel: ScanPanel, account: Account, base: string, log?: string): Promise<void> {
  await panel.waitFor('unbound');
  await panel.bindNow.click();
  await panel.waitFor('bindForm');
  const code = await sendCodeWhenAllowed(base, account.phone, 'login', log);
  await panel.field('bind', panel.auth.text.phone).fill(account.phone);
  await panel.field('bind', panel.auth.text.code).fill(code);
  await panel.submit('bind').click();
}
