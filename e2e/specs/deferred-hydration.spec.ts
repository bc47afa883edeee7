/**
 * /register and /login hydrate on the visitor's first interaction
 * (docs/decisions/026-hydration-on-first-interaction.md): no script but the inline loader before it, and nothing
 * the visitor does before hydration is lost — typed text reaches the form's state, a click runs after hydration,
 * a submit is held back (never sent natively with the password in the URL) and sent by the app. No SMS: the
 * run's server allows 20 an hour per address, and the other specs use them all. A logged-in
 * visitor hydrates at once; /scan_code still loads its code at once.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { AuthPage } from '../models/auth-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL, BRAND2_URL } from '../support/env';
import { holdEntry, isEntryChunk, isHydrated, waitForHydration, watchScripts } from '../support/hydration';
import { uniquePhone } from '../support/sms';
import { eventually, sleep } from '../support/wait';

const browser = browserForThisFile();

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
    '/login: phone and password typed and submitted before hydration are sent once by the app, never natively',
    browser,
    async ({ page }) => {
      // An account nobody registered (no SMS: the run's server allows 20 an hour per address, all in use): the
      // server's answer is the wrong-password message, and the request shows what the form sent.
      const phone = uniquePhone();
      const password = `early ${phone} secret`;
      const auth = new AuthPage(page, 'zh');
      const documents: string[] = [];
      const logins: unknown[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(request.url());
        if (new URL(request.url()).pathname === '/api/v2/web/userlogin') logins.push(request.postDataJSON());
      });
      await auth.open('/login');
      const entry = await holdEntry(page);
      await auth.phone('login').fill(phone);
      await auth.password('login').fill(password);
      await auth.submit('login').click();
      await sleep(300);
      assert.ok(entry.requested(), 'the first interaction asked for the entry');
      assert.equal(await isHydrated(page), false, 'the page has not hydrated while the entry is held');
      assert.equal(new URL(page.url()).pathname, '/login', 'the submit did not go out natively');
      assert.deepEqual(logins, [], 'nothing sent before hydration');
      entry.release();
      await auth.toast(auth.text.wrongPassword).waitFor({ timeout: 10_000 });
      assert.equal(logins.length, 1, 'one login call');
      assert.deepEqual(
        { phone: (logins[0] as { phone: string }).phone, password: (logins[0] as { password: string }).password },
        { phone, password },
        'the call carries what was typed before hydration',
      );
      assert.ok(
        documents.every((url) => !url.includes(phone)),
        `no page address carries the form (${documents.join(', ')})`,
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
    async ({ page, context }) => {
      // What a login leaves in the browser (src/app/session.ts): the token cookie and userInfo.
      await context.addCookies([{ name: 'Authorization', value: 'e2e-token', url: BASE_URL }]);
      await context.addInitScript(() =>
        localStorage.setItem('userInfo', JSON.stringify({ userName: 'Early bird', Authorization: 'e2e-token' })),
      );
      const scripts = watchScripts(page);
      await page.goto('/login');
      await page.getByRole('link', { name: '进入工作台' }).waitFor({ timeout: 10_000 });
      assert.ok(scripts.some(isEntryChunk), 'the entry loaded without an interaction');
      // The loader lets events through once every control of the page is React's, a frame or so later.
      await waitForHydration(page);
    },
    { locale: 'zh-CN', baseURL: BASE_URL },
  );

  pageTest(
    'an entry that fails to load on the first interaction reloads the page once a minute, as the chunk guard does',
    browser,
    async ({ page, errors }) => {
      await page.addInitScript(() => {
        window.addEventListener('load', () => {
          const log = JSON.parse(sessionStorage.getItem('e2e-loads') ?? '[]') as string[];
          log.push((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type);
          sessionStorage.setItem('e2e-loads', JSON.stringify(log));
        });
      });
      const auth = new AuthPage(page, 'zh');
      await auth.open('/login');
      // The entry is gone, as after a deploy replaced it.
      await page.route(
        (url) => isEntryChunk(url.href),
        (route) => route.abort('failed'),
      );
      const loads = async () =>
        JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-loads'))) ?? '[]') as string[];
      await auth.phone('login').focus();
      await eventually(async () => assert.deepEqual(await loads(), ['navigate', 'reload']), { timeout: 10_000 });
      const stamp = Number(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at')));
      assert.ok(stamp > Date.now() - 60_000, "the guard's stamp is set");
      // Within the minute a second failure does not reload again: the server's page stays, its links work.
      await auth.phone('login').focus();
      await eventually(() =>
        assert.ok(
          errors.list().some((line) => line.includes('the page could not start')),
          errors.list().join('\n'),
        ),
      );
      await sleep(1000);
      assert.deepEqual(await loads(), ['navigate', 'reload'], 'no second reload');
    },
    { locale: 'zh-CN', baseURL: BASE_URL },
  );
});
