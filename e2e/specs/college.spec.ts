/**
 * The business college in zh and en: every college route carries its real article text, title and
 * description in the first HTML (no script run), unknown ids answer 404, and in the browser: search and open
 * a result, like once (not again after a reload), previous and next, breadcrumb back, no WCAG A/AA violations.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { type ContentArticle, loadCollegeContent } from '../../server/college/content';
import { brands } from '../../shared/brand';
import type { Locale } from '../../shared/locale';
import { CollegePage } from '../models/college-page';
import { assertNoAxeViolations } from '../support/axe';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL, BRAND2_URL } from '../support/env';
import { rawGet, tagsIn, visibleText } from '../support/http';
import { PROJECT_ROOT } from '../support/portal-server';
import { LOCALES, localized } from '../support/routes';
import { eventually, sleep } from '../support/wait';

const browser = browserForThisFile();
const { articles } = loadCollegeContent(join(PROJECT_ROOT, 'content/college'));

const fill = (text: string, locale: Locale, brand = brands.starreach) =>
  text.split('{brandName}').join(brand.name[locale]);
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Tags become spaces in `visibleText` (`<strong>a</strong>b` reads "a b"): compare without any whitespace. */
const squash = (text: string) => text.replace(/\s+/g, '');
const contains = (haystack: string, needle: string) => squash(haystack).includes(squash(needle));

function find(locale: Locale, id: number): ContentArticle {
  const article = articles.find((a) => a.lang === locale && a.id === id);
  assert.ok(article, `content has article ${id} in ${locale}`);
  return article;
}

/** Newest first, as the lists show them. */
function newest(locale: Locale, section?: string): ContentArticle[] {
  return articles
    .filter((a) => a.lang === locale && (!section || a.section === section))
    .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}

/** A sentence of the article's text: its longest paragraph among the first few, cut to 40 characters. */
function sampleText(article: ContentArticle, locale: Locale, brand = brands.starreach): string {
  const blocks = article.text.split('\n').slice(0, 6);
  const longest = blocks.reduce((a, b) => (b.length > a.length ? b : a), '');
  return flat(fill(longest, locale, brand)).slice(0, 40);
}

interface FirstHtml {
  title: string;
  description: string;
  main: string;
  status: number;
  body: string;
}

async function firstHtml(path: string, base = BASE_URL): Promise<FirstHtml> {
  const response = await rawGet(`${base}${path}`);
  const html = response.body;
  const title = visibleText(`<body>${/<title>([^<]*)<\/title>/i.exec(html)?.[1] ?? ''}</body>`);
  const description = tagsIn(html, 'meta').find((meta) => meta.name === 'description')?.content ?? '';
  const main = visibleText(`<body>${/<main\b[\s\S]*<\/main>/i.exec(html)?.[0] ?? ''}</body>`);
  return { title, description, main, status: response.status, body: html };
}

/** Routes that show one article, with the article they show. */
const ARTICLE_ROUTES: [string, number][] = [
  ['/business-college/ecommerce-intro/1001', 1001],
  ['/business-college/electricity/2001', 2001],
  ['/business-college/operate/3001', 3001],
  ['/business-college/release-record/4010', 4010],
  ['/business-college/test/5001', 5001],
  ['/article/ecommerce/1003', 1003],
  ['/article/operate/3004', 3004],
  ['/article/report/4005', 4005],
  ['/electricity-detail/2006', 2006],
];

/** Routes that list a section (null: every section), with their section. */
const LIST_ROUTES: [string, string | null][] = [
  ['/business-college', null],
  ['/business-college/ecommerce-intro', 'ecommerce-intro'],
  ['/business-college/electricity', 'electricity'],
  ['/business-college/operate', 'operate'],
  ['/business-college/release-record', 'release-record'],
  ['/business-college/test', 'test'],
  ['/article/ecommerce', 'ecommerce-intro'],
  ['/article/operate', 'operate'],
  ['/article/report', 'release-record'],
  ['/electricity-detail', 'electricity'],
];

for (const locale of LOCALES) {
  const brandName = brands.starreach.name[locale];

  describe(`business college first HTML in ${locale}`, { concurrency: 4 }, () => {
    for (const [bare, id] of ARTICLE_ROUTES) {
      const path = localized(bare, locale);
      test(`${path} carries the article's title, description and text`, async () => {
        const article = find(locale, id);
        const page = await firstHtml(path);
        assert.equal(page.status, 200);
        assert.equal(page.title, `${fill(article.title, locale)} - ${brandName}`);
        assert.equal(page.description, fill(article.summary, locale));
        assert.ok(contains(page.main, fill(article.title, locale)), 'the title is in <main>');
        const sample = sampleText(article, locale);
        assert.ok(contains(page.main, sample), `the text "${sample}" is in <main>`);
        assert.ok(!page.body.includes('{brandName}'), 'the brand token is replaced');
      });
    }

    for (const [bare, section] of LIST_ROUTES) {
      const path = localized(bare, locale);
      test(`${path} lists its newest articles`, async () => {
        const page = await firstHtml(path);
        assert.equal(page.status, 200);
        assert.ok(page.title.endsWith(` - ${brandName}`), `title "${page.title}" ends with the brand`);
        assert.ok(page.description.length > 10, 'a meta description');
        for (const article of newest(locale, section ?? undefined).slice(0, 3)) {
          assert.ok(contains(page.main, fill(article.title, locale)), `"${article.title}" is listed`);
          assert.ok(contains(page.main, fill(article.summary, locale)), `its summary is listed`);
        }
      });
    }

    test(`${localized('/business-college?q=…', locale)} renders search results on the server`, async () => {
      const word = locale === 'zh' ? '邀约' : 'invitation';
      const page = await firstHtml(`${localized('/business-college', locale)}?q=${encodeURIComponent(word)}`);
      assert.equal(page.status, 200);
      const first = articles.find((a) => a.lang === locale && a.title.toLowerCase().includes(word));
      assert.ok(first && contains(page.main, fill(first.title, locale)), 'a title match is in the results');
    });

    test('unknown ids, ids of another section and unknown sections answer 404 with the 404 page', async () => {
      for (const bare of [
        '/business-college/operate/99999',
        '/business-college/operate/abc',
        '/business-college/operate/1001',
        '/business-college/no-such-section',
        '/business-college/test/0',
        '/article/report/1001',
        '/article/ecommerce/99999999999999',
        '/electricity-detail/3001',
        '/electricity-detail/-1',
      ]) {
        const path = localized(bare, locale);
        const page = await firstHtml(path);
        assert.equal(page.status, 404, `status of ${path}`);
        const text = locale === 'zh' ? '找不到此页面' : 'This page could not be found';
        assert.ok(page.main.includes(text), `${path} shows the 404 page`);
      }
    });
  });

  describe(`business college in the browser in ${locale}`, () => {
    const options = { locale: locale === 'zh' ? 'zh-CN' : 'en-US' };

    pageTest(
      `search in ${locale}, then open a result`,
      browser,
      async ({ page, errors }) => {
        const college = new CollegePage(page);
        await college.goto(localized('/business-college', locale));
        const word = locale === 'zh' ? '邀约' : 'invitation';
        await college.search(word);
        await eventually(async () => {
          assert.equal(new URL(page.url()).searchParams.get('q'), word);
          assert.match((await college.heading.textContent()) ?? '', new RegExp(word));
        });
        const entries = college.entries;
        assert.ok((await entries.count()) >= 2, 'several results');
        // Title matches rank first: the first result's title has the word, marked.
        const firstLink = entries.first().getByRole('link').first();
        const firstTitle = ((await firstLink.textContent()) ?? '').trim();
        assert.ok(firstTitle.toLowerCase().includes(word), `"${firstTitle}" contains "${word}"`);
        const marks = await entries.first().locator('mark').allTextContents();
        assert.ok(
          marks.some((mark) => mark.toLowerCase() === word),
          `the word is marked: ${marks.join(', ')}`,
        );

        await firstLink.click();
        await eventually(async () => assert.equal(((await college.heading.textContent()) ?? '').trim(), firstTitle));
        assert.match(new URL(page.url()).pathname, /\/business-college\/[a-z-]+\/\d+$/);
        await college.likes(); // fails unless the like count shows a number
        assert.deepEqual(errors.list(), []);
      },
      options,
    );

    pageTest(
      `search in ${locale} takes any input and says when nothing matches`,
      browser,
      async ({ page, errors }) => {
        const college = new CollegePage(page);
        await college.goto(localized('/business-college/test', locale));
        for (const words of ['%_\\"\'', `${'x'.repeat(100)}`, '<script>alert(1)</script>']) {
          await college.search(words);
          await eventually(() => assert.equal(new URL(page.url()).pathname, localized('/business-college', locale)));
          await college.main
            .getByText(locale === 'zh' ? /没有找到与/ : /No articles match/)
            .waitFor({ state: 'visible' });
        }
        assert.deepEqual(errors.list(), []);
      },
      options,
    );

    pageTest(
      `like in ${locale}: the count goes up once, and not again after a reload`,
      browser,
      async ({ page, errors }) => {
        const college = new CollegePage(page);
        const id = locale === 'zh' ? 3003 : 3005;
        const path = localized(`/business-college/operate/${id}`, locale);
        await college.goto(path);
        const before = await college.likes();
        assert.equal(await college.likeButton.getAttribute('aria-pressed'), 'false');
        await college.likeButton.click();
        await eventually(async () => assert.equal(await college.likes(), before + 1));
        assert.equal(await college.likeButton.getAttribute('aria-pressed'), 'true');
        // The pressed button is aria-disabled: click it anyway, as an impatient visitor would.
        await college.likeButton.click({ force: true });
        await sleep(500);
        assert.equal(await college.likes(), before + 1, 'a second click adds nothing');

        await page.reload({ waitUntil: 'networkidle' });
        await eventually(async () => assert.equal(await college.likeButton.getAttribute('aria-pressed'), 'true'));
        assert.equal(await college.likes(), before + 1, 'the count after a reload');
        await college.likeButton.click({ force: true });
        await sleep(500);
        assert.equal(await college.likes(), before + 1, 'liking again after a reload adds nothing');

        // The same visitor (the browser's visitor cookie) liking through the API is not counted again.
        const again = await page.request.post(`/api/v2/college/articles/${id}/likes`, { data: {} });
        assert.deepEqual((await again.json()).data, { articleId: id, likes: before + 1, liked: true, counted: false });
        const cookies = await page.context().cookies();
        const visitor = cookies.find((cookie) => cookie.name === 'visitor_id');
        assert.ok(visitor?.httpOnly, 'the visitor cookie is httpOnly');
        assert.ok(visitor && visitor.expires * 1000 - Date.now() > 364 * 24 * 3600 * 1000, 'it lasts a year');

        const api = await rawGet(`${BASE_URL}/api/v2/college/articles/${id}/likes`);
        assert.equal((JSON.parse(api.body) as { data: { likes: number } }).data.likes, before + 1);
        assert.deepEqual(errors.list(), []);
      },
      options,
    );

    pageTest(
      `previous and next in ${locale}, then the breadcrumb back to the section and the college`,
      browser,
      async ({ page, errors }) => {
        const college = new CollegePage(page);
        const section = newest(locale, 'release-record');
        const [newer, middle, older] = section.slice(3, 6);
        // Hydration uses the server's data: opening the page fetches only the like count.
        const requests: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/api/')) requests.push(new URL(request.url()).pathname);
        });
        await college.goto(localized(`/business-college/release-record/${middle.id}`, locale));
        assert.deepEqual(
          requests.filter((path) => path.startsWith('/api/v2/college/')),
          [`/api/v2/college/articles/${middle.id}/likes`],
        );

        await college.neighbours.getByRole('link', { name: fill(older.title, locale) }).click();
        await eventually(async () =>
          assert.equal(((await college.heading.textContent()) ?? '').trim(), fill(older.title, locale)),
        );
        assert.equal(new URL(page.url()).pathname, localized(`/business-college/release-record/${older.id}`, locale));
        await college.neighbours.getByRole('link', { name: fill(middle.title, locale) }).click();
        await eventually(async () =>
          assert.equal(((await college.heading.textContent()) ?? '').trim(), fill(middle.title, locale)),
        );
        await college.neighbours.getByRole('link', { name: fill(newer.title, locale) }).click();
        await eventually(async () =>
          assert.equal(new URL(page.url()).pathname, localized(`/business-college/release-record/${newer.id}`, locale)),
        );

        const sectionName = locale === 'zh' ? '更新记录' : 'Release Notes';
        await college.breadcrumb.getByRole('link', { name: sectionName }).click();
        await eventually(async () => assert.equal(((await college.heading.textContent()) ?? '').trim(), sectionName));
        assert.equal(new URL(page.url()).pathname, localized('/business-college/release-record', locale));
        await college.breadcrumb.getByRole('link', { name: locale === 'zh' ? '商学院' : 'Business College' }).click();
        await eventually(async () =>
          assert.equal(new URL(page.url()).pathname, localized('/business-college', locale)),
        );
        assert.deepEqual(errors.list(), []);
      },
      options,
    );

    pageTest(
      `an article in ${locale} shows the recommended list, the notice and the brand of brand 2`,
      browser,
      async ({ page, errors }) => {
        const college = new CollegePage(page);
        const article = find(locale, 2001);
        const creatorbox = brands.creatorbox;
        await college.goto(`${BRAND2_URL}${localized('/electricity-detail/2001', locale)}`);
        assert.equal(((await college.heading.textContent()) ?? '').trim(), fill(article.title, locale, creatorbox));
        await college.main
          .getByText(sampleText(article, locale, creatorbox))
          .first()
          .waitFor();
        const notice =
          locale === 'zh'
            ? `本文由${creatorbox.name.zh}商学院原创，未经授权禁止转载。`
            : `This article is an original work of the ${creatorbox.name.en} Business College.`;
        await college.main.getByText(notice, { exact: false }).waitFor();
        const ranks = await college.recommended
          .getByRole('img')
          .evaluateAll((badges) => badges.map((badge) => `${badge.textContent}:${badge.getAttribute('data-tone')}`));
        assert.deepEqual(ranks, ['1:gold', '2:silver', '3:bronze', '4:grey', '5:grey']);
        assert.deepEqual(errors.list(), []);
      },
      options,
    );

    pageTest(
      `the footer's website map in ${locale} lists every page, section and published article`,
      browser,
      async ({ page, errors }) => {
        await page.goto(`${BASE_URL}${localized('/', locale)}`);
        const footer = page.getByRole('contentinfo');
        await footer.getByRole('link', { name: locale === 'zh' ? '网站地图' : 'Sitemap' }).click();
        await eventually(() => assert.equal(new URL(page.url()).pathname, localized('/site-map', locale)));
        const main = page.getByRole('main');
        await main.getByRole('heading', { level: 1, name: locale === 'zh' ? '网站地图' : 'Sitemap' }).waitFor();
        // Every article of the content, in this language, is a link to its section's page.
        const expected = newest(locale);
        const links = main.locator('a[href*="/business-college/"]');
        const hrefs = new Set(await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href'))));
        for (const article of expected)
          assert.ok(
            hrefs.has(localized(`/business-college/${article.section}/${article.id}`, locale)),
            `article ${article.id} is listed`,
          );
        for (const path of ['/', '/login', '/register', '/forget_password'])
          assert.ok(await main.locator(`a[href="${localized(path, locale)}"]`).count(), `the map links ${path}`);
        // An article opens from the map; the downloads open their layer.
        const first = expected[0];
        await main.getByRole('link', { name: fill(first.title, locale), exact: true }).click();
        await eventually(async () =>
          assert.equal(
            new URL(page.url()).pathname,
            localized(`/business-college/${first.section}/${first.id}`, locale),
          ),
        );
        await page.goBack();
        await main.getByRole('button', { name: locale === 'zh' ? '插件下载' : 'Browser plug-in' }).click();
        await page.getByRole('dialog').waitFor();
        assert.deepEqual(errors.list(), []);
      },
      options,
    );

    pageTest(
      `an article page and search results in ${locale} have no WCAG A/AA violations`,
      browser,
      async ({ page }) => {
        const college = new CollegePage(page);
        const article = localized('/business-college/ecommerce-intro/1001', locale);
        await college.goto(article);
        await college.likes();
        await assertNoAxeViolations(page, article);
        const results = `${localized('/business-college', locale)}?q=${encodeURIComponent(locale === 'zh' ? '达人' : 'creator')}`;
        await college.goto(results);
        await college.entries.first().waitFor();
        await assertNoAxeViolations(page, results);
      },
      options,
    );
  });
}
