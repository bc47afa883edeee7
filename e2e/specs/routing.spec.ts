/**
 * Routing rules of docs/product.md#pages and #states as the server applies them before rendering (checked on the raw response)
 * and as the browser sees them: mobile → register, desktop scan_code → home, 404 page, language on "/" only,
 * the language switcher, and the caching headers of pages and assets.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SitePage } from '../models/site-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL, USER_AGENTS } from '../support/env';
import { rawGet, tagsIn } from '../support/http';
import { eventually } from '../support/wait';

const browser = browserForThisFile();
const YEAR_SECONDS = 31_536_000;
const ZH_COOKIE = { cookie: 'i18n_redirected=zh' };

function location(response: Awaited<ReturnType<typeof rawGet>>): URL {
  const target = response.header('location');
  assert.ok(target, 'a Location header');
  return new URL(target, BASE_URL);
}

describe('mobile devices go to register (docs/product.md#pages)', () => {
  const mobile = { 'user-agent': USER_AGENTS.iphone, ...ZH_COOKIE };
  const cases = [
    { from: '/', path: '/register', query: {} },
    {
      from: '/business-college/operate/3?x=1',
      path: '/register',
      query: { x: '1', redirect: '/business-college/operate/3' },
    },
    { from: '/en/article/report', path: '/en/register', query: { redirect: '/article/report' } },
    {
      from: '/en/business-college?utm_term=a%20b',
      path: '/en/register',
      query: { utm_term: 'a b', redirect: '/business-college' },
    },
  ];
  for (const { from, path, query } of cases) {
    test(`${from} → ${path} keeping the query and the rest of the path`, async () => {
      const response = await rawGet(`${BASE_URL}${from}`, mobile);
      assert.equal(response.status, 302);
      const target = location(response);
      assert.equal(target.pathname, path);
      for (const [key, value] of Object.entries(query))
        assert.equal(target.searchParams.get(key), value, `query ${key}`);
      if (!('redirect' in query) && from === '/') assert.equal(target.searchParams.get('redirect'), null);
    });
  }

  for (const path of ['/login', '/register', '/scan_code', '/en/login', '/en/register', '/en/scan_code']) {
    test(`${path} is not redirected on mobile`, async () => {
      const response = await rawGet(`${BASE_URL}${path}?x=1`, mobile);
      assert.equal(response.status, 200, `status (Location: ${response.header('location')})`);
    });
  }

  pageTest(
    'a phone opening a college article lands on register with the path in the query',
    browser,
    async ({ page }) => {
      await page.goto('/business-college/operate/3?x=1', { waitUntil: 'networkidle' });
      const url = new URL(page.url());
      assert.equal(url.pathname, '/register');
      assert.equal(url.searchParams.get('x'), '1');
      assert.equal(url.searchParams.get('redirect'), '/business-college/operate/3');
    },
    { userAgent: USER_AGENTS.iphone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  );
});

describe('desktop scan_code goes home (docs/product.md#pages)', () => {
  for (const [from, to] of [
    ['/scan_code', '/'],
    ['/en/scan_code', '/en'],
  ]) {
    test(`${from} → ${to}`, async () => {
      const response = await rawGet(`${BASE_URL}${from}`, { 'user-agent': USER_AGENTS.windows, ...ZH_COOKIE });
      assert.equal(response.status, 302);
      assert.equal(location(response).pathname, to);
    });
  }
});

describe('unknown routes answer 404 with the spec page inside the site layout (docs/product.md#pages, #errors-and-messages)', () => {
  const NOT_FOUND = { zh: '找不到此页面', en: 'This page could not be found' };
  for (const [path, home, locale] of [
    ['/no-such-page', '/', 'zh'],
    ['/en/no-such-page', '/en', 'en'],
    ['/fr/login', '/', 'zh'],
  ] as const) {
    test(`${path} answers 404 from the server`, async () => {
      const response = await rawGet(`${BASE_URL}${path}`, ZH_COOKIE);
      assert.equal(response.status, 404);
      assert.ok(response.body.includes(NOT_FOUND[locale]), `the 404 text in ${locale}`);
      assert.match(response.body, /<header[\s>]/, 'the site header');
      assert.match(response.body, /<footer[\s>]/, 'the site footer');
      const hrefs = tagsIn(response.body, 'a').map((a) => a.href);
      assert.ok(hrefs.includes(home), `a link to ${home} among ${JSON.stringify(hrefs)}`);
    });

    pageTest(
      `${path} shows the 404 page with a link home, in the site's header and footer`,
      browser,
      async ({ page }) => {
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        assert.equal(response?.status(), 404);
        await page.getByRole('heading', { level: 1, name: NOT_FOUND[locale] }).waitFor();
        assert.equal(await page.locator('html').getAttribute('lang'), locale === 'zh' ? 'zh-CN' : 'en');
        await page.getByRole('banner').waitFor();
        await page.getByRole('contentinfo').waitFor();
        const main = page.getByRole('main');
        const homeLinks = main.getByRole('link', { name: /返回首页|home/i });
        assert.ok(await homeLinks.count(), 'a link back to the home page');
        assert.equal(await homeLinks.first().getAttribute('href'), home);
      },
    );
  }
});

describe('language on "/" only (docs/product.md#states)', () => {
  const languageCookie = (response: Awaited<ReturnType<typeof rawGet>>) =>
    (response.header('set-cookie') ?? '').split('\n').find((cookie) => cookie.startsWith('i18n_redirected='));

  test('no cookie and an English browser: 302 to /en and the cookie for a year', async () => {
    const response = await rawGet(`${BASE_URL}/`, { 'accept-language': 'en-US,en;q=0.9' });
    assert.equal(response.status, 302);
    assert.equal(location(response).pathname, '/en');
    const cookie = languageCookie(response);
    assert.ok(cookie, 'Set-Cookie i18n_redirected');
    assert.match(cookie, /^i18n_redirected=en;/);
    assert.match(cookie, new RegExp(`Max-Age=${YEAR_SECONDS}(;|$)`, 'i'));
  });

  test('no cookie and a Chinese browser: 200 in Chinese and the cookie zh', async () => {
    const response = await rawGet(`${BASE_URL}/`, { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' });
    assert.equal(response.status, 200);
    assert.match(response.body, /<html[^>]*lang="zh-CN"/);
    const cookie = languageCookie(response);
    assert.ok(cookie, 'Set-Cookie i18n_redirected');
    assert.match(cookie, /^i18n_redirected=zh;/);
    assert.match(cookie, new RegExp(`Max-Age=${YEAR_SECONDS}(;|$)`, 'i'));
  });

  test('a valid cookie wins over the browser language', async () => {
    const zh = await rawGet(`${BASE_URL}/`, { 'accept-language': 'en', cookie: 'i18n_redirected=zh' });
    assert.equal(zh.status, 200);
    assert.match(zh.body, /<html[^>]*lang="zh-CN"/);
    const en = await rawGet(`${BASE_URL}/`, { 'accept-language': 'zh-CN', cookie: 'i18n_redirected=en' });
    assert.equal(en.status, 302);
    assert.equal(location(en).pathname, '/en');
  });

  test('an invalid cookie is ignored', async () => {
    const response = await rawGet(`${BASE_URL}/`, { 'accept-language': 'en', cookie: 'i18n_redirected=fr' });
    assert.equal(response.status, 302);
    assert.equal(location(response).pathname, '/en');
  });

  for (const path of ['/login', '/business-college', '/en', '/en/login']) {
    test(`deep link ${path} is never redirected by language`, async () => {
      const response = await rawGet(`${BASE_URL}${path}`, {
        'accept-language': path.startsWith('/en') ? 'zh-CN' : 'en-US',
      });
      assert.equal(response.status, 200, `status (Location: ${response.header('location')})`);
      assert.match(response.body, new RegExp(`<html[^>]*lang="${path.startsWith('/en') ? 'en' : 'zh-CN'}"`));
    });
  }

  pageTest(
    'the language switcher keeps the page and query, and remembers the choice',
    browser,
    async ({ page, context }) => {
      const site = new SitePage(page);
      await site.goto('/login?x=1');
      await site.switchLanguage('en');
      await eventually(() => {
        const url = new URL(page.url());
        assert.equal(`${url.pathname}${url.search}`, '/en/login?x=1');
      });
      await page.waitForLoadState('networkidle');
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
      assert.equal(cookie?.value, 'en', 'cookie i18n_redirected=en');
      const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
      assert.ok(days > 364 && days <= 366, `the cookie lasts 365 days (${days.toFixed(1)})`);
      assert.equal(await site.localStorageItem('language'), 'en');

      await site.switchLanguage('zh');
      await eventually(() => {
        const url = new URL(page.url());
        assert.equal(`${url.pathname}${url.search}`, '/login?x=1');
      });
      assert.equal((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value, 'zh');
      assert.equal(await site.localStorageItem('language'), 'zh');
    },
  );
});

describe('caching headers', () => {
  for (const path of ['/', '/en/login', '/business-college']) {
    test(`${path}: HTML is revalidated with its ETag, never no-store`, async () => {
      const response = await rawGet(`${BASE_URL}${path}`, ZH_COOKIE);
      assert.equal(response.status, 200);
      const cacheControl = response.header('cache-control') ?? '';
      assert.ok(cacheControl, 'a Cache-Control header');
      assert.doesNotMatch(cacheControl, /no-store/);
      const etag = response.header('etag');
      assert.ok(etag, 'an ETag');
      const again = await rawGet(`${BASE_URL}${path}`, { ...ZH_COOKIE, 'if-none-match': etag });
      assert.equal(again.status, 304);
      assert.equal(again.body, '');
    });
  }

  test('hashed scripts are sent brotli-compressed and cached for a year, immutable', async () => {
    const home = await rawGet(`${BASE_URL}/`, ZH_COOKIE);
    const scripts = [
      ...tagsIn(home.body, 'script').map((s) => s.src),
      ...tagsIn(home.body, 'link')
        .filter((l) => l.rel === 'modulepreload')
        .map((l) => l.href),
    ].filter((src): src is string => !!src && /^\/assets\/.+\.js$/.test(src));
    assert.ok(scripts.length > 0, 'the home page loads scripts from /assets/');
    for (const src of new Set(scripts)) {
      const response = await rawGet(`${BASE_URL}${src}`, { 'accept-encoding': 'br, gzip' });
      assert.equal(response.status, 200, src);
      assert.equal(response.header('cache-control'), 'public, max-age=31536000, immutable', `${src} Cache-Control`);
      // Files under 1 kB are not worth compressing (scripts/lib/compress.ts); all others must come as brotli.
      if (response.wireBytes >= 1024) assert.equal(response.header('content-encoding'), 'br', `${src} encoding`);
    }
  });
});
