/**
 * /register and /login hydrate on the visitor's first interaction (issue 12 item 4,
 * docs/decisions/026-hydration-on-first-interaction.md): no script but the inline loader before it, and nothing
 * the visitor does before hydration is lost — typed text reaches the form's state, a click runs after hydration,
 * a submit is held back (never sent natively with the password in the URL) and sent by the app. One SMS for
 * the whole file (the run's server allows 20 an hour per address). A logged-in
 * visitor hydrates at once; /scan_code still loads its code at once.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { brands } from '../../shared/brand';
import { AuthPage, assertLoggedIn } from '../models/auth-page';
import { type Account, registerAccount } from '../support/accounts-api';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL, BRAND2_URL } from '../support/env';
import { holdEntry, isEntryChunk, isHydrated, waitForHydration, watchScripts } from '../support/hydration';
import { uniquePhone } from '../support/sms';
import { eventually, sleep } from '../support/wait';

const browser = browserForThisFile();
// One account for the file: every SMS counts against the run's per-address limit (20 an hour on one server).
let account: Promise<Account> | undefined;
const sharedAccount = () => {
  account ??= registerAccount(BASE_URL);
  return account;
};
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('hydration on the first interaction', () => {
  for (const [path, base, locale] of [
    ['/register', BASE_URL, 'zh'],
    ['/en/login', BRAND2_URL, 'en'],
  ] as const) {
    pageTest(
      `${path} on ${base === BASE_URL ? 'brand 1' : 'brand 2'}: no script before the first interaction, the app after it`,
      browser,
      async ({ page, errors }) => {
        const scripts = watchScripts(page);
        await page.goto(path, { waitUntil: 'networkidle' });
        await sleep(1000);
        assert.deepEqual(scripts, [], 'no script requested before the first interaction');
        const preloads = await page.locator('link[rel="modulepreload"]').count();
        assert.equal(preloads, 0, 'no modulepreload in the HTML');
        assert.equal(await isHydrated(page), false, 'not hydrated yet');

        const auth = new AuthPage(page, locale);
        await auth.phone(path.endsWith('register') ? 'register' : 'login').focus();
        await waitForHydration(page);
        assert.ok(scripts.some(isEntryChunk), 'the entry loaded on the first interaction');
        assert.deepEqual(errors.list(), [], 'no console or page errors');
      },
      { ...PHONE, baseURL: base },
    );
  }

  pageTest(
    '/scan_code still loads its code at once',
    browser,
    async ({ page }) => {
      const scripts = watchScripts(page);
      await page.goto('/scan_code', { waitUntil: 'networkidle' });
      assert.ok(scripts.some(isEntryChunk), 'the entry loads with the page');
      await waitForHydration(page);
    },
    { ...PHONE, baseURL: BASE_URL },
  );

  pageTest(
    '/login: phone and password typed and submitted before hydration log in once hydrated, never natively',
    browser,
    async ({ page }) => {
      const account = await sharedAccount();
      const auth = new AuthPage(page, 'zh');
      const urls: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') urls.push(request.url());
      });
      await auth.open('/login');
      const entry = await holdEntry(page);
      await auth.phone('login').fill(account.phone);
      await auth.password('login').fill(account.password);
      await auth.submit('login').click();
      await sleep(300);
      assert.ok(entry.requested(), 'the first interaction asked for the entry');
      assert.equal(await isHydrated(page), false, 'the page has not hydrated while the entry is held');
      assert.equal(new URL(page.url()).pathname, '/login', 'the submit did not go out natively');
      entry.release();
      await assertLoggedIn(auth, BASE_URL, account.nickname, brands.starreach.tenantId);
      assert.ok(
        urls.every((url) => !url.includes(encodeURIComponent(account.password).slice(0, 8)) && !url.includes('?phone')),
        `no page address carries the form (${urls.join(', ')})`,
      );
    },
    { locale: 'zh-CN', baseURL: BASE_URL },
  );

  pageTest(
    '/register: what is typed before hydration is in the form once hydrated (the code button and the submit see it)',
    browser,
    async ({ page }) => {
      const auth = new AuthPage(page, 'en');
      const phone = uniquePhone();
      await auth.open('/en/register');
      const entry = await holdEntry(page);
      await auth.phone('register').fill(phone);
      await auth.field('register', auth.text.nickname).fill(`Early ${phone.slice(-4)}`);
      await auth.password('register').fill(`early ${phone} typing`);
      await sleep(300);
      assert.equal(await isHydrated(page), false, 'typed before hydration');
      entry.release();
      await waitForHydration(page);

      // "Get code" checks the phone first: the captcha opens only for a valid phone in the form's state.
      await auth.smsButton('register').click();
      await auth.captcha.dialog.waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await auth.captcha.dialog.waitFor({ state: 'hidden' });
      // Submitting without the code: only the code is missing, not what was typed before hydration.
      await auth.submit('register').click();
      await eventually(async () => assert.equal(await auth.code('register').getAttribute('aria-invalid'), 'true'));
      for (const field of [
        auth.phone('register'),
        auth.field('register', auth.text.nickname),
        auth.password('register'),
      ])
        assert.equal(await field.getAttribute('aria-invalid'), null, `${await field.getAttribute('name')} is accepted`);
      assert.equal(await auth.phone('register').inputValue(), phone, 'the phone is still there');
    },
    { locale: 'en-US', baseURL: BRAND2_URL },
  );

  pageTest(
    '/login: a tab clicked before hydration is selected once hydrated',
    browser,
    async ({ page }) => {
      const auth = new AuthPage(page, 'zh');
      await auth.open('/login');
      const entry = await holdEntry(page);
      const registerTab = page.getByRole('tab', { name: '快速注册领取试用权益' });
      await registerTab.click();
      await sleep(300);
      assert.equal(await registerTab.getAttribute('aria-selected'), 'false', 'nothing happens before hydration');
      entry.release();
      await waitForHydration(page);
      await auth.form('register').waitFor();
      assert.equal(await registerTab.getAttribute('aria-selected'), 'true', 'the click took effect');
    },
    { locale: 'zh-CN', baseURL: BASE_URL },
  );

  pageTest(
    'a logged-in visitor hydrates at once and sees the logged-in banner without touching anything',
    browser,
    async ({ page }) => {
      const account = await sharedAccount();
      const auth = new AuthPage(page, 'zh');
      await auth.open('/login');
      await auth.logIn(account.phone, account.password);
      await assertLoggedIn(auth, BASE_URL, account.nickname, brands.starreach.tenantId);
      const scripts = watchScripts(page);
      await page.goto('/login');
      await page.getByRole('link', { name: '进入工作台' }).waitFor({ timeout: 10_000 });
      assert.ok(scripts.some(isEntryChunk), 'the entry loaded without an interaction');
      // The loader lets events through once every control of the page is React's, a frame or so later.
      await waitForHydration(page);
    },
    { locale: 'zh-CN', baseURL: BASE_URL },
  );
});
