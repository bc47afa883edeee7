/**
 * The Content-Security-Policy breaks nothing: every page, the global layers, the agreement,
 * the slider captcha and the WeChat QR panel, in both languages and both brands, run without a single
 * violation. (Every other spec fails on a violation too: e2e/support/browser.ts checks after each test.)
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locale } from '../../shared/locale';
import { AuthPage } from '../models/auth-page';
import type { DialogKind, NAMES } from '../models/names';
import { ScanPanel } from '../models/scan-panel';
import { SitePage } from '../models/site-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { takeCspViolations } from '../support/diagnostics';
import { BASE_URL, BRAND2_URL } from '../support/env';
import { localized, PAGE_PATHS } from '../support/routes';

const browser = browserForThisFile();

const LAYERS: { from: 'header' | 'footer' | 'side bar'; entry: keyof typeof NAMES; kind: DialogKind }[] = [
  { from: 'header', entry: 'clientDownload', kind: 'clientDownload' },
  { from: 'header', entry: 'pluginDownload', kind: 'pluginDownload' },
  { from: 'side bar', entry: 'contactConsultant', kind: 'customerService' },
  { from: 'footer', entry: 'agreement', kind: 'agreement' },
  { from: 'footer', entry: 'privacy', kind: 'privacy' },
];

function assertNoViolations(where: string) {
  const violations = takeCspViolations();
  assert.deepEqual(violations, [], `no Content-Security-Policy violation on ${where}`);
}

for (const [brandName, baseURL] of [
  ['brand 1', BASE_URL],
  ['brand 2', BRAND2_URL],
] as const) {
  for (const locale of ['zh', 'en'] as Locale[]) {
    describe(`CSP, ${brandName}, ${locale}`, () => {
      pageTest(
        'every page loads with a strict policy and no violation',
        browser,
        async ({ page }) => {
          const site = new SitePage(page);
          for (const path of PAGE_PATHS) {
            const response = await page.goto(localized(path, locale), { waitUntil: 'networkidle' });
            const policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
            assert.match(policy, /default-src 'none'/, `${path} has a policy`);
            assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/, `${path}: no unsafe sources`);
            assertNoViolations(localized(path, locale));
          }
          // An unknown page (the 404 page) too.
          await site.goto(localized('/no-such-page', locale));
          assertNoViolations('the 404 page');
        },
        { baseURL },
      );

      pageTest(
        'the layers, the agreement and the privacy policy open without a violation',
        browser,
        async ({ page }) => {
          const site = new SitePage(page);
          await site.goto(localized('/', locale));
          for (const layer of LAYERS) {
            const button =
              layer.from === 'header'
                ? site.headerEntry(layer.entry)
                : layer.from === 'footer'
                  ? site.footerEntry(layer.entry)
                  : site.contactConsultant;
            await button.scrollIntoViewIfNeeded();
            await button.click();
            const dialog = site.dialog(layer.kind);
            await dialog.waitFor({ state: 'visible' });
            await page.keyboard.press('Escape');
            await dialog.waitFor({ state: 'hidden' });
            assertNoViolations(`the ${layer.kind} dialog`);
          }
        },
        { baseURL },
      );

      pageTest(
        'the slider captcha and the QR panel show without a violation',
        browser,
        async ({ page }) => {
          const auth = new AuthPage(page, locale);
          await auth.open('/register');
          await auth.askForCode('register', '13800138000');
          await auth.captcha.ready();
          assertNoViolations('the slider captcha');
          const panel = new ScanPanel(page, locale);
          await panel.open();
          await panel.qrImage.waitFor({ state: 'visible', timeout: 10_000 });
          assertNoViolations('the QR panel');
        },
        { baseURL },
      );
    });
  }
}
