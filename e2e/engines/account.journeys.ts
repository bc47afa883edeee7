/**
 * The seller's account page in the three engines, against this file's own server (NODE_ENV=bench with a test clock,
 * TEST_CLOCK_FILE: server/ops/test-clock.ts), each journey with a fresh account registered through the API:
 * - change the password on /account, then log in with the new one (and not with the old one);
 * - sign out another device (a second session made through the API) from the device list: its next call answers
 *   40002, the forced logout;
 * - close the account (statement, password, confirmation: signed out), sign in again (only "cancel the closure"),
 *   cancel, close again, let the cooling-off period pass on the test clock (the sweep erases the account), and
 *   register the same phone anew.
 * - on a phone, signed out: /en/account is the login's, which comes back to it (never to registration).
 * The one-step SMS sign-in with a new phone and the WeChat-browser sign-in are the sign-in paths' journeys
 * (e2e/engines/signin-paths.journeys.ts, three engines; e2e/specs/signin-paths.spec.ts in Chromium). Every page must be free of console errors and CSP violations.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Account, callApi, captchaTicket, registerAccount, tokenState, tryLogin } from '../support/accounts-api';
import { ARTIFACTS_DIR } from '../support/artifacts';
import { type PortalServer, startPortalServer, TEST_DIST } from '../support/portal-server';
import { sleep } from '../support/wait';
import { type Device, ENGINES, type EnginePage } from './engine';
import { launchEngine } from './journeys';

// Ports of this file's own server, beside the run's (E2E_PORT, +1): +12 and +13.
const BASE_PORT = Number(process.env.E2E_PORT ?? 5030);
const PORT = BASE_PORT + 12;
const LOG = join(ARTIFACTS_DIR, `server-account-${PORT}.log`);
const DAY = 86_400;

let server: PortalServer | undefined;
let dataDir = '';
let clockFile = '';
let clockSeconds = 0;

const base = () => (server as PortalServer).baseUrl;
const LOGIN_FORM = 'form[aria-label="账号登录"]';

async function waitUntil<T>(page: EnginePage, what: string, check: () => Promise<T | false | null | undefined>) {
  const deadline = Date.now() + 15_000;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${page.engine}: timed out waiting for ${what} on ${await page.url()}${last ? `: ${last}` : ''}`);
    await sleep(100);
  }
}

const pathOf = async (page: EnginePage) => new URL(await page.url()).pathname;

/** The page's text (what a reader sees). */
// biome-ignore lint/performance/useDomNodeTextContent: innerText leaves out hidden text, as a reader would
const pageText = (page: EnginePage) => page.evaluate(() => document.body.innerText);

function hydrated(): boolean {
  const node = document.querySelector('main form, form');
  return !!node && Object.keys(node).some((key) => key.startsWith('__reactFiber'));
}

/** Logs in with the password on /login?redirect=/account; resolves on the page it lands on. */
async function logIn(page: EnginePage, phone: string, password: string): Promise<void> {
  await page.goto(`${base()}/login?redirect=/account`);
  await page.hover(300, 30);
  await waitUntil(page, 'hydration', () => page.evaluate(hydrated));
  await page.press(`${LOGIN_FORM} input[name="phone"]`);
  await page.type(phone, 0);
  await page.press(`${LOGIN_FORM} input[name="password"]`);
  await page.type(password, 0);
  await page.press(`${LOGIN_FORM} button[type="submit"]:not([name="send"])`);
}

async function openAccount(page: EnginePage, account: Account): Promise<void> {
  await logIn(page, account.phone, account.password);
  await waitUntil(page, 'the account page', async () => (await pathOf(page)) === '/account');
  await waitUntil(page, 'the sections', async () => (await pageText(page)).includes('基本资料'));
}

/** Types into the field `name` of the form labelled `form`. */
async function fill(page: EnginePage, form: string, name: string, text: string) {
  await page.press(`form[aria-label="${form}"] input[name="${name}"]`);
  await page.type(text, 0);
}

/** Closes the account from its page with the password: the statement is there, then the page signs out. */
async function closeAccount(page: EnginePage, account: Account) {
  const text = await pageText(page);
  assert.ok(text.includes('15 天冷静期'), 'the closure statement names the cooling-off period');
  await fill(page, '注销账号', 'currentPassword', account.password);
  await page.press('form[aria-label="注销账号"] input[name="agree"]');
  await page.press('form[aria-label="注销账号"] button[type="submit"]');
  await waitUntil(page, 'the login after the closure', async () => (await pathOf(page)) === '/login');
  // The login page's code has loaded (leaving while it loads would be a cancelled load, not the journey).
  await waitUntil(page, 'the login page', () => page.evaluate(hydrated));
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'account-journeys-'));
  clockFile = join(dataDir, 'clock');
  writeFileSync(clockFile, '0');
  server = await startPortalServer({
    port: PORT,
    brand2Port: PORT + 1,
    distDir: TEST_DIST,
    logFile: LOG,
    dataDir,
    env: {
      NODE_ENV: 'bench',
      BENCH_UNLIMITED: '1',
      TEST_CLOCK_FILE: clockFile,
      SMS_BUDGET_TOTAL: '100000/100000',
      SMS_BUDGET_COUNTRIES: '86=100000/100000',
    },
  });
  // The first answers of a fresh server wait for its database: the journeys start once it answers a captcha.
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await captchaTicket(base());
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(1000);
    }
  }
});

after(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const engineName of ENGINES) {
  describe(`account page in ${engineName}`, () => {
    const journey = (name: string, run: (page: EnginePage) => Promise<void>, device: Device = 'desktop') =>
      test(name, async () => {
        const engine = await launchEngine(engineName);
        try {
          const page = await engine.open({ device });
          await run(page);
          // A closing account's sign-in answers HTTP 403 (40030, the contract's answer the app turns into the
          // closure's screen): the engines log that answer; nothing else may show up.
          const problems = (await page.problems()).filter((line) => !/status of 403 \(Forbidden\)/.test(line));
          assert.deepEqual(problems, []);
          await page.close();
        } finally {
          await engine.close();
        }
      });

    journey(
      'on a phone, signed out: the login, then back to the account page in English',
      async (page) => {
        const account = await registerAccount(base(), { log: LOG });
        await page.goto(`${base()}/en/account`);
        await waitUntil(page, 'the login', async () => (await pathOf(page)) === '/en/login');
        assert.equal(new URL(await page.url()).searchParams.get('redirect'), '/en/account');
        await page.hover(10, 10).catch(() => {});
        await waitUntil(page, 'hydration', () => page.evaluate(hydrated));
        const form = 'form[aria-label="Log in"]';
        await page.press(`${form} input[name="phone"]`);
        await page.type(account.phone, 0);
        await page.press(`${form} input[name="password"]`);
        await page.type(account.password, 0);
        await page.press(`${form} button[type="submit"]:not([name="send"])`);
        // A phone is not sent to registration from the account page.
        await waitUntil(page, 'the account page', async () => (await pathOf(page)) === '/en/account');
        await waitUntil(page, 'the sections', async () => (await pageText(page)).includes(account.phone.slice(-4)));
      },
      'phone',
    );

    journey('change the password, then log in with the new one', async (page) => {
      const account = await registerAccount(base(), { log: LOG });
      await openAccount(page, account);
      const fresh = `${account.password} new`;
      await fill(page, '修改密码', 'currentPassword', account.password);
      await fill(page, '修改密码', 'newPassword', fresh);
      await page.press('form[aria-label="修改密码"] button[type="submit"]');
      await waitUntil(page, 'the change', async () => (await pageText(page)).includes('密码已修改'));
      assert.equal(
        (await tryLogin(base(), account.phone, account.password)).code,
        40003,
        'the old password is refused',
      );
      const again = await asNewVisitor(page);
      await logIn(again, account.phone, fresh);
      await waitUntil(again, 'the account page', async () => (await pathOf(again)) === '/account');
    });

    journey('sign out another device: its next call is the forced logout', async (page) => {
      const account = await registerAccount(base(), { log: LOG });
      const other = await callApi<{ Authorization: string }>(base(), '/v2/web/userlogin', {
        body: { phone: account.phone, countryCode: 1, password: account.password },
      });
      const otherToken = (other.body.data as { Authorization: string }).Authorization;
      await openAccount(page, account);
      const row = { css: '[data-testid="device"] button', text: '退出登录' };
      await waitUntil(page, 'the other device', async () => (await pageText(page)).includes('本设备'));
      await page.press(row);
      await waitUntil(page, 'the sign-out', async () => (await pageText(page)).includes('已退出所选设备的登录'));
      assert.equal((await tokenState(base(), otherToken)).code, 40002, 'the signed-out device is forced to log out');
      // The registration's session (the third device) was not touched.
      assert.equal((await tokenState(base(), account.userInfo.Authorization)).code, 200);
    });

    journey(
      'close, cancel within the period, close again, let the period pass, register the phone anew',
      async (page) => {
        const account = await registerAccount(base(), { log: LOG });
        await openAccount(page, account);
        await closeAccount(page, account);
        // Signing in during the period offers only the cancel.
        await logIn(page, account.phone, account.password);
        await waitUntil(page, 'the closing account', async () => (await pageText(page)).includes('账号正在注销'));
        assert.ok(!(await pageText(page)).includes('基本资料'), 'nothing but the cancel is offered');
        await page.press({ css: 'button[type="submit"]', text: '撤销注销' });
        await waitUntil(page, 'the account again', async () => (await pageText(page)).includes('基本资料'));
        await closeAccount(page, account);
        // The period passes: the server's clock moves 16 days on, and the sweep erases the account.
        clockSeconds += 16 * DAY;
        writeFileSync(clockFile, String(clockSeconds));
        let anew: Account | null = null;
        for (let tries = 0; !anew && tries < 30; tries++) {
          anew = await registerAccount(base(), { phone: account.phone, log: LOG }).catch(async () => {
            await sleep(500);
            return null;
          });
        }
        assert.ok(anew, 'the phone registers anew once the period has passed');
        assert.notEqual(anew.userInfo.userId, account.userInfo.userId);
      },
    );
  });
}

/** The same page as a visitor without a session (WebKitGTK's driver allows one session at a time). */
async function asNewVisitor(page: EnginePage): Promise<EnginePage> {
  await page.goto(`${base()}/robots.txt`);
  await page.evaluate(() => {
    localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: the login's cookie, cleared as a new visitor has none
    document.cookie = 'Authorization=; path=/; max-age=0';
  });
  return page;
}
