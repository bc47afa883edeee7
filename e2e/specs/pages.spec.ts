/**
 * Every route of docs/product.md#pages, in zh and en: the server's first HTML carries the page (language, title with the
 * brand, description, canonical, hreflang zh-CN / en / x-default) and the page hydrates with no console
 * error and no uncaught error.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brands } from '../../shared/brand';
import { SitePage } from '../models/site-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL } from '../support/env';
import { rawGet, tagsIn, visibleText } from '../support/http';
import { LOCALES, localized, PAGE_PATHS } from '../support/routes';

const browser = browserForThisFile();
const brand = brands.starreach;

for (const locale of LOCALES) {
  describe(`pages in ${locale}`, { concurrency: 3 }, () => {
    for (const barePath of PAGE_PATHS) {
      const path = localized(barePath, locale);

      test(`${path} is rendered on the server with its head tags`, async () => {
        // A cookie for the page's language, so "/" answers instead of choosing a language.
        const response = await rawGet(`${BASE_URL}${path}`, { cookie: `i18n_redirected=${locale}` });
        assert.equal(response.status, 200, `status of ${path}`);
        const html = response.body;

        const htmlTag = tagsIn(html, 'html')[0] ?? {};
        assert.equal(htmlTag.lang, locale === 'zh' ? 'zh-CN' : 'en', '<html lang>');

        const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
        assert.ok(title.length > 0, 'a non-empty <title>');
        assert.ok(title.includes(brand.name[locale]), `title "${title}" names the brand "${brand.name[locale]}"`);

        const description = tagsIn(html, 'meta').find((meta) => meta.name === 'description')?.content ?? '';
        assert.ok(description.trim().length > 0, 'a meta description');

        const links = tagsIn(html, 'link');
        const canonicals = links.filter((link) => link.rel === 'canonical').map((link) => link.href);
        assert.deepEqual(canonicals, [`${BASE_URL}${path}`], 'exactly one canonical link, to this page');
        const alternates = links
          .filter((link) => link.rel === 'alternate' && link.hreflang)
          .map((link) => `${link.hreflang} ${link.href}`)
          .sort();
        assert.deepEqual(
          alternates,
          [
            `en ${BASE_URL}${localized(barePath, 'en')}`,
            `x-default ${BASE_URL}${localized(barePath, 'zh')}`,
            `zh-CN ${BASE_URL}${localized(barePath, 'zh')}`,
          ],
          'one hreflang link each for zh-CN, en and x-default',
        );

        // The page's own content (not only the layout) is in the first HTML: its main landmark has text.
        const main = /<main\b[\s\S]*<\/main>/i.exec(html)?.[0];
        assert.ok(main, 'the server rendered a <main> element');
        assert.ok(visibleText(`<body>${main}</body>`).length > 0, 'the server-rendered <main> has text');
      });

      pageTest(
        `${path} hydrates without console or page errors`,
        browser,
        async ({ page, errors }) => {
          const site = new SitePage(page);
          const response = await page.goto(path, { waitUntil: 'networkidle' });
          assert.equal(response?.status(), 200, `status of ${path}`);
          await new Promise((resolve) => setTimeout(resolve, 500));
          assert.equal(new URL(page.url()).pathname, path, 'no client-side redirect');
          assert.deepEqual(errors.list(), [], `errors while loading ${path}`);
          assert.ok(await site.main.count(), 'the page has a main landmark');
        },
        { locale: locale === 'zh' ? 'zh-CN' : 'en-US' },
      );
    }
  });
}
