/**
 * The two brands (docs/product.md#what-it-does-and-for-whom): brand 1 (StarReach / 星达通) by default, brand 2 (CreatorBox / 达人宝) on the
 * second port or on a host name containing the marker. Checked in the server's HTML and in the browser.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Brand, brands } from '../../shared/brand';
import { brandContents } from '../../shared/brand-contents';
import type { Locale } from '../../shared/locale';
import { SitePage } from '../models/site-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_PORT, BASE_URL, BRAND2_URL } from '../support/env';
import { rawGet, visibleText } from '../support/http';

const browser = browserForThisFile();
const brand1 = brands.starreach;
const brand2 = brands.creatorbox;
const BRAND2_HOST = `creatorbox.localhost:${BASE_PORT}`;

const footerText = (html: string) => visibleText(`<body>${/<footer\b[\s\S]*<\/footer>/i.exec(html)?.[0] ?? ''}</body>`);

async function assertFooterShowsBrand(site: SitePage, brand: Brand, locale: Locale) {
  const footer = site.footer;
  await footer.waitFor();
  const text = ((await footer.textContent()) ?? '').replace(/\s+/g, ' ');
  assert.ok(text.includes(brand.companyName[locale]), `footer names ${brand.companyName[locale]}`);
  assert.ok(text.includes(brand.filingNumber), `footer shows the filing number ${brand.filingNumber}`);
  const filing = footer.getByRole('link', { name: brand.filingNumber });
  assert.equal(await filing.count(), 1, 'the filing number links to the filing site');
  const { phone } = brandContents[brand.id];
  assert.equal(
    text.includes('电话') || /\bphone\b/i.test(text),
    Boolean(phone),
    'a phone line only once the phone is set',
  );
  if (phone) assert.ok(text.includes(phone), 'footer shows the phone line');
  if (brand.footerContact) {
    const { blurb, address } = brand.footerContact;
    assert.ok(text.includes(blurb[locale]), 'footer shows the company blurb');
    assert.ok(text.includes(address[locale]), 'footer shows the address');
  } else {
    for (const other of [brand1.footerContact!.blurb[locale], brand1.footerContact!.address[locale]]) {
      assert.ok(!text.includes(other), 'brand 2 shows no blurb or address (and nothing of brand 1)');
    }
  }
  const otherBrand = brand.id === 'starreach' ? brand2 : brand1;
  assert.ok(!text.includes(otherBrand.companyName[locale]), 'nothing of the other brand');
}

describe('brand 1 on the first port', () => {
  test('the server renders brand 1', async () => {
    const response = await rawGet(`${BASE_URL}/login`);
    assert.equal(response.status, 200);
    assert.match(response.body, /<title>[^<]*星达通[^<]*<\/title>/);
    const footer = footerText(response.body);
    assert.ok(footer.includes(brand1.companyName.zh), 'the server-rendered footer names 广州星达通网络科技有限公司');
    assert.ok(footer.includes(brand1.footerContact!.blurb.zh), 'and shows the blurb');
  });

  for (const locale of ['zh', 'en'] as const) {
    pageTest(`the page shows brand 1 in ${locale}`, browser, async ({ page }) => {
      const site = new SitePage(page);
      await site.goto(locale === 'zh' ? '/login' : '/en/login');
      assert.ok(await site.logo(brand1.name[locale]).isVisible(), `a logo with alt text "${brand1.name[locale]}"`);
      assert.ok((await page.title()).includes(brand1.name[locale]));
      await assertFooterShowsBrand(site, brand1, locale);
    });
  }
});

describe('brand 2 on the second port or a marked host', () => {
  test('the server renders brand 2 on the second port', async () => {
    const response = await rawGet(`${BRAND2_URL}/login`);
    assert.equal(response.status, 200);
    assert.match(response.body, /<title>[^<]*达人宝[^<]*<\/title>/);
    const footer = footerText(response.body);
    assert.ok(footer.includes(brand2.companyName.zh), 'the footer names 广州达人宝信息技术有限公司');
    assert.ok(!footer.includes(brand1.companyName.zh), 'and not brand 1');
  });

  test(`the server renders brand 2 for Host: ${BRAND2_HOST} on the first port`, async () => {
    const response = await rawGet(`${BASE_URL}/login`, { host: BRAND2_HOST });
    assert.equal(response.status, 200);
    assert.match(response.body, /<title>[^<]*达人宝[^<]*<\/title>/);
    assert.ok(footerText(response.body).includes(brand2.companyName.zh), 'the footer names brand 2');
  });

  for (const locale of ['zh', 'en'] as const) {
    pageTest(`the page shows brand 2 in ${locale} on the second port`, browser, async ({ page }) => {
      const site = new SitePage(page);
      await site.goto(`${BRAND2_URL}${locale === 'zh' ? '/login' : '/en/login'}`);
      assert.ok(await site.logo(brand2.name[locale]).isVisible(), `a logo with alt text "${brand2.name[locale]}"`);
      assert.ok((await page.title()).includes(brand2.name[locale]));
      await assertFooterShowsBrand(site, brand2, locale);
    });
  }

  pageTest('the page shows brand 2 on a host name with the marker', browser, async ({ page }) => {
    const site = new SitePage(page);
    // Chromium resolves every *.localhost name to this machine.
    await site.goto(`http://${BRAND2_HOST}/login`);
    assert.ok(await site.logo(brand2.name.zh).isVisible(), 'the brand 2 logo');
    await assertFooterShowsBrand(site, brand2, 'zh');
  });
});
