/**
 * Brand isolation: everything a brand's page shows or links to belongs to that brand. Every route of
 * each brand in both languages, as the server writes it and after hydration, with every layer opened, must carry
 * nothing of the other brand: not its name, its domain, its logo files or its accent colours (in the page's
 * computed styles and inside every SVG picture the page shows). The side bar keeps clear of the content at
 * 1430 and 1440 px.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { ACCENT_FAMILY } from '../../scripts/brand-art';
import { type Brand, type BrandId, brands } from '../../shared/brand';
import type { Locale } from '../../shared/locale';
import { NAMES } from '../models/names';
import { SitePage } from '../models/site-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL, BRAND2_URL } from '../support/env';
import { rawGet } from '../support/http';
import { LOCALES, localized, PAGE_PATHS } from '../support/routes';

const browser = browserForThisFile();
const ORIGIN: Record<BrandId, string> = { starreach: BASE_URL, creatorbox: BRAND2_URL };
/** The theme's accent per brand (src/styles/theme.css.ts) besides the illustration family. */
const THEME_ACCENT: Record<BrandId, string> = { starreach: '#d81e44', creatorbox: '#1f5af0' };

const otherOf = (brand: Brand) => (brand.id === 'starreach' ? brands.creatorbox : brands.starreach);

/** The texts that name the other brand: its names, its domain and the folder of its logos and pictures. */
function foreignTexts(other: Brand): string[] {
  return [other.name.zh, other.name.en, `${other.id}.example`, `/brand/${other.id}/`];
}

function foreignColours(other: Brand): Set<string> {
  return new Set([...ACCENT_FAMILY[other.id], other.accent, THEME_ACCENT[other.id]].map((c) => c.toLowerCase()));
}

function assertNoForeignText(text: string, other: Brand, where: string) {
  for (const needle of foreignTexts(other)) {
    assert.ok(!text.includes(needle), `${where} contains "${needle}" of ${other.name.en}`);
  }
}

const hex = (value: number) => value.toString(16).padStart(2, '0');

/** Every colour the page paints (computed styles of every element) as #rrggbb, and the pictures it shows. */
async function paintedColoursAndPictures(page: Page): Promise<{ colours: string[]; pictures: string[] }> {
  const raw = await page.evaluate(() => {
    const colours = new Set<string>();
    const properties = [
      'color',
      'background-color',
      'border-top-color',
      'border-bottom-color',
      'outline-color',
      'fill',
      'stroke',
    ];
    for (const element of document.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      for (const property of properties) colours.add(style.getPropertyValue(property));
      for (const match of style.backgroundImage.matchAll(/rgba?\([^)]*\)/g)) colours.add(match[0]);
    }
    const pictures = [
      ...[...document.querySelectorAll('img')].map((img) => img.currentSrc || img.src),
      ...[...document.querySelectorAll('video')].map((video) => video.poster),
    ].filter(Boolean);
    return { colours: [...colours], pictures };
  });
  const colours = raw.colours.flatMap((value) => {
    const match = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(value);
    return match ? [`#${hex(Number(match[1]))}${hex(Number(match[2]))}${hex(Number(match[3]))}`] : [];
  });
  return { colours, pictures: raw.pictures };
}

const svgCache = new Map<string, string>();
async function svgText(url: string): Promise<string> {
  if (!svgCache.has(url)) {
    const response = await fetch(url);
    const type = response.headers.get('content-type') ?? '';
    svgCache.set(url, type.includes('svg') ? await response.text() : '');
  }
  return svgCache.get(url) ?? '';
}

async function assertPageIsolated(page: Page, brand: Brand, where: string) {
  const other = otherOf(brand);
  const html = await page.content();
  assertNoForeignText(html, other, `${where} (hydrated)`);
  const links = await page.$$eval('a[href]', (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  for (const link of links) assert.ok(!link.includes(other.id), `${where} links to ${link}`);
  const { colours, pictures } = await paintedColoursAndPictures(page);
  const forbidden = foreignColours(other);
  const painted = colours.filter((colour) => forbidden.has(colour));
  assert.deepEqual([...new Set(painted)], [], `${where} paints ${other.name.en}'s accent`);
  for (const picture of pictures) {
    if (!picture.startsWith('http')) continue;
    assertNoForeignText(picture, other, `${where} picture ${picture}`);
    const svg = (await svgText(picture)).toLowerCase();
    const inside = [...forbidden].filter((colour) => svg.includes(colour));
    assert.deepEqual(inside, [], `${where}: ${picture} draws in ${other.name.en}'s accent`);
  }
}

const LAYER_OPENERS: { name: RegExp; scope: 'header' | 'footer' | 'page' }[] = [
  { name: NAMES.clientDownload, scope: 'header' },
  { name: NAMES.pluginDownload, scope: 'header' },
  { name: NAMES.contactConsultant, scope: 'page' },
  { name: NAMES.agreement, scope: 'footer' },
  { name: NAMES.privacy, scope: 'footer' },
];

for (const brand of [brands.starreach, brands.creatorbox]) {
  const origin = ORIGIN[brand.id];
  for (const locale of LOCALES) {
    describe(`${brand.name.en} in ${locale} shows nothing of the other brand`, () => {
      test('in the HTML the server writes for every route', async () => {
        for (const path of PAGE_PATHS) {
          const target = `${origin}${localized(path, locale)}`;
          const response = await rawGet(target);
          assert.equal(response.status, 200, target);
          assertNoForeignText(response.body, otherOf(brand), target);
        }
      });

      pageTest('on every route after hydration', browser, async ({ page }) => {
        for (const path of PAGE_PATHS) {
          const target = `${origin}${localized(path, locale)}`;
          await page.goto(target, { waitUntil: 'networkidle' });
          await assertPageIsolated(page, brand, target);
        }
      });

      pageTest('in every layer', browser, async ({ page }) => {
        const site = new SitePage(page);
        await site.goto(`${origin}${localized('/', locale)}`);
        for (const opener of LAYER_OPENERS) {
          const scope = opener.scope === 'header' ? site.header : opener.scope === 'footer' ? site.footer : page;
          const button = site.clickable(scope, opener.name);
          await button.scrollIntoViewIfNeeded();
          await button.click();
          const dialog = site.anyDialog.first();
          await dialog.waitFor({ state: 'visible' });
          await page.waitForLoadState('networkidle');
          await assertPageIsolated(page, brand, `${brand.id} ${locale} layer ${opener.name}`);
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'hidden' });
        }
      });
    });
  }
}

describe('the floating side bar keeps clear of the content', () => {
  const pages = ['/', '/business-college/electricity/2001'];
  for (const width of [1430, 1440]) {
    for (const locale of ['zh', 'en'] as Locale[]) {
      pageTest(
        `at ${width} px in ${locale}`,
        browser,
        async ({ page }) => {
          for (const path of pages) {
            await page.goto(`${BASE_URL}${localized(path, locale)}`, { waitUntil: 'networkidle' });
            const bar = await page.getByRole('complementary').first().boundingBox();
            assert.ok(bar, 'the side bar is shown');
            const rightEdge = await page.evaluate((barLeft) => {
              // The right-most edge of the content: every block inside main except full-bleed backgrounds.
              let edge = 0;
              for (const element of document.querySelectorAll('main *')) {
                const box = element.getBoundingClientRect();
                if (box.width === 0 || box.height === 0 || box.width >= window.innerWidth - 40) continue;
                edge = Math.max(edge, box.right);
              }
              return Math.min(edge, barLeft + 1000);
            }, bar.x);
            assert.ok(
              bar.x - rightEdge >= 8,
              `${path}: ${Math.round(bar.x - rightEdge)} px between the content and the side bar`,
            );
          }
        },
        { viewport: { width, height: 900 } },
      );
    }
  }
});
