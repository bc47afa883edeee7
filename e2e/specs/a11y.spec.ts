/**
 * axe-core (WCAG 2.0 / 2.1, levels A and AA) on every page route in zh and en, and with each layer open.
 * A failure lists each violation's rule, what it means and the elements that break it.
 */
import { describe } from 'node:test';
import { DIALOG_TITLES, type DialogKind } from '../models/names';
import { SitePage } from '../models/site-page';
import { assertNoAxeViolations as assertNoViolations } from '../support/axe';
import { browserForThisFile, pageTest } from '../support/browser';
import { ALL_PAGES, LOCALES, localized } from '../support/routes';
import { sleep } from '../support/wait';

const browser = browserForThisFile();
describe('accessibility of every page', { concurrency: 3 }, () => {
  for (const { locale, path } of ALL_PAGES) {
    pageTest(
      `${path} has no WCAG A/AA violations`,
      browser,
      async ({ page }) => {
        const site = new SitePage(page);
        await site.goto(path);
        await assertNoViolations(page, path);
      },
      { locale: locale === 'zh' ? 'zh-CN' : 'en-US' },
    );
  }
});

const LAYER_OPENERS: { kind: DialogKind; open: (site: SitePage) => Promise<void> }[] = [
  { kind: 'clientDownload', open: (site) => site.headerEntry('clientDownload').click() },
  { kind: 'pluginDownload', open: (site) => site.headerEntry('pluginDownload').click() },
  { kind: 'customerService', open: (site) => site.contactConsultant.click() },
  { kind: 'agreement', open: (site) => site.footerEntry('agreement').click() },
  { kind: 'privacy', open: (site) => site.footerEntry('privacy').click() },
];

describe('accessibility with a layer open', () => {
  for (const locale of LOCALES) {
    for (const { kind, open } of LAYER_OPENERS) {
      pageTest(
        `${localized('/', locale)} with the ${kind} dialog open has no WCAG A/AA violations`,
        browser,
        async ({ page }) => {
          const site = new SitePage(page);
          await site.goto(localized('/', locale));
          await open(site);
          await page.getByRole('dialog', { name: DIALOG_TITLES[kind] }).waitFor({ state: 'visible' });
          // Let the opening animation end, so colours are measured at full opacity.
          await sleep(600);
          await assertNoViolations(page, `${localized('/', locale)} with ${kind} open`);
        },
        { locale: locale === 'zh' ? 'zh-CN' : 'en-US' },
      );
    }
  }
});
