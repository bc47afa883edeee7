/**
 * axe-core (WCAG 2.0 / 2.1, levels A and AA) on every page route in zh and en, and with each layer open.
 * A failure lists each violation's rule, what it means and the elements that break it.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DIALOG_TITLES, type DialogKind } from '../models/names';
import { SitePage } from '../models/site-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { ALL_PAGES, LOCALES, localized } from '../support/routes';
import { sleep } from '../support/wait';

const browser = browserForThisFile();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function assertNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const report = violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map(
        (node) =>
          `      ${node.target.join(' ')}${node.failureSummary ? `\n        ${node.failureSummary.replace(/\n/g, '\n        ')}` : ''}`,
      );
    const more = violation.nodes.length > 5 ? [`      … and ${violation.nodes.length - 5} more`] : [];
    return [
      `  ${violation.id} (${violation.impact}): ${violation.help} — ${violation.helpUrl}`,
      ...nodes,
      ...more,
    ].join('\n');
  });
  assert.equal(violations.length, 0, `axe found ${violations.length} violation(s) on ${what}:\n${report.join('\n')}`);
}

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
