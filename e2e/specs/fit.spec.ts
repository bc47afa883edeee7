/**
 * Everything fits (docs/product.md#constants sizes, decision docs/decisions/033-seller-fit-and-copy.md): every page and every
 * layer, in both languages and both brands, at the desktop widths a seller uses (1430, the site's minimum, 1440
 * and 1920) and on the phone pages at 390, 375 and 360 px. A page fails on any text wider than its box, text cut
 * off by a clipping ancestor (a card, a dialog), a cut placeholder, or a button or tab label on two lines; a
 * layer also fails when its main action cannot be seen without scrolling inside it.
 *
 * One page per combination, resized between widths (no reload), keeps the file within about two minutes.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { brandContents } from '../../shared/brand-contents';
import { LOCALES, localizePath } from '../../shared/locale';
import { PHONE_PATHS } from '../../shared/routes';
import { layerOverflow, misfits } from '../models/fit-check';
import { DIALOG_SIZES, type DialogKind, NAMES } from '../models/names';
import { SitePage } from '../models/site-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL, BRAND2_URL, USER_AGENTS } from '../support/env';
import { DESKTOP_PAGES } from '../support/routes';
import { sleep } from '../support/wait';

const browser = browserForThisFile();

const DESKTOP_WIDTHS = [1430, 1440, 1920];
const DESKTOP_HEIGHT = (width: number) => (width >= 1920 ? 1080 : 900);
const PHONES = [
  { width: 390, height: 844 },
  { width: 375, height: 812 },
  { width: 360, height: 780 },
];

const BRANDS = [
  { id: 1, base: BASE_URL },
  { id: 2, base: BRAND2_URL },
];

/** The layers of docs/product.md#pages, how a visitor opens them and the action each exists for. */
const LAYERS: { kind: DialogKind; open: (site: SitePage) => Locator; actions: RegExp[] }[] = [
  {
    kind: 'clientDownload',
    open: (site) => site.headerEntry('clientDownload'),
    actions: [/立即下载|download now/i],
  },
  {
    kind: 'pluginDownload',
    open: (site) => site.headerEntry('pluginDownload'),
    actions: [/^\s*(下载插件|download (the )?plug-?in)\s*$/i, /下载专用浏览器|dedicated browser/i],
  },
  { kind: 'customerService', open: (site) => site.contactConsultant, actions: [] },
  { kind: 'agreement', open: (site) => site.footerEntry('agreement'), actions: [NAMES.close] },
];

/**
 * The client layer's ways on to the tool elsewhere than on Windows (docs/product.md#roles); the cloud computer only
 * where both brands have one (shared/brand-contents.ts).
 */
const CLIENT_ALTERNATIVES = [
  /^\s*(浏览器插件|plug-?in)\s*$/i,
  /专用浏览器|dedicated browser/i,
  ...(Object.values(brandContents).every((contents) => contents.friendlyLinks.cloudComputer)
    ? [/云电脑|cloud pc/i]
    : []),
];

/** Lets layout settle after a resize or a click (fonts are loaded; transitions are short). */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await sleep(40);
}

async function load(site: SitePage, url: string) {
  await site.page.goto(url, { waitUntil: 'load' });
  await site.page.evaluate(() => document.fonts.ready);
  // /login and /register hydrate on the first interaction: point at the page as a visitor would.
  await site.pointAtPage();
  await sleep(150);
}

/**
 * On /login, every tab of its tab list, so each form is measured too (the home page's feature tabs share one
 * panel layout: its first tab stands for all, and every tab's label is measured whichever is selected).
 */
async function eachTab(page: Page, path: string, check: (name: string) => Promise<void>) {
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  const count = path === '/login' ? await tabs.count() : 0;
  if (count === 0) return check('');
  for (let index = 0; index < count; index++) {
    const tab = tabs.nth(index);
    const name = ((await tab.textContent()) ?? '').trim();
    await tab.click();
    await settle(page);
    await check(`tab "${name}"`);
  }
}

/** The action is in the layer's box and in the window, with nothing inside the layer scrolled to reach it. */
async function actionProblem(dialog: Locator, action: Locator): Promise<string | undefined> {
  if ((await action.count()) === 0) return `has no action named ${action}`;
  return action.evaluate(
    (element, dialogElement) => {
      const frame = (dialogElement as Element).getBoundingClientRect();
      const box = element.getBoundingClientRect();
      const name = (element.textContent ?? '').trim();
      const tolerance = 1;
      if (
        box.top < frame.top - tolerance ||
        box.bottom > frame.bottom + tolerance ||
        box.left < frame.left - tolerance ||
        box.right > frame.right + tolerance
      ) {
        return `"${name}" lies outside the layer (${Math.round(box.bottom)} > ${Math.round(frame.bottom)} px)`;
      }
      for (let parent = element.parentElement; parent && parent !== dialogElement; parent = parent.parentElement) {
        const view = parent.getBoundingClientRect();
        if (box.bottom > view.bottom + tolerance || box.top < view.top - tolerance) {
          return `"${name}" is below the visible part of its scrolling area (${Math.round(box.bottom)} > ${Math.round(view.bottom)} px)`;
        }
      }
      if (box.bottom > window.innerHeight) return `"${name}" is below the window`;
      return undefined;
    },
    await dialog.elementHandle(),
  );
}

/**
 * Opens a layer, measures it against its spec size (no text cut or outside it, nothing scrolling inside a
 * fixed-size layer, its actions in view), and closes it again.
 */
async function layerProblems(
  site: SitePage,
  layer: (typeof LAYERS)[number],
  where: string,
  system: 'windows' | 'mac' | 'linux' = 'windows',
): Promise<string[]> {
  const { page } = site;
  const problems: string[] = [];
  const opener = layer.open(site);
  await opener.scrollIntoViewIfNeeded();
  await opener.click();
  const dialog = site.dialog(layer.kind);
  await dialog.waitFor({ state: 'visible' });
  await site.dialogBox(dialog);
  // The agreement's text loads after the layer opens.
  if (layer.kind === 'agreement') await dialog.getByRole('heading').first().waitFor();
  // The video's element replaces its placeholder a frame after the layer opens.
  if (layer.kind === 'clientDownload') await dialog.locator('video').waitFor({ state: 'attached' });
  await settle(page);
  const box = await dialog.boundingBox();
  const size = DIALOG_SIZES[layer.kind];
  if (box && size.height !== undefined && Math.abs(box.height - size.height) > 2) {
    problems.push(`${where}: is ${Math.round(box.height)} px high, not ${size.height}`);
  }
  if (box && Math.abs(box.width - size.width) > 2) {
    problems.push(`${where}: is ${Math.round(box.width)} px wide, not ${size.width}`);
  }
  for (const line of await misfits(page, '[role="dialog"]')) problems.push(`${where}: ${line}`);
  if (size.height !== undefined) {
    for (const line of await layerOverflow(page, '[role="dialog"]')) problems.push(`${where}: ${line}`);
  }
  // Elsewhere than on Windows the client layer's actions are its alternatives (docs/product.md#roles).
  const actions = layer.kind === 'clientDownload' && system !== 'windows' ? CLIENT_ALTERNATIVES : layer.actions;
  for (const name of actions) {
    const action = dialog.getByRole('link', { name }).or(dialog.getByRole('button', { name })).last();
    const problem = await actionProblem(dialog, action);
    if (problem) problems.push(`${where}: ${problem}`);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return problems;
}

/** Download addresses as a deployment configures them (CLIENT_DOWNLOAD_URL, BROWSER_DOWNLOAD_URL). */
const CONFIGURED_DOWNLOADS = {
  client: 'https://downloads.example.com/portal/Setup-3.8.2-x64.exe',
  pluginBrowser: 'https://downloads.example.com/portal/Browser-Setup.exe',
};

/**
 * Serves the page with download addresses configured (the test server has none): its portal-env block is what
 * the server writes when CLIENT_DOWNLOAD_URL and BROWSER_DOWNLOAD_URL are set. The layers render only in the
 * browser, so the server's HTML and the hydrated page still agree.
 */
async function withConfiguredDownloads(page: Page, url: string) {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /"downloads":\{[^}]*\}/,
      `"downloads":${JSON.stringify(CONFIGURED_DOWNLOADS)}`,
    );
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ response, body, headers });
  });
}

/** The systems the server tells apart for the client download (docs/product.md#roles), with and without configured downloads. */
const DOWNLOAD_CASES = (['windows', 'mac', 'linux'] as const).flatMap((system) =>
  [false, true].map((configured) => ({ system, configured })),
);
const DOWNLOAD_LAYERS = LAYERS.filter((layer) => layer.kind === 'clientDownload' || layer.kind === 'pluginDownload');

/**
 * Header, content and footer share one grid: the header's row and the footer's are as wide as the content
 * (1300 px), start at the same x, and the header's navigation is not wider than its room.
 */
async function gridProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const header = document.querySelector('header');
    const footer = document.querySelector('footer');
    const row = header?.firstElementChild?.getBoundingClientRect();
    const footerRow = footer?.firstElementChild?.getBoundingClientRect();
    const logo = header?.querySelector('img')?.getBoundingClientRect();
    const nav = header?.querySelector('nav');
    if (!row || !footerRow || !logo || !nav) return ['the header or the footer is missing'];
    const round = (value: number) => Math.round(value);
    if (round(row.width) !== 1300) problems.push(`the header row is ${round(row.width)} px wide, not 1300`);
    if (round(footerRow.width) !== 1300) problems.push(`the footer row is ${round(footerRow.width)} px wide, not 1300`);
    if (Math.abs(logo.left - footerRow.left) > 1) {
      problems.push(`the logo starts at ${round(logo.left)} px, the footer's content at ${round(footerRow.left)} px`);
    }
    if (nav.scrollWidth > nav.clientWidth + 1) {
      problems.push(`the header navigation needs ${nav.scrollWidth} px, has ${nav.clientWidth}`);
    }
    return problems;
  });
}

function report(problems: string[]) {
  assert.deepEqual(problems, [], `${problems.length} things do not fit:\n  ${problems.join('\n  ')}`);
}

for (const brand of BRANDS) {
  for (const locale of LOCALES) {
    describe(`brand ${brand.id}, ${locale}`, () => {
      pageTest(
        'every page fits at 1430, 1440 and 1920',
        browser,
        async ({ page }) => {
          const site = new SitePage(page);
          const problems: string[] = [];
          for (const path of DESKTOP_PAGES) {
            await page.setViewportSize({ width: DESKTOP_WIDTHS[0], height: DESKTOP_HEIGHT(DESKTOP_WIDTHS[0]) });
            await load(site, `${brand.base}${localizePath(path, locale)}`);
            await eachTab(page, path, async (tab) => {
              for (const width of DESKTOP_WIDTHS) {
                await page.setViewportSize({ width, height: DESKTOP_HEIGHT(width) });
                await settle(page);
                for (const line of await misfits(page)) problems.push(`${path} ${tab} @${width}: ${line}`);
                if (path === '/' || path === '/business-college') {
                  for (const line of await gridProblems(page)) problems.push(`${path} @${width}: ${line}`);
                }
              }
            });
          }
          report([...new Set(problems)]);
        },
        { userAgent: USER_AGENTS.windows },
      );

      pageTest(
        'every layer fits and shows its action without scrolling',
        browser,
        async ({ page }) => {
          const site = new SitePage(page);
          const problems: string[] = [];
          await load(site, `${brand.base}${localizePath('/', locale)}`);
          for (const width of DESKTOP_WIDTHS) {
            await page.setViewportSize({ width, height: DESKTOP_HEIGHT(width) });
            await settle(page);
            for (const layer of LAYERS) problems.push(...(await layerProblems(site, layer, `${layer.kind} @${width}`)));
          }
          report([...new Set(problems)]);
        },
        { userAgent: USER_AGENTS.windows },
      );

      for (const { system, configured } of DOWNLOAD_CASES) {
        const downloads = configured ? 'configured downloads' : 'no download addresses';
        pageTest(
          `the download layers fit on ${system} with ${downloads}`,
          browser,
          async ({ page }) => {
            const site = new SitePage(page);
            const url = `${brand.base}${localizePath('/', locale)}`;
            if (configured) await withConfiguredDownloads(page, url);
            await load(site, url);
            const problems: string[] = [];
            for (const layer of DOWNLOAD_LAYERS)
              problems.push(...(await layerProblems(site, layer, layer.kind, system)));
            // The configured download is offered where the system can use it, the pending one never as a link.
            const client = await (async () => {
              await site.headerEntry('clientDownload').click();
              const dialog = site.dialog('clientDownload');
              await dialog.waitFor();
              const links = await dialog
                .locator('a[href$=".exe"]')
                .evaluateAll((found) => found.map((a) => a.getAttribute('href')));
              await page.keyboard.press('Escape');
              await dialog.waitFor({ state: 'hidden' });
              return links;
            })();
            const expected = !configured
              ? []
              : system === 'windows'
                ? [CONFIGURED_DOWNLOADS.client]
                : [CONFIGURED_DOWNLOADS.pluginBrowser];
            assert.deepEqual(client, expected, 'the download links of the client layer');
            report([...new Set(problems)]);
          },
          { userAgent: USER_AGENTS[system], viewport: { width: 1440, height: 900 } },
        );
      }

      pageTest(
        'the phone pages fit at 390, 375 and 360',
        browser,
        async ({ page }) => {
          const site = new SitePage(page);
          const problems: string[] = [];
          for (const path of PHONE_PATHS) {
            await page.setViewportSize(PHONES[0]);
            await load(site, `${brand.base}${localizePath(path, locale)}`);
            await eachTab(page, path, async (tab) => {
              for (const phone of PHONES) {
                await page.setViewportSize(phone);
                await settle(page);
                for (const line of await misfits(page)) problems.push(`${path} ${tab} @${phone.width}: ${line}`);
              }
            });
          }
          report([...new Set(problems)]);
        },
        { userAgent: USER_AGENTS.iphone, isMobile: true, hasTouch: true, viewport: PHONES[0] },
      );
    });
  }
}
