/**
 * What the server's first HTML already shows: the header's language switcher and user widget on every page (the
 * logged-in shell when the request carries the session cookie, never anybody's name), and the phone's value
 * header above the registration form, in both languages and brands. Then, in the browser, a signed-in visitor's
 * name fills the widget after hydration without moving anything on the page.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL, BRAND2_URL, USER_AGENTS } from '../support/env';
import { rawGet, visibleText } from '../support/http';
import { LOCALES, localized } from '../support/routes';

const browser = browserForThisFile();
const LANGUAGE_BUTTONS = /<button[^>]*aria-pressed="(true|false)"[^>]*>(中文|English)<\/button>/g;

/** The page's header element (other links to /login, such as the register form's, are not the widget). */
const headerOf = (html: string) => html.slice(html.indexOf('<header'), html.indexOf('</header>'));

function languageButtons(html: string): string[] {
  return [...html.matchAll(LANGUAGE_BUTTONS)].map((match) => `${match[2]} ${match[1]}`);
}

for (const locale of LOCALES) {
  describe(`the header in the first HTML (${locale})`, () => {
    for (const path of ['/', '/login', '/register', '/business-college/electricity']) {
      test(`${localized(path, locale)}: the language switcher and the login button, then the signed-in shell`, async () => {
        const target = `${BASE_URL}${localized(path, locale)}`;
        const anonymous = await rawGet(target, { cookie: `i18n_redirected=${locale}` });
        assert.equal(anonymous.status, 200);
        assert.deepEqual(languageButtons(anonymous.body), [`中文 ${locale === 'zh'}`, `English ${locale === 'en'}`]);
        const loginHref = `href="${localized('/login', locale)}"`;
        assert.ok(headerOf(anonymous.body).includes(loginHref), 'the login button is in the HTML');
        assert.equal(anonymous.header('cache-control'), 'no-cache');

        const signedIn = await rawGet(target, { cookie: `i18n_redirected=${locale}; Authorization=e2e-first-paint` });
        assert.equal(signedIn.status, 200);
        assert.equal(signedIn.header('cache-control'), 'private, no-cache', 'shared caches keep it to this visitor');
        const account = locale === 'zh' ? '我的账户' : 'My account';
        assert.match(
          signedIn.body,
          new RegExp(`<button[^>]*aria-expanded="false"[^>]*aria-label="${account}"`),
          'the user menu trigger is in the HTML, without a name',
        );
        assert.ok(!headerOf(signedIn.body).includes(loginHref), 'no login button for a signed-in visitor');
        assert.equal(languageButtons(signedIn.body).length, 2);
        // The anonymous page is still the anonymous one after a signed-in visit (the cache keeps them apart).
        const again = await rawGet(target, { cookie: `i18n_redirected=${locale}` });
        assert.ok(headerOf(again.body).includes(loginHref), 'no signed-in page for the next anonymous visitor');
        assert.ok(!again.body.includes(`aria-label="${account}"`), 'and no user menu');
      });
    }
  });
}

const PHONE_VALUE = {
  zh: { headline: '找带货达人，从这里开始', figures: ['800万+', '1000万+', '90%'], benefit: 'AI 用达人的语言写回复' },
  en: {
    headline: 'Find the creators who will sell for you',
    figures: ['8M+', '10M+', '90%'],
    benefit: "AI drafts replies in each creator's language",
  },
};

describe('the phone register page’s value header', () => {
  for (const [brandId, base] of [
    ['starreach', BASE_URL],
    ['creatorbox', BRAND2_URL],
  ] as const)
    for (const locale of LOCALES) {
      test(`${brandId} ${localized('/register', locale)}: headline, benefits and figures above the form`, async () => {
        const response = await rawGet(`${base}${localized('/register', locale)}`, { 'user-agent': USER_AGENTS.iphone });
        assert.equal(response.status, 200);
        const text = visibleText(response.body);
        const expected = PHONE_VALUE[locale];
        const at = text.indexOf(expected.headline);
        assert.ok(at >= 0, `the headline "${expected.headline}" is in the HTML`);
        for (const figure of expected.figures) assert.ok(text.includes(figure), `the figure ${figure}`);
        assert.ok(text.includes(expected.benefit), 'a benefit');
        const html = response.body;
        assert.ok(html.indexOf('register-value-title') < html.indexOf('<h1'), 'above the page title and the form');
        // The page's form (the header's language switcher has forms of its own).
        assert.ok(html.indexOf('<form', html.indexOf('</header>')) > html.indexOf('<h1'));
      });
    }
});

pageTest(
  'a signed-in visitor sees the user widget at first paint and the name after hydration, with no layout shift',
  browser,
  async ({ page, context }) => {
    const origin = new URL(BASE_URL);
    await context.addCookies([{ name: 'Authorization', value: 'e2e-first-paint', domain: origin.hostname, path: '/' }]);
    await context.addInitScript(() => {
      localStorage.setItem('userInfo', JSON.stringify({ userName: '首屏店铺' }));
      // Layout shifts from the first paint on, whatever hydration does.
      (window as unknown as { shifts: number[] }).shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          (window as unknown as { shifts: number[] }).shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${BASE_URL}/business-college/electricity`);
    const trigger = page.getByRole('banner').getByRole('button', { name: /我的账户|首屏店铺/ });
    await trigger.waitFor();
    // The name fills in once the page has hydrated.
    await page.mouse.move(5, 400);
    await trigger.getByText('首屏店铺').waitFor({ timeout: 15_000 });
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    const total = shifts.reduce((sum, value) => sum + value, 0);
    assert.ok(total < 0.01, `layout shift ${total.toFixed(4)} (${shifts.length} shifts)`);
  },
);
