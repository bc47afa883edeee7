/**
 * The session (docs/product.md#states, #errors-and-messages) in the browser: a 401 from the server ends it (cleared, back on
 * login, no logout event), the plug-in's `user-login-out` event logs a logged-in user out without the page
 * echoing the event, and logging in or out in one tab is followed by the other tabs.
 * Accounts are made through the API (one SMS code each); logins go through the login page.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Locale } from '../../shared/locale';
import { AuthPage, WORKBENCH, watchLogoutCalls } from '../models/auth-page';
import { type Account, logoutToken, registerAccount, tokenState } from '../support/accounts-api';
import { browserForThisFile, pageTest, withPage } from '../support/browser';
import { BASE_URL } from '../support/env';
import {
  fireLogoutAsPlugin,
  firePlainLogoutEvent,
  recordedLogoutEvents,
  recordLogoutEventsIn,
} from '../support/logout-events';
import { eventually, sleep } from '../support/wait';

const browser = browserForThisFile();
const contextLocale = (locale: Locale) => ({ locale: locale === 'zh' ? 'zh-CN' : 'en-US' });

/** Logs in on the login page and waits for the workbench; returns the token the browser now holds. */
async function logInThroughPage(auth: AuthPage, account: Account): Promise<string> {
  await auth.open('/login');
  await auth.logIn(account.phone, account.password);
  await auth.waitForPath(WORKBENCH);
  const token = await auth.authCookie();
  assert.ok(token, 'logged in: the cookie holds a token');
  return token;
}

/** The session is gone from the browser: no cookie, no userInfo or registeInfo, the header offers login. */
async function assertLoggedOut(auth: AuthPage, name: string) {
  await auth.headerLogin.waitFor();
  assert.equal(await auth.userMenu(name).count(), 0, 'the header no longer shows the name');
  assert.equal(await auth.authCookie(), undefined, 'the Authorization cookie is gone');
  assert.equal(await auth.localStorageItem('userInfo'), null, 'userInfo is gone');
  assert.equal(await auth.localStorageItem('registeInfo'), null, 'registeInfo is gone');
}

describe('forced logout on 401', () => {
  pageTest(
    'a revoked token (40002) and a malformed one (401) end the session: cleared, back on login, no event',
    browser,
    async ({ page, context }) => {
      const account = await registerAccount(BASE_URL);
      await recordLogoutEventsIn(context);
      const calls = watchLogoutCalls(page);
      const answers: { status: number; code: number }[] = [];
      page.on('response', async (response) => {
        if (new URL(response.url()).pathname !== '/api/v2/web/userlogout') return;
        const body = (await response.json().catch(() => ({}))) as { code?: number };
        answers.push({ status: response.status(), code: body.code ?? 0 });
      });

      // zh: the token is revoked elsewhere (another device logs it out), then the page calls the API with it.
      const zh = new AuthPage(page, 'zh');
      const token = await logInThroughPage(zh, account);
      // A visit with attribution leaves a registeInfo, which the forced logout must clear too.
      await zh.open('/?utm_term=e2e-session');
      assert.ok(await zh.localStorageItem('registeInfo'), 'registeInfo was stored from the URL');
      await zh.userMenu(account.nickname).waitFor();
      assert.equal((await logoutToken(BASE_URL, token, account.nickname)).status, 200, 'revoked on the server');
      await zh.logOutFromHeader(account.nickname);
      await zh.waitForPath('/login');
      await assertLoggedOut(zh, account.nickname);
      await eventually(() =>
        assert.deepEqual(answers, [{ status: 401, code: 40002 }], 'the call was answered 401 / 40002 (revoked)'),
      );
      assert.equal(await zh.toast(zh.text.logoutFailed).count(), 0, 'no "logout failed" toast');

      // en: the cookie holds something that is not a token at all.
      const en = new AuthPage(page, 'en');
      await logInThroughPage(en, account);
      await context.addCookies([{ name: 'Authorization', value: 'not-a-token', url: BASE_URL }]);
      await en.open('/');
      await en.userMenu(account.nickname).waitFor();
      await en.logOutFromHeader(account.nickname);
      await en.waitForPath('/login');
      await assertLoggedOut(en, account.nickname);
      await eventually(() =>
        assert.deepEqual(
          answers.at(-1),
          { status: 401, code: 401 },
          'the call was answered 401 / 401 (no valid token)',
        ),
      );
      assert.equal(calls.at(-1)?.token, 'not-a-token', 'the page sent what the cookie held');
      assert.equal(await en.toast(en.text.logoutFailed).count(), 0, 'no "Logout failed" toast');

      // Neither forced logout fired the window event (only a successful logout does, docs/product.md#states).
      assert.deepEqual(await recordedLogoutEvents(page), [], 'no user-login-out event');
    },
  );

  pageTest('the workbench with a dead token leads to login and clears the cookie', browser, async ({ page }) => {
    const account = await registerAccount(BASE_URL);
    const auth = new AuthPage(page, 'zh');
    const token = await logInThroughPage(auth, account);
    await logoutToken(BASE_URL, token, account.nickname);
    await page.goto(WORKBENCH);
    await auth.waitForPath('/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), WORKBENCH, 'login knows where to go back');
    await auth.headerLogin.waitFor();
    assert.equal(await auth.authCookie(), undefined, 'the dead cookie is cleared');
    // Logging in again goes back to the workbench.
    await auth.logIn(account.phone, account.password);
    await auth.waitForPath(WORKBENCH);
  });
});

describe('the redirect after login stays on this site', () => {
  for (const redirect of [
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/en/..//evil.example/phish',
  ]) {
    pageTest(`login?redirect=${redirect} ends on the workbench of this site`, browser, async ({ page }) => {
      const account = await registerAccount(BASE_URL);
      const leftFor: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest() && new URL(request.url()).origin !== BASE_URL) leftFor.push(request.url());
      });
      const auth = new AuthPage(page, 'zh');
      await auth.open(`/login?redirect=${encodeURIComponent(redirect)}`);
      await auth.logIn(account.phone, account.password);
      await auth.waitForPath(WORKBENCH);
      assert.equal(new URL(page.url()).origin, BASE_URL, 'still on this site');
      assert.deepEqual(leftFor, [], 'no navigation to another host');
    });
  }
});

describe('the plug-in event', () => {
  pageTest(
    "the plug-in's user-login-out logs the user out without the page echoing it",
    browser,
    async ({ page, context }) => {
      const account = await registerAccount(BASE_URL, { nickname: 'Plugin user' });
      await recordLogoutEventsIn(context);
      const calls = watchLogoutCalls(page);
      const auth = new AuthPage(page, 'en');
      const token = await logInThroughPage(auth, account);
      await auth.open('/');
      await auth.userMenu(account.nickname).waitFor();

      // As the plug-in relays another tab's logout: a CustomEvent marked as relayed by the plug-in.
      await fireLogoutAsPlugin(page);
      await auth.waitForPath('/login');
      await assertLoggedOut(auth, account.nickname);
      assert.deepEqual(calls, [{ method: 'POST', body: { userName: account.nickname }, token }], 'the server is told');
      assert.deepEqual(await tokenState(BASE_URL, token), { status: 401, code: 40002 }, 'the token is revoked');
      const events = await recordedLogoutEvents(page);
      assert.equal(events.length, 1, `only the plug-in's event, no echo from the page: ${JSON.stringify(events)}`);
      assert.equal((events[0].detail as { source?: string } | null)?.source, 'starreach-plugin');

      // Logged out, the event changes nothing.
      await firePlainLogoutEvent(page);
      await sleep(500);
      assert.equal(calls.length, 1, 'no logout call when nobody is logged in');
    },
    contextLocale('en'),
  );

  pageTest(
    'a plain user-login-out Event (the plug-in logging out by itself) logs out too',
    browser,
    async ({ page }) => {
      const account = await registerAccount(BASE_URL);
      const calls = watchLogoutCalls(page);
      const auth = new AuthPage(page, 'zh');
      await logInThroughPage(auth, account);
      await auth.open('/business-college');
      await auth.userMenu(account.nickname).waitFor();
      await firePlainLogoutEvent(page);
      await auth.waitForPath('/login');
      await assertLoggedOut(auth, account.nickname);
      assert.deepEqual(
        calls.map((call) => call.body),
        [{ userName: account.nickname }],
      );
    },
  );
});

describe('several tabs', () => {
  pageTest('logging out in one tab logs out the other tab', browser, async ({ page, context }) => {
    const account = await registerAccount(BASE_URL);
    const calls = watchLogoutCalls(context);
    const first = new AuthPage(page, 'zh');
    await logInThroughPage(first, account);
    const second = new AuthPage(await context.newPage(), 'zh');
    await second.open('/business-college');
    await second.userMenu(account.nickname).waitFor();

    await first.open('/');
    await first.logOutFromHeader(account.nickname);
    await first.waitForPath('/login');
    await assertLoggedOut(first, account.nickname);
    // The other tab follows without a call of its own.
    await assertLoggedOut(second, account.nickname);
    assert.equal(calls.length, 1, 'one logout call for both tabs');
  });

  // The other tab may hear the storage event before the new cookie is visible to it; the listeners read the
  // session again shortly after (src/app/session-listeners.tsx). This failed about half of the runs before that.
  test('logging in in one tab shows in the other tab', (t) =>
    withPage(t, browser(), contextLocale('zh'), async ({ page, context }) => {
      const account = await registerAccount(BASE_URL);
      const first = new AuthPage(page, 'zh');
      const second = new AuthPage(await context.newPage(), 'zh');
      await second.open('/business-college');
      await second.headerLogin.waitFor();
      await logInThroughPage(first, account);
      // No focus, no reload: the storage event alone has to bring the login over.
      await second.userMenu(account.nickname).waitFor();
    }));
});
