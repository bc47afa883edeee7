/**
 * /register and /login hydrate at idle (docs/decisions/028-hydration-at-idle.md): no script in their HTML but
 * the inline loader, which starts the app once the page has loaded (or at the first interaction), and nothing the
 * visitor does before hydration is lost — text typed at any pace, even while the page hydrates, reaches the
 * form's state; a click runs after hydration on the element that was pressed; a submit is held back (never sent
 * natively with the password in the URL) and sent by the app; hydration does not scroll a page the visitor
 * moved. No SMS: the run's server allows 20 an hour per address, and the other specs use them all. A logged-in
 * visitor hydrates at once; /scan_code still loads its code at once.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { AuthPage } from '../models/auth-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL, BRAND2_URL } from '../support/env';
import {
  holdEntry,
  isEntryChunk,
  isHydrated,
  waitForHydration,
  waitForReactElement,
  watchScripts,
} from '../support/hydration';
import { uniquePhone } from '../support/sms';
import { eventually, sleep } from '../support/wait';

const browser = browserForThisFile();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** A phone's browser: the server serves the phone layout (no fixed desktop header over the fields). */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/** The entry is let through this long after the page asked for it: hydration lands in the middle of typing. */
const ENTRY_DELAY_MS = 400;

describe('hydration at idle', () => {
  for (const [path, base, locale] of [
    ['/register', BASE_URL, 'zh'],
    ['/en/login', BRAND2_URL, 'en'],
  ] as const) {
    pageTest(
      `${path} on ${base === BASE_URL ? 'brand 1' : 'brand 2'}: no script in the HTML, the app starts by itself after the page has loaded`,
      browser,
      async ({ page, errors }) => {
        const scripts = watchScripts(page);
        const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
        const html = (await response?.text()) ?? '';
        assert.doesNotMatch(html, /<script[^>]+src=/, 'no script element with a source');
        assert.doesNotMatch(html, /<link[^>]+modulepreload/, 'no modulepreload in the HTML');
        // Nobody touches the page: it hydrates by itself, and the entry was asked for only after the page's load.
        await waitForHydration(page);
        assert.ok(scripts.some(isEntryChunk), 'the entry loaded without an interaction');
        const [entryStart, loadEnd] = await page.evaluate(() => [
          performance.getEntriesByType('resource').find((entry) => /\/entry-client-[^/]*\.js$/.test(entry.name))
            ?.startTime ?? -1,
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
        ]);
        assert.ok(entryStart >= loadEnd, `the entry (${entryStart} ms) after the page's load (${loadEnd} ms)`);
        assert.equal(await page.evaluate(() => window.__portalDefer?.i), 0, 'started without an interaction');
        const auth = new AuthPage(page, locale);
        assert.equal(await auth.phone(path.endsWith('register') ? 'register' : 'login').isVisible(), true);
        assert.deepEqual(errors.list(), [], 'no console or page errors');
      },
      { ...PHONE, baseURL: base },
    );
  }

  // Typed from the first click or tap at a person's pace or faster, while the page hydrates in the middle of it.
  for (const [path, form, locale, device] of [
    ['/en/login', 'login', 'en', 'desktop'],
    ['/login', 'login', 'zh', 'phone'],
    ['/register', 'register', 'zh', 'phone'],
    ['/en/forget_password', 'reset', 'en', 'desktop'],
  ] as const)
    for (const delay of [0, 60, 150, 300])
      pageTest(
        `${device} ${path}: a phone typed at ${delay} ms a key from the first ${device === 'phone' ? 'tap' : 'click'} is kept whole`,
        browser,
        async ({ page }) => {
          const auth = new AuthPage(page, locale);
          await page.route(
            (url) => isEntryChunk(url.href),
            async (route) => {
              await sleep(ENTRY_DELAY_MS);
              await route.continue();
            },
          );
          await page.goto(path, { waitUntil: 'domcontentloaded' });
          const phone = auth.phone(form);
          // Out from under the fixed header before the tap.
          await phone.evaluate((element) => element.scrollIntoView({ block: 'center' }));
          if (device === 'phone') await phone.tap();
          else await phone.click();
          await page.keyboard.type('13912345678', { delay });
          await waitForHydration(page);
          await waitForReactElement(phone);
          // The form renders again with its errors: the phone is in its state, whole and accepted.
          await auth.submit(form).click();
          await eventually(async () =>
            assert.ok((await page.locator('[aria-invalid="true"]').count()) > 0, 'the form showed its checks'),
          );
          assert.equal(await phone.inputValue(), '13912345678', 'every character is there');
          assert.equal(await phone.getAttribute('aria-invalid'), null, 'the form accepted the phone');
        },
        {
          ...(device === 'phone' ? { ...PHONE, userAgent: PHONE_UA } : {}),
          locale: locale === 'en' ? 'en-US' : 'zh-CN',
          baseURL: BASE_URL,
        },
      );

  pageTest(
    'a page scrolled before hydration stays where it is, and the click pressed then submits the form',
    browser,
    async ({ page }) => {
      const auth = new AuthPage(page, 'en');
      const entry = await holdEntry(page);
      await page.goto('/en/login', { waitUntil: 'load' });
      // A wheel scroll, then a press on "Log in" (the page still the server's).
      await page.mouse.move(640, 200);
      await page.mouse.wheel(0, 200);
      await eventually(async () => assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'scrolled'));
      const scrolled = await page.evaluate(() => window.scrollY);
      const box = await auth.submit('login').boundingBox();
      assert.ok(box && box.y > 0 && box.y + box.height < 480, 'the button is on screen');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await eventually(() => assert.ok(entry.requested()));
      entry.release();
      await waitForHydration(page);
      await sleep(200);
      assert.equal(await page.evaluate(() => window.scrollY), scrolled, 'hydration did not move the page');
      await page.mouse.up();
      // The click was for "Log in": the empty form shows its checks.
      await eventually(async () => assert.equal(await auth.phone('login').getAttribute('aria-invalid'), 'true'));
    },
    { viewport: { width: 1280, height: 480 }, locale: 'en-US', baseURL: BASE_URL },
  );

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
      const entry = await holdEntry(page);
      await page.goto('/login', { waitUntil: 'load' });
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
      const entry = await holdEntry(page);
      await page.goto('/en/register', { waitUntil: 'load' });
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
      const entry = await holdEntry(page);
      await page.goto('/login', { waitUntil: 'load' });
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
      await waitForHydration(page);
    },
    { locale: 'zh-CN', baseURL: BASE_URL },
  );

  pageTest(
    'an entry that fails to load reloads the page once a minute, as the chunk guard does',
    browser,
    async ({ page, errors }) => {
      await page.addInitScript(() => {
        window.addEventListener('load', () => {
          const log = JSON.parse(sessionStorage.getItem('e2e-loads') ?? '[]') as string[];
          log.push((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type);
          sessionStorage.setItem('e2e-loads', JSON.stringify(log));
        });
      });
      // The entry is gone, as after a deploy replaced it.
      await page.route(
        (url) => isEntryChunk(url.href),
        (route) => route.abort('failed'),
      );
      await page.goto('/login', { waitUntil: 'load' });
      const loads = async () =>
        JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-loads'))) ?? '[]') as string[];
      await eventually(async () => assert.deepEqual(await loads(), ['navigate', 'reload']), { timeout: 10_000 });
      const stamp = Number(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at')));
      assert.ok(stamp > Date.now() - 60_000, "the guard's stamp is set");
      // Within the minute a second failure does not reload again: the server's page stays, its links work.
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
