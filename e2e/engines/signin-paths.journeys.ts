/**
 * The two sign-in paths sellers use every day, in the three engines (Chromium, Firefox, WebKitGTK), against the
 * journeys' server (e2e/run.ts: built-in SMS sink, captcha and WeChat simulator):
 * - one-step SMS sign-in with a phone that has no account: a code on the login's SMS way creates the account, the
 *   welcome is shown, and the landing greets the new seller by the default nickname;
 * - sign-in inside WeChat's browser (a MicroMessenger user agent on a phone): "使用微信登录" on /scan_code → the
 *   simulator's authorise page (a new identity) → back on /scan_code, where the unbound WeChat is bound to an
 *   account with an SMS code, which signs in; then, as a new visitor in the same browser, the same identity
 *   signs in at once (the authorise page's identity list); once that account is closing, the same WeChat's
 *   sign-in lands on the account page's only choice, "cancel the closure";
 * - bind a WeChat on the account page by scanning its bind code (the simulator plays the phone): the page then
 *   shows the binding.
 * The SMS codes are sent through the API (the captcha's drag is the QR and account journeys' business) and read
 * from the server log. Chromium's version with Playwright's locators: e2e/specs/signin-paths.spec.ts.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { callApi, registerAccount, sendCodeWhenAllowed } from '../support/accounts-api';
import { ARTIFACTS_DIR } from '../support/artifacts';
import { BASE_URL } from '../support/env';
import { uniquePhone } from '../support/sms';
import { ENGINES, type Engine, type EnginePage, type OpenOptions } from './engine';
import {
  assertReachedWorkbench,
  bindAndLogIn,
  launchEngine,
  pathOf,
  scanAsNewWeChat,
  seenToasts,
  WORKBENCH,
  waitForHydration,
  waitUntil,
  watchToasts,
} from './journeys';

const WECHAT_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const LOGIN_FORM = 'form[aria-label="账号登录"]';

// biome-ignore lint/performance/useDomNodeTextContent: innerText leaves out hidden text, as a reader would
const pageText = (page: EnginePage) => page.evaluate(() => document.body.innerText);

/** On the authorise page, "Sign in with WeChat" from /scan_code, in WeChat's browser. */
async function toAuthorisePage(page: EnginePage): Promise<void> {
  await page.goto(`${BASE_URL}/scan_code`);
  await waitForHydration(page);
  await page.press({ css: '[data-testid="wechat-sign-in"]', text: '使用微信登录', exact: true });
  await waitUntil(
    page,
    'the simulator’s authorise page',
    async () => (await pathOf(page)) === '/wx-sim/oauth/authorize',
    15_000,
  );
}

/** The code the QR panel shows (its address), once drawn. */
function qrUrl(): string | null {
  const image = document.querySelector('img[data-qr-url]') as HTMLImageElement | null;
  return image?.complete && image.naturalWidth > 0 ? image.getAttribute('data-qr-url') : null;
}

/** A new visitor in the same browser: no session (the simulator's identities of this browser are kept). */
async function signOutHere(page: EnginePage): Promise<void> {
  await page.evaluate(() => {
    localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: the login's cookie, cleared as a new visitor has none
    document.cookie = 'Authorization=; path=/; max-age=0';
  });
}

for (const engineName of ENGINES) {
  describe(`sign-in paths in ${engineName}`, () => {
    let engine: Engine | undefined;
    before(async () => {
      engine = await launchEngine(engineName);
    });
    after(async () => {
      await engine?.close();
    });

    const journey = (title: string, options: OpenOptions, body: (page: EnginePage) => Promise<void>) =>
      test(`${engineName}: ${title}`, async () => {
        if (!engine) throw new Error(`${engineName} did not start (see the error of the "before" hook)`);
        const page = await engine.open(options);
        try {
          await body(page);
          assert.deepEqual(await page.problems(), [], `${engineName}: console errors, page errors or CSP violations`);
        } catch (error) {
          try {
            mkdirSync(ARTIFACTS_DIR, { recursive: true });
            const file = `${engineName}-${title.replace(/[^\w]+/g, '-').slice(0, 80)}.png`;
            writeFileSync(join(ARTIFACTS_DIR, file), await page.screenshot());
          } catch {
            // No screenshot: the failure itself matters.
          }
          throw error;
        } finally {
          await page.close();
        }
      });

    journey(
      'SMS sign-in with a new phone: the account is created, welcomed and greeted',
      { device: 'desktop' },
      async (page) => {
        const phone = uniquePhone();
        await page.goto(`${BASE_URL}/login?way=sms`);
        await page.hover(300, 30);
        await waitForHydration(page);
        await page.press(`${LOGIN_FORM} input[name="phone"]`);
        await page.type(phone, 0);
        // A login code goes to a phone without an account as to any other.
        const code = await sendCodeWhenAllowed(BASE_URL, phone, 'login');
        await page.press(`${LOGIN_FORM} input[name="code"]`);
        await page.type(code, 0);
        await page.evaluate(watchToasts);
        await page.press(`${LOGIN_FORM} button[type="submit"]:not([name="send"])`);
        await waitUntil(page, 'the landing', async () => (await pathOf(page)) === WORKBENCH, 15_000);
        await waitUntil(page, 'the welcome', async () =>
          (await page.evaluate(seenToasts)).some((text) => text.includes('欢迎！账号已创建，免费试用已开始')),
        );
        // The landing greets the new seller by the default nickname (the phone's last four digits).
        await waitUntil(page, 'the greeting', async () =>
          (await pageText(page)).includes(`欢迎，用户${phone.slice(-4)}`),
        );
      },
    );

    journey(
      'inside WeChat’s browser: the authorisation, bind to an account, then the same WeChat signs in at once',
      { device: 'phone', userAgent: WECHAT_USER_AGENT },
      async (page) => {
        const account = await registerAccount(BASE_URL, { nickname: `微信${uniquePhone().slice(-4)}` });
        await toAuthorisePage(page);
        await page.press('input#nickname');
        await page.type(`WX${uniquePhone().slice(-6)}`, 0);
        await page.press('[data-testid="sim-authorize"]');
        await waitUntil(
          page,
          'the return to /scan_code',
          async () => {
            const url = new URL(await page.url());
            return url.pathname === '/scan_code' && url.searchParams.get('wx_oauth') === 'unbound';
          },
          15_000,
        );
        // The QR login's unbound state: bind an account (with an SMS code to its phone), which signs in.
        await bindAndLogIn(page, 'zh', account);
        await assertReachedWorkbench(page, 'zh', '/scan_code (WeChat browser)', 'bindSuccess');
        await waitUntil(page, 'the greeting', async () => (await pageText(page)).includes(account.nickname));

        // A new visitor in the same WeChat: the authorise page offers the identity just bound, which logs in.
        await signOutHere(page);
        await toAuthorisePage(page);
        await page.press('[data-testid="sim-identity"] input[type="radio"]');
        await page.press('[data-testid="sim-authorize"]');
        await waitUntil(page, 'the landing', async () => (await pathOf(page)) === WORKBENCH, 15_000);
        await waitUntil(page, 'the greeting', async () => (await pageText(page)).includes(account.nickname));

        // The account is closing: the same WeChat's sign-in offers only "cancel the closure".
        const closed = await callApi(BASE_URL, '/v2/account/close', {
          body: { password: account.password },
          token: account.userInfo.Authorization,
        });
        assert.equal(closed.body.code, 200, `the closure: ${JSON.stringify(closed.body)}`);
        await signOutHere(page);
        await toAuthorisePage(page);
        await page.press('[data-testid="sim-identity"] input[type="radio"]');
        await page.press('[data-testid="sim-authorize"]');
        await waitUntil(page, 'the account page', async () => (await pathOf(page)) === '/account', 15_000);
        await waitUntil(page, 'the closing account', async () => (await pageText(page)).includes('账号正在注销'));
        await page.press({ css: 'button[type="submit"]', text: '撤销注销' });
        await waitUntil(page, 'the account again', async () => (await pageText(page)).includes('基本资料'));
      },
    );

    journey('bind a WeChat on the account page by scanning its code', { device: 'desktop' }, async (page) => {
      const account = await registerAccount(BASE_URL, { nickname: `绑定${uniquePhone().slice(-4)}` });
      await page.goto(`${BASE_URL}/login?redirect=/account`);
      await page.hover(300, 30);
      await waitForHydration(page);
      await page.press(`${LOGIN_FORM} input[name="phone"]`);
      await page.type(account.phone, 0);
      await page.press(`${LOGIN_FORM} input[name="password"]`);
      await page.type(account.password, 0);
      await page.press(`${LOGIN_FORM} button[type="submit"]:not([name="send"])`);
      await waitUntil(page, 'the account page', async () => (await pathOf(page)) === '/account', 15_000);
      await waitUntil(page, 'the WeChat section', async () => (await pageText(page)).includes('未绑定微信'));
      // By its test id: its words reach the build's catalogs with the next messages:extract.
      await page.press('[data-testid="wechat-bind"]');
      const url = await waitUntil(page, 'the bind code', () => page.evaluate(qrUrl));
      const nickname = `WX${uniquePhone().slice(-6)}`;
      await scanAsNewWeChat(url, 'zh', nickname);
      await waitUntil(page, 'the binding', async () => (await pageText(page)).includes(`已绑定微信：${nickname}`));
      const state = await callApi<{ wechat: { nickname: string } | null }>(BASE_URL, '/v2/account', {
        method: 'GET',
        token: account.userInfo.Authorization,
      });
      assert.equal(state.body.data?.wechat?.nickname, nickname, 'the server stores the binding');
    });
  });
}
