/**
 * Room on a seller's screen (docs/product.md#constants): on a 1366×768 laptop every header entry lies inside the
 * window and nothing covers it, and the floating side bar covers no content; with classic (non-overlay)
 * scrollbars no page scrolls sideways at 1440 (nor at 1366) or on a phone. Both brands, both languages.
 *
 * Chromium draws overlay scrollbars only because Playwright passes `--hide-scrollbars` to headless Chromium;
 * without it the scrollbar takes 15 px of the window, as on Windows, so this file launches its own browser.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { ensureBrowser } from '../../scripts/ensure-browser';
import { LOCALES, localizePath } from '../../shared/locale';
import { PHONE_PATHS } from '../../shared/routes';
import { CHROMIUM_ARGS, pageTest } from '../support/browser';
import { takeCspViolations } from '../support/diagnostics';
import { BASE_URL, BRAND2_URL, USER_AGENTS } from '../support/env';
import { DESKTOP_PAGES } from '../support/routes';

let browser: Browser | undefined;
before(async () => {
  browser = await chromium.launch({
    executablePath: ensureBrowser(),
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
});
after(async () => {
  await browser?.close();
});
afterEach(() => {
  const violations = takeCspViolations();
  if (violations.length) throw new Error(`Content-Security-Policy violations:\n  ${violations.join('\n  ')}`);
});
const getBrowser = () => {
  if (!browser) throw new Error('The browser is not launched yet.');
  return browser;
};

const BRANDS = [
  { id: 1, base: BASE_URL },
  { id: 2, base: BRAND2_URL },
];

async function load(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Sideways scrolling of the page: how many px the document is wider than the window's room for it. */
function sidewaysProblem(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const root = document.documentElement;
    return root.scrollWidth > root.clientWidth
      ? `scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px (window ${window.innerWidth})`
      : undefined;
  });
}

/** Every link and button of the header: inside the window and the topmost element at its centre. */
function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const header = document.querySelector('header');
    if (!header) return ['no header'];
    const width = document.documentElement.clientWidth;
    for (const element of header.querySelectorAll<HTMLElement>('a, button, [role="button"], select')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim() || element.tagName;
      if (box.left < 0 || box.right > width + 0.5 || box.top < 0 || box.bottom > window.innerHeight) {
        problems.push(
          `"${name}" lies outside the window (${Math.round(box.left)}-${Math.round(box.right)} of ${width})`,
        );
        continue;
      }
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!top || !(element === top || element.contains(top))) {
        problems.push(
          `"${name}" is covered by ${top ? `<${top.tagName.toLowerCase()} class="${top.className}">` : 'nothing'}`,
        );
      }
    }
    return problems;
  });
}

/**
 * The side bar covers no content: no text, picture, link, button or field inside <main> reaches into the
 * side bar's column (the page scrolls under the fixed bar, so any element in that column would pass under it).
 * Full-width bands (backgrounds) are not content.
 */
function sideBarProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('aside[aria-label] ul')?.getBoundingClientRect();
    if (!bar) return ['no side bar'];
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const selector =
      'main img, main video, main a, main button, main input, main h1, main h2, main h3, main p, main li, main td';
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.width >= width * 0.9) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (box.right > bar.left && box.left < bar.right) {
        const name = (element.getAttribute('alt') ?? element.textContent ?? '').trim().slice(0, 40);
        problems.push(
          `<${element.tagName.toLowerCase()}> "${name}" reaches ${Math.round(box.right)} px, under the side bar from ${Math.round(bar.left)} px`,
        );
      }
    }
    return problems.slice(0, 5);
  });
}

function report(problems: string[]) {
  assert.deepEqual(problems, [], `${problems.length} problems:\n  ${problems.join('\n  ')}`);
}

for (const brand of BRANDS) {
  for (const locale of LOCALES) {
    describe(`brand ${brand.id}, ${locale}`, () => {
      pageTest(
        'at 1366×768 every header entry can be reached and the side bar covers no content',
        getBrowser,
        async ({ page }) => {
          const problems: string[] = [];
          for (const path of ['/', '/login', '/business-college/ecommerce-intro', '/business-college/operate/3001']) {
            await load(page, `${brand.base}${localizePath(path, locale)}`);
            for (const line of await headerProblems(page)) problems.push(`${path}: ${line}`);
            for (const line of await sideBarProblems(page)) problems.push(`${path}: ${line}`);
            const sideways = await sidewaysProblem(page);
            if (sideways) problems.push(`${path} @1366: ${sideways}`);
          }
          report(problems);
        },
        { viewport: { width: 1366, height: 768 }, userAgent: USER_AGENTS.windows },
      );

      pageTest(
        'at 1440 with classic scrollbars no page scrolls sideways',
        getBrowser,
        async ({ page }) => {
          const problems: string[] = [];
          for (const path of DESKTOP_PAGES) {
            await load(page, `${brand.base}${localizePath(path, locale)}`);
            const scrollbar = await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
            assert.ok(scrollbar >= 10, `the page has a classic scrollbar (${scrollbar} px)`);
            const sideways = await sidewaysProblem(page);
            if (sideways) problems.push(`${path}: ${sideways}`);
          }
          report(problems);
        },
        { viewport: { width: 1440, height: 900 }, userAgent: USER_AGENTS.windows },
      );

      pageTest(
        'on a 390 px phone no page scrolls sideways and the header fits',
        getBrowser,
        async ({ page }) => {
          const problems: string[] = [];
          for (const path of PHONE_PATHS) {
            await load(page, `${brand.base}${localizePath(path, locale)}`);
            const sideways = await sidewaysProblem(page);
            if (sideways) problems.push(`${path}: ${sideways}`);
            for (const line of await headerProblems(page)) problems.push(`${path}: ${line}`);
          }
          report(problems);
        },
        { viewport: { width: 390, height: 844 }, userAgent: USER_AGENTS.iphone, isMobile: true, hasTouch: true },
      );
    });
  }
}
