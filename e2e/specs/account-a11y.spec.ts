/**
 * axe (WCAG 2.0 / 2.1 A and AA) on the account page in both languages, signed in with a fresh account (its cookie
 * and `userInfo`, as a login leaves them): as loaded with every section, and with the closure's statement shown.
 */
import { describe } from 'node:test';
import { registerAccount } from '../support/accounts-api';
import { assertNoAxeViolations } from '../support/axe';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL } from '../support/env';
import { LOCALES } from '../support/routes';

const browser = browserForThisFile();

const WORDS = { zh: { devices: '登录设备' }, en: { devices: 'Signed-in devices' } } as const;

for (const locale of LOCALES) {
  describe(`accessibility of the account page in ${locale}`, () => {
    pageTest(
      `${locale === 'en' ? '/en' : ''}/account as loaded, every section`,
      browser,
      async ({ page, context }) => {
        const account = await registerAccount(BASE_URL);
        await context.addCookies([{ name: 'Authorization', value: account.userInfo.Authorization, url: BASE_URL }]);
        await context.addInitScript((userInfo) => {
          if (!localStorage.getItem('userInfo')) localStorage.setItem('userInfo', userInfo);
        }, JSON.stringify(account.userInfo));
        const path = `${locale === 'en' ? '/en' : ''}/account`;
        await page.goto(path);
        await page.locator('section').first().waitFor();
        await page.getByRole('heading', { name: WORDS[locale].devices }).waitFor();
        await page.locator('main:not([aria-busy])').waitFor();
        await assertNoAxeViolations(page, path);
      },
      { locale: locale === 'zh' ? 'zh-CN' : 'en-US' },
    );
  });
}
