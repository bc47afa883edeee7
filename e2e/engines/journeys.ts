/**
 * The critical journeys, written once against the page interface of engine.ts and run in each engine
 * (chromium/firefox/webkit.journeys.ts): home and its layers, the language switch, the account forms typed
 * before hydration at four paces, the empty forms and the way switch answered, password login to the workbench,
 * WeChat QR login on the desktop and on the phone's /scan_code (the simulator plays the phone over HTTP), the
 * QR code's shape, logout, the college, and the engine's console at load.
 *
 * Every journey gets a fresh page (WebKit: a fresh session) of the engine's one browser, and fails on any console
 * error, uncaught error or CSP violation it saw. A journey an engine cannot run fails: nothing is skipped.
 * The run's server lifts its per-address limits (e2e/run.ts), so the failed logins these typing checks make
 * count against no shared budget; per-phone limits still hold, so every account has a fresh phone.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Account, callApi, registerAccount, sendCodeWhenAllowed } from '../support/accounts-api';
import { ARTIFACTS_DIR } from '../support/artifacts';
import { BASE_URL } from '../support/env';
import { uniquePhone } from '../support/sms';
import { sleep } from '../support/wait';
import { launchChromium } from './chromium';
import type { Device, Engine, EngineName, EnginePage, Target } from './engine';
import { launchFirefox } from './firefox';
import { TEXT } from './page-text';
import { launchWebKit, type WebKitEngine } from './webkit';

export const WORKBENCH = '/workbench/function_introduction';
export const PACES = [0, 60, 150, 300] as const;

type Locale = 'zh' | 'en';

const prefix = (locale: Locale) => (locale === 'en' ? '/en' : '');

export async function launchEngine(name: EngineName): Promise<Engine> {
  if (name === 'chromium') return launchChromium();
  if (name === 'firefox') return launchFirefox();
  return launchWebKit();
}

// ---- in-page checks (sent as text: they use nothing from outside) ----

/** Whether React has taken over the page's forms (hydrated): a DOM node carries React's fiber key. */
function pageHydrated(): boolean {
  const node = document.querySelector('form') ?? document.querySelector('header button');
  return !!node && Object.keys(node).some((key) => key.startsWith('__reactFiber'));
}

/** The values of named fields of a form (by its aria-label). */
function fieldValues(arg: { form: string; names: string[] }): Record<string, string | null> {
  const form = document.querySelector(`form[aria-label="${arg.form}"]`);
  const values: Record<string, string | null> = {};
  for (const name of arg.names)
    values[name] = (form?.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.value ?? null;
  return values;
}

/** Which named fields of a form are marked invalid. */
function invalidFields(form: string): string[] {
  return Array.from(document.querySelectorAll(`form[aria-label="${form}"] [aria-invalid="true"]`)).map(
    (element) => element.getAttribute('name') ?? element.id,
  );
}

/** The messages the shown fields of a form carry (`aria-invalid` and its error text). */
function shownMessages(form: string): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const input of Array.from(document.querySelectorAll<HTMLInputElement>(`form[aria-label="${form}"] input`))) {
    if (input.closest('[hidden]') || input.getAttribute('aria-invalid') !== 'true') continue;
    const text = document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent?.trim();
    if (text) messages[input.name] = text;
  }
  return messages;
}

/** The names of a form's fields that show (have a box). */
function shownFields(form: string): string[] {
  return Array.from(document.querySelectorAll<HTMLInputElement>(`form[aria-label="${form}"] input[name]`))
    .filter((input) => input.getClientRects().length > 0)
    .map((input) => input.name);
}

/** Whether the open layer's tutorial video is in place and its 10 browser icons have loaded (plug-in layer). */
function layerMediaReady(): boolean {
  const dialog = document.querySelector('[role="dialog"]');
  const icons = Array.from(dialog?.querySelectorAll<HTMLImageElement>('li img') ?? []);
  return (
    !!dialog?.querySelector('video') &&
    icons.length === 10 &&
    icons.every((icon) => icon.complete && icon.naturalWidth > 0)
  );
}

/** Records the bodies of the API calls the page sends from now on (XHR and fetch) in sessionStorage. */
function recordApiCalls(): void {
  const w = window as unknown as { __e2eCalls?: boolean };
  sessionStorage.removeItem('__e2e_calls');
  if (w.__e2eCalls) return;
  w.__e2eCalls = true;
  const push = (url: string, body: unknown) => {
    const path = new URL(url, location.href).pathname;
    if (!path.startsWith('/api/')) return;
    const list = JSON.parse(sessionStorage.getItem('__e2e_calls') ?? '[]') as unknown[];
    list.push({ path, body: typeof body === 'string' ? body : null });
    sessionStorage.setItem('__e2e_calls', JSON.stringify(list));
  };
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest & { __url?: string }, ...args: unknown[]) {
    this.__url = String(args[1]);
    return (open as (...a: unknown[]) => void).apply(this, args);
  } as typeof XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest & { __url?: string }, body) {
    push(this.__url ?? '', body);
    return send.call(this, body);
  };
  const originalFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, init?.body);
    return originalFetch(input, init);
  };
}

function recordedApiCalls(): { path: string; body: string | null }[] {
  return JSON.parse(sessionStorage.getItem('__e2e_calls') ?? '[]');
}

/** Texts of the toasts shown now (sonner's toaster). */
function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('[data-sonner-toast]')).map((li) =>
    (li.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );
}

/** Keeps every toast text the page shows from now on in sessionStorage (it may navigate right after one). */
export function watchToasts(): void {
  const w = window as unknown as { __e2eToasts?: boolean };
  if (w.__e2eToasts) return;
  w.__e2eToasts = true;
  const seen = () => {
    const texts = Array.from(document.querySelectorAll('[data-sonner-toast]')).map((li) =>
      (li.textContent ?? '').replace(/\s+/g, ' ').trim(),
    );
    if (!texts.length) return;
    const list = JSON.parse(sessionStorage.getItem('__e2e_toasts') ?? '[]') as string[];
    sessionStorage.setItem('__e2e_toasts', JSON.stringify([...list, ...texts]));
  };
  new MutationObserver(seen).observe(document.body, { childList: true, subtree: true, characterData: true });
}

export function seenToasts(): string[] {
  return [
    ...(JSON.parse(sessionStorage.getItem('__e2e_toasts') ?? '[]') as string[]),
    ...Array.from(document.querySelectorAll('[data-sonner-toast]')).map((li) =>
      (li.textContent ?? '').replace(/\s+/g, ' ').trim(),
    ),
  ];
}

function openDialogs(): string[] {
  return Array.from(document.querySelectorAll('[role="dialog"]')).map((dialog) => {
    const id = dialog.getAttribute('aria-labelledby');
    return ((id && document.getElementById(id)?.textContent) || dialog.getAttribute('aria-label') || '').trim();
  });
}

// ---- helpers over the interface ----

export async function waitUntil<T>(
  page: EnginePage,
  what: string,
  check: () => Promise<T | false | null | undefined>,
  timeout = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `${page.engine}: timed out after ${timeout} ms waiting for ${what} (page ${await page.url().catch(() => '?')})${last ? `: ${last}` : ''}`,
      );
    await sleep(100);
  }
}

export const pathOf = async (page: EnginePage) => new URL(await page.url()).pathname;

async function waitForPath(page: EnginePage, path: string, timeout = 15_000): Promise<void> {
  await waitUntil(page, `the address ${path}`, async () => (await pathOf(page)) === path, timeout);
}

export async function waitForHydration(page: EnginePage, timeout = 15_000): Promise<void> {
  await waitUntil(page, 'hydration', () => page.evaluate(pageHydrated), timeout);
}

async function waitForDialog(page: EnginePage, open: boolean): Promise<string[]> {
  return waitUntil(page, open ? 'a dialog to open' : 'the dialog to close', async () => {
    const dialogs = await page.evaluate(openDialogs);
    return (open ? dialogs.length === 1 : dialogs.length === 0) ? dialogs : null;
  });
}

/** Registers an account through the API (one SMS code from the server log). */
function newAccount(): Promise<Account> {
  return registerAccount(BASE_URL, { nickname: `E2E${uniquePhone().slice(-6)}` });
}

/** What the phone does in WeChat: scans the code's scene as a new identity (the simulator's JSON API). */
export async function scanAsNewWeChat(
  qrUrl: string,
  locale: Locale,
  nickname = `WX${uniquePhone().slice(-6)}`,
): Promise<void> {
  const scene = new URL(qrUrl).searchParams.get('scene');
  assert.ok(scene, `the code carries a scene: ${qrUrl}`);
  const response = await fetch(`${BASE_URL}/wx-sim/scan`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ scene, nickname, lang: locale }),
  });
  assert.equal(response.status, 200, `the simulator's scan answered ${response.status}: ${await response.text()}`);
}

/** The code the panel shows: its address (data-qr-url) and the image's natural and drawn sizes. */
function qrImage(): { url: string; natural: [number, number]; drawn: [number, number] } | null {
  const image = document.querySelector('img[data-qr-url]') as HTMLImageElement | null;
  if (!image?.complete || image.naturalWidth === 0) return null;
  const box = image.getBoundingClientRect();
  if (box.width === 0) return null;
  return {
    url: image.getAttribute('data-qr-url') ?? '',
    natural: [image.naturalWidth, image.naturalHeight],
    drawn: [Math.round(box.width * 10) / 10, Math.round(box.height * 10) / 10],
  };
}

function assertSquare(engine: EngineName, qr: NonNullable<ReturnType<typeof qrImage>>): void {
  const natural = qr.natural[0] / qr.natural[1];
  const drawn = qr.drawn[0] / qr.drawn[1];
  assert.ok(
    Math.abs(drawn - natural) < 0.01,
    `${engine}: the QR code is drawn ${qr.drawn.join('×')} for a ${qr.natural.join('×')} picture (stretched)`,
  );
}

/** Binds the scanned WeChat to `account` in the panel's bind form; the page then goes to the workbench. */
export async function bindAndLogIn(page: EnginePage, locale: Locale, account: Account): Promise<void> {
  const t = TEXT[locale];
  await waitUntil(page, `the panel to say "${t.unbound}"`, () =>
    page.evaluate((text) => (document.body.textContent ?? '').includes(text), t.unbound),
  );
  await page.press({ css: 'button', text: t.bindNow, exact: true });
  const form = `form[aria-label="${t.bindForm}"]`;
  await waitUntil(page, 'the bind form', () => page.evaluate((css) => !!document.querySelector(css), form));
  await page.press(`${form} input[name="phone"]`);
  await page.type(account.phone, 0);
  // The SMS code sent to the phone (no password binds): through the API, read from the server's log.
  const code = await sendCodeWhenAllowed(BASE_URL, account.phone, 'login');
  await page.press(`${form} input[name="code"]`);
  await page.type(code, 0);
  await page.evaluate(watchToasts);
  await page.press(`${form} button[type="submit"]:not([name="send"])`);
}

/** The page reached the workbench with a navigation (not a reload of the login page) and said so. */
export async function assertReachedWorkbench(
  page: EnginePage,
  locale: Locale,
  from: string,
  toast: 'loggedIn' | 'bindSuccess' = 'loggedIn',
): Promise<void> {
  try {
    // The workbench in the page's language (an English page may land on /en/…).
    await waitUntil(
      page,
      `the address ${WORKBENCH}`,
      async () => [WORKBENCH, `/en${WORKBENCH}`].includes(await pathOf(page)),
      15_000,
    );
  } catch (error) {
    const toasts = await page.evaluate(seenToasts).catch(() => []);
    throw new Error(
      `${(error as Error).message}; still on ${await page.url()} after the login on ${from} (toasts seen: ${JSON.stringify(toasts)}; the login page was reloaded instead of opening the workbench?)`,
    );
  }
  const navigation = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ?? '',
  );
  assert.equal(navigation, 'navigate', `${page.engine}: the workbench was opened by a navigation`);
  // The success toast: shown before leaving (recorded by watchToasts) or on the workbench.
  const words = TEXT[locale][toast];
  await waitUntil(page, `the toast "${words}"`, async () =>
    (await page.evaluate(seenToasts)).some((text) => text.includes(words)),
  );
}

// ---- the journeys ----

interface FormCase {
  path: string;
  form: 'loginForm' | 'registerForm' | 'resetForm';
  /** Fields typed after the phone (at full speed), with what to type. */
  more: (phone: string) => Record<string, string>;
}

const FORMS: FormCase[] = [
  { path: '/login', form: 'loginForm', more: (phone) => ({ password: `pw ${phone} typed` }) },
  {
    path: '/register',
    form: 'registerForm',
    more: (phone) => ({ nickname: `Early${phone.slice(-4)}`, password: `pw ${phone} typed` }),
  },
  { path: '/forget_password', form: 'resetForm', more: (phone) => ({ password: `pw ${phone} new` }) },
];

/** Which form cases run on which device: every form on the desktop; the phone pages that hydrate late. */
function formCases(device: Device): { form: FormCase; locale: Locale }[] {
  const cases: { form: FormCase; locale: Locale }[] = [];
  // A phone gets no reset form (the page sends it to a computer).
  for (const form of FORMS)
    for (const locale of ['zh', 'en'] as const)
      if (device === 'desktop' || form.path !== '/forget_password') cases.push({ form, locale });
  return cases;
}

/**
 * One page load per pace: the phone field is clicked (tapped) at once after the load and the number typed at
 * the pace from that moment, then the other fields; once hydrated, the fields must hold exactly what was typed,
 * and the login's request must carry it (the other forms: submitting marks only the missing code).
 */
async function typeBeforeHydration(page: EnginePage, form: FormCase, locale: Locale): Promise<string[]> {
  const t = TEXT[locale];
  const formName = t[form.form];
  const css = `form[aria-label="${formName}"]`;
  const failures: string[] = [];
  for (const pace of PACES) {
    const phone = uniquePhone();
    const more = form.more(phone);
    await page.goto(`${BASE_URL}${prefix(locale)}${form.path}`);
    const early = !(await page.evaluate(pageHydrated));
    await page.press(`${css} input[name="phone"]`, { scroll: false });
    await page.type(phone, pace);
    for (const [name, text] of Object.entries(more)) {
      await page.press(`${css} input[name="${name}"]`);
      await page.type(text, 0);
    }
    await waitForHydration(page);
    await sleep(300);
    const wanted = { phone, ...more };
    const values = await page.evaluate(fieldValues, { form: formName, names: Object.keys(wanted) });
    const label = `${pace} ms a key${early ? '' : ' (the page had hydrated before the first key)'}`;
    // Field by field: an engine's WebDriver may hand the object back with its keys in another order.
    if (Object.entries(wanted).some(([key, text]) => values[key] !== text)) {
      failures.push(`${label}: the fields hold ${JSON.stringify(values)}, typed ${JSON.stringify(wanted)}`);
      continue;
    }
    await page.evaluate(recordApiCalls);
    await page.press(`${css} button[type="submit"]:not([name="send"])`);
    if (form.path === '/login') {
      // No such account: the answer is the wrong-password message, and the request shows what was sent.
      const calls = await waitUntil(page, 'the login request', async () => {
        const list = (await page.evaluate(recordedApiCalls)).filter((c) => c.path === '/api/v2/web/userlogin');
        return list.length ? list : null;
      });
      const body = JSON.parse(calls[calls.length - 1].body ?? '{}') as { phone?: string; password?: string };
      if (body.phone !== phone || body.password !== more.password)
        failures.push(
          `${label}: the login request carried ${JSON.stringify({ phone: body.phone, password: body.password })}`,
        );
      await waitUntil(page, `the toast "${t.wrongPassword}"`, async () =>
        (await page.evaluate(toastTexts)).some((text) => text.includes(t.wrongPassword)),
      );
    } else {
      const invalid = await waitUntil(page, 'the validation', async () => {
        const list = await page.evaluate(invalidFields, formName);
        return list.length ? list : null;
      });
      if (JSON.stringify(invalid) !== JSON.stringify(['code']))
        failures.push(`${label}: submitting marked ${JSON.stringify(invalid)} invalid (only the code is missing)`);
    }
  }
  return failures;
}

/** Chromium's console line for the 400 a refused login answers (the typing checks log in to no account). */
const REFUSED_LOGIN = /^console\.error: Failed to load resource: the server responded with a status of 400/;

export function defineJourneys(name: EngineName): void {
  describe(`journeys in ${name}`, () => {
    let engine: Engine | undefined;
    before(async () => {
      engine = await launchEngine(name);
    });
    after(async () => {
      await engine?.close();
    });

    /** A journey: a fresh page; fails on the page's problems; a screenshot in e2e/artifacts/ when it fails. */
    const journey = (
      title: string,
      device: Device,
      body: (page: EnginePage) => Promise<void>,
      // Console lines a journey provokes on purpose (a refused login's 400, which Chromium logs).
      allowed: RegExp[] = [],
    ) =>
      test(`${name}: ${title}`, async () => {
        if (!engine) throw new Error(`${name} did not start (see the error of the "before" hook)`);
        const page = await engine.open({ device });
        try {
          await body(page);
          const problems = (await page.problems()).filter((line) => !allowed.some((re) => re.test(line)));
          assert.deepEqual(problems, [], `${name}: console errors, page errors or CSP violations`);
        } catch (error) {
          try {
            mkdirSync(ARTIFACTS_DIR, { recursive: true });
            const file = `${name}-${title.replace(/[^\w]+/g, '-').slice(0, 80)}.png`;
            writeFileSync(join(ARTIFACTS_DIR, file), await page.screenshot());
          } catch {
            // No screenshot: the failure itself matters.
          }
          const problems = await page.problems().catch(() => []);
          if (problems.length && error instanceof Error && !error.message.includes('console errors'))
            error.message += `\nProblems in the page:\n  ${problems.join('\n  ')}`;
          throw error;
        } finally {
          await page.close();
        }
      });

    for (const locale of ['zh', 'en'] as const) {
      journey(`home ${locale}: the header's and side bar's layers open and close`, 'desktop', async (page) => {
        const t = TEXT[locale];
        await page.goto(`${BASE_URL}${locale === 'en' ? '/en' : '/'}`);
        // This journey is about the layers: it starts once React has the page.
        await waitForHydration(page);
        const openers: Target[] = [
          { css: 'header nav button', text: t.clientDownload, exact: true },
          { css: 'header nav button', text: t.pluginDownload, exact: true },
          { css: 'aside button', text: t.consultant, exact: true },
        ];
        for (const opener of openers) {
          await page.press(opener);
          const [title] = await waitForDialog(page, true);
          assert.ok(title, `${name}: the ${opener.text} dialog has a title`);
          // What the layer loads after its first frame arrives: the tutorial video, the browsers' icons.
          if (opener.text === t.pluginDownload)
            await waitUntil(page, 'the video and the 10 browser icons', () => page.evaluate(layerMediaReady));
          await page.key('Escape');
          await waitForDialog(page, false);
          await page.press(opener);
          await waitForDialog(page, true);
          await page.press({ css: '[role="dialog"] button', text: t.close, exact: true });
          await waitForDialog(page, false);
        }
      });
    }

    journey('the language switch: 中文 → English → 中文 keeps the page', 'desktop', async (page) => {
      await page.goto(`${BASE_URL}/business-college/ecommerce-intro`);
      await page.press({ css: 'header fieldset button', text: 'English', exact: true });
      await waitForPath(page, '/en/business-college/ecommerce-intro');
      await waitUntil(page, 'the English page', () =>
        page.evaluate(
          () =>
            document.documentElement.lang === 'en' &&
            document.querySelector('header fieldset button[lang="en"]')?.getAttribute('aria-pressed') === 'true',
        ),
      );
      await sleep(300);
      await page.press({ css: 'header fieldset button', text: '中文', exact: true });
      await waitForPath(page, '/business-college/ecommerce-intro');
      await waitUntil(page, 'the Chinese page', () =>
        page.evaluate(() => document.documentElement.lang.startsWith('zh')),
      );
    });

    for (const device of ['desktop', 'phone'] as const) {
      for (const { form, locale } of formCases(device)) {
        journey(
          `${prefix(locale)}${form.path} on a ${device}: typed from the first ${device === 'phone' ? 'tap' : 'click'} at ${PACES.join(', ')} ms a key, nothing is lost`,
          device,
          async (page) => {
            const failures = await typeBeforeHydration(page, form, locale);
            assert.deepEqual(failures, [], `${name}: what was typed before hydration`);
          },
          form.path === '/login' ? [REFUSED_LOGIN] : [],
        );
      }
    }

    journey('phone /en/login and /en/register: the empty form and the way switch answer', 'phone', async (page) => {
      const login = TEXT.en.loginForm;
      const css = `form[aria-label="${login}"]`;
      const missing = { phone: 'Enter your phone number', password: 'Enter your password' };
      await page.goto(`${BASE_URL}/en/login`);
      await waitForHydration(page);
      await page.press(`${css} button[type="submit"]:not([name="send"])`, { scroll: false });
      assert.deepEqual(await page.evaluate(shownMessages, login), missing, `${name}: "Log in" answered`);
      await page.press({ css: `${css} fieldset a`, text: 'SMS code', exact: true }, { scroll: false });
      assert.deepEqual(await page.evaluate(shownFields, login), ['phone', 'code'], `${name}: the code field shows`);
      assert.deepEqual(await page.evaluate(shownMessages, login), {}, `${name}: the switch clears the messages`);
      await page.press(`${css} button[type="submit"]:not([name="send"])`, { scroll: false });
      assert.deepEqual(await page.evaluate(shownMessages, login), { phone: missing.phone, code: 'Enter the code' });

      const register = TEXT.en.registerForm;
      await page.goto(`${BASE_URL}/en/register`);
      await waitForHydration(page);
      await page.press(`form[aria-label="${register}"] button[type="submit"]:not([name="send"])`);
      const all = {
        phone: missing.phone,
        code: 'Enter the code',
        nickname: 'Choose a nickname',
        password: missing.password,
      };
      assert.deepEqual(await page.evaluate(shownMessages, register), all, `${name}: "Register" answered`);
    });

    journey('password login on /login reaches the workbench with the success toast', 'desktop', async (page) => {
      const account = await newAccount();
      const css = `form[aria-label="${TEXT.zh.loginForm}"]`;
      await page.goto(`${BASE_URL}/login`);
      // Hydrated first (the pointer over the page), so this checks the login itself, not early typing.
      await page.hover(300, 30);
      await waitForHydration(page);
      await sleep(500);
      await page.press(`${css} input[name="phone"]`);
      await page.type(account.phone, 0);
      await page.press(`${css} input[name="password"]`);
      await page.type(account.password, 0);
      await waitForHydration(page);
      await page.evaluate(watchToasts);
      await page.press(`${css} button[type="submit"]:not([name="send"])`);
      await assertReachedWorkbench(page, 'zh', '/login');
    });

    journey('QR login on the desktop /login: square code, WeChat scan, bind, workbench', 'desktop', async (page) => {
      const account = await newAccount();
      await page.goto(`${BASE_URL}/login`);
      await page.press({ css: '[role="tab"]', text: TEXT.zh.scanTab, exact: true });
      await waitUntil(page, 'the WeChat tab selected', () =>
        page.evaluate(
          () => document.querySelector('[role="tab"][id$="-tab-scan"]')?.getAttribute('aria-selected') === 'true',
        ),
      );
      const qr = await waitUntil(page, 'the QR code', () => page.evaluate(qrImage));
      assertSquare(name, qr);
      await scanAsNewWeChat(qr.url, 'zh');
      await bindAndLogIn(page, 'zh', account);
      await assertReachedWorkbench(page, 'zh', '/login (WeChat tab)', 'bindSuccess');
    });

    journey('QR login on the phone /en/scan_code: square code, WeChat scan, bind, workbench', 'phone', async (page) => {
      const account = await newAccount();
      await page.goto(`${BASE_URL}/en/scan_code`);
      const qr = await waitUntil(page, 'the QR code', () => page.evaluate(qrImage));
      assertSquare(name, qr);
      // The code drawn is the one the server put in the page's HTML, and the app asked for no other: binding
      // below signs in only if the app polls that ticket.
      const fromPage = await page.evaluate(
        () => JSON.parse(document.getElementById('portal-env')?.textContent ?? '{}').scanCode?.qrUrl ?? null,
      );
      assert.equal(qr.url, fromPage, `${name}: the code drawn is the page's own`);
      const asked = await page.evaluate(
        () =>
          performance.getEntriesByType('resource').filter((entry) => entry.name.includes('create_login_qrcode')).length,
      );
      assert.equal(asked, 0, `${name}: the app made no second code`);
      await scanAsNewWeChat(qr.url, 'en');
      await bindAndLogIn(page, 'en', account);
      await assertReachedWorkbench(page, 'en', '/en/scan_code', 'bindSuccess');
    });

    journey('logout from the header ends the session', 'desktop', async (page) => {
      const account = await newAccount();
      const answer = await callApi<{ Authorization: string; userName: string }>(BASE_URL, '/v2/web/userlogin', {
        body: { phone: account.phone, countryCode: 1, password: account.password },
      });
      const info = answer.body.data;
      assert.ok(info?.Authorization, 'the API login gave a token');
      // What a login leaves in the browser (src/app/session.ts): the token cookie and userInfo.
      await page.goto(`${BASE_URL}/site-map`);
      // Setting the session is the test's shortcut, not a visitor's step: let the page finish its idle loads first
      // (leaving a page mid-load is the page-load journey's subject, and Firefox logs a cancelled load there).
      await waitForHydration(page);
      await sleep(1500);
      await page.evaluate(
        (arg) => {
          // biome-ignore lint/suspicious/noDocumentCookie: the login's cookie, set as the app's session code does
          document.cookie = `Authorization=${arg.token}; path=/`;
          localStorage.setItem('userInfo', arg.info);
        },
        { token: info.Authorization, info: JSON.stringify(info) },
      );
      await page.goto(`${BASE_URL}/`);
      await page.press({ css: 'header button[aria-expanded]', text: info.userName });
      await page.press({ css: 'header button', text: TEXT.zh.logout, exact: true });
      await waitUntil(page, 'the session cleared', () =>
        page.evaluate(() => localStorage.getItem('userInfo') === null && !document.cookie.includes('Authorization=')),
      );
      const state = await callApi(BASE_URL, '/v2/dm_user_base_info', { method: 'GET', token: info.Authorization });
      assert.notEqual(state.status, 200, `${name}: the server no longer accepts the token`);
    });

    journey('the college: a list opens an article', 'desktop', async (page) => {
      await page.goto(`${BASE_URL}/business-college/ecommerce-intro`);
      const link = 'section[aria-labelledby="college-list-title"] ol li h2 a';
      const title = await page.evaluate(
        (css) => (document.querySelector(css)?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        link,
      );
      assert.ok(title, `${name}: the list shows articles`);
      await page.press(link);
      await waitUntil(page, 'the article', async () =>
        /^\/business-college\/ecommerce-intro\/\d+$/.test(await pathOf(page)),
      );
      await waitUntil(page, `the article's heading "${title}"`, () =>
        page.evaluate(
          (text) => (document.querySelector('main h1')?.textContent ?? '').replace(/\s+/g, ' ').trim() === text,
          title,
        ),
      );
    });

    const LOAD_PAGES = [
      '/',
      '/en',
      '/login',
      '/en/register',
      '/forget_password',
      '/en/scan_code',
      '/business-college/ecommerce-intro',
    ];
    journey(
      `every page loads without console errors or CSP violations (${LOAD_PAGES.join(', ')})`,
      'desktop',
      async (page) => {
        for (const path of LOAD_PAGES) {
          await page.goto(`${BASE_URL}${path}`);
          await sleep(500);
        }
        if (name === 'webkit') {
          // The engine's own console (a directive it rejects, a failed load): WebDriver cannot read it.
          const lines = await (engine as WebKitEngine).consoleAtLoad(
            LOAD_PAGES.map((path) => `${BASE_URL}${path}`),
            'desktop',
          );
          assert.deepEqual(lines, [], `${name}: the engine's console while the pages load`);
        }
      },
    );
  });
}
