/**
 * Nothing made up in front of a seller (shared/brand-contents.ts): with the brand contents unset, as shipped, no page
 * links a placeholder address or shows a contact code, testimonial or partner logo; Help Center (header, footer,
 * side bar, site map) leads to the site's own Q&A section in the page's language; Operation Center is not shown.
 * Both brands, both languages.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { brandContents } from '../../shared/brand-contents';
import { LOCALES, localizePath } from '../../shared/locale';
import { SitePage } from '../models/site-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL, BRAND2_URL } from '../support/env';

const browser = browserForThisFile();

const BRANDS = [
  { id: 'starreach', base: BASE_URL },
  { id: 'creatorbox', base: BRAND2_URL },
] as const;
const HELP_NAME = /^\s*(帮助中心|help cent(er|re))\s*$/i;

for (const brand of BRANDS) {
  for (const locale of LOCALES) {
    describe(`brand ${brand.id}, ${locale}`, () => {
      pageTest(
        'no page links a placeholder or shows an unset contact, testimonial or partner',
        browser,
        async ({ page }) => {
          assert.deepEqual(
            brandContents[brand.id].testimonials,
            [],
            'this test checks the contents as shipped: all unset',
          );
          for (const path of ['/', '/login', '/register', '/site-map', '/business-college/ecommerce-intro']) {
            await page.goto(`${brand.base}${localizePath(path, locale)}`, { waitUntil: 'load' });
            const found = await page.evaluate(() => ({
              links: [...document.querySelectorAll('a[href]')]
                .map((a) => a.getAttribute('href') ?? '')
                .filter((href) => /\.example\b|^https?:\/\/[^/]*example\./.test(href)),
              qr: [...document.querySelectorAll('img')]
                .map((img) => img.getAttribute('src') ?? '')
                .filter((src) => /qr/i.test(src)),
              quotes: document.querySelectorAll('main blockquote, aside blockquote').length,
            }));
            assert.deepEqual(found, { links: [], qr: [], quotes: 0 }, `${path}: nothing made up`);
          }
        },
      );

      pageTest(
        "Help Center leads to the site's Q&A section and Operation Center is not shown",
        browser,
        async ({ page }) => {
          const site = new SitePage(page);
          const qa = localizePath('/business-college/electricity', locale);
          await site.goto(`${brand.base}${localizePath('/', locale)}`);
          assert.equal(await site.header.getByRole('link', { name: HELP_NAME }).getAttribute('href'), qa);
          assert.equal(await site.footer.getByRole('link', { name: HELP_NAME }).getAttribute('href'), qa);
          assert.equal(await site.header.getByRole('link', { name: /运营中心|operations? cent(er|re)/i }).count(), 0);
          await page.getByRole('complementary').getByRole('button', { name: HELP_NAME }).click();
          await page.waitForURL((url) => url.pathname === qa);
          assert.equal(page.context().pages().length, 1, 'no new window');
        },
      );

      pageTest(
        'the customer-service layer offers the Q&A section instead of a made-up code',
        browser,
        async ({ page }) => {
          const site = new SitePage(page);
          await site.goto(`${brand.base}${localizePath('/', locale)}`);
          await site.contactConsultant.click();
          const dialog = site.dialog('customerService');
          await dialog.waitFor({ state: 'visible' });
          assert.equal(await dialog.locator('img[src*="qr"]').count(), 0);
          const link = dialog.getByRole('link', { name: /^\s*(问答中心|Q&A)\s*$/i });
          assert.equal(await link.getAttribute('href'), localizePath('/business-college/electricity', locale));
        },
      );
    });
  }
}
