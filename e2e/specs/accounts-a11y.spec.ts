/**
 * axe (WCAG 2.0 / 2.1 A and AA) on the account pages in both languages, as loaded and in the states a visitor
 * brings them to: every field in error after an empty submit, the other login tab and mode, and the slider
 * captcha dialog open.
 */
import { describe } from 'node:test';
import { AuthPage, type FormKind } from '../models/auth-page';
import { assertNoAxeViolations } from '../support/axe';
import { browserForThisFile, pageTest } from '../support/browser';
import { LOCALES } from '../support/routes';
import { uniquePhone } from '../support/sms';
import { sleep } from '../support/wait';

const browser = browserForThisFile();

const PAGES: { path: string; form: FormKind }[] = [
  { path: '/login', form: 'login' },
  { path: '/register', form: 'register' },
  { path: '/forget_password', form: 'reset' },
];

const TAB_NAMES = { zh: '快速注册领取试用权益', en: 'Sign up free' } as const;

for (const locale of LOCALES) {
  const options = { locale: locale === 'zh' ? 'zh-CN' : 'en-US' };

  describe(`accessibility of the account pages in ${locale}`, () => {
    for (const { path, form } of PAGES) {
      pageTest(
        `${path} as loaded and with every field in error`,
        browser,
        async ({ page }) => {
          const auth = new AuthPage(page, locale);
          await auth.open(path);
          await assertNoAxeViolations(page, auth.path(path));
          await auth.submit(form).click();
          await auth.phone(form).and(page.locator('[aria-invalid="true"]')).waitFor();
          await assertNoAxeViolations(page, `${auth.path(path)} with errors`);
        },
        options,
      );
    }

    pageTest(
      '/login with the SMS code mode and the registration tab',
      browser,
      async ({ page }) => {
        const auth = new AuthPage(page, locale);
        await auth.open('/login');
        await auth.form('login').getByRole('link', { name: auth.text.codeMode, exact: true }).click();
        await auth.code('login').waitFor();
        await assertNoAxeViolations(page, `${auth.path('/login')} in code mode`);
        await page.getByRole('tab', { name: TAB_NAMES[locale] }).click();
        await auth.form('register').waitFor();
        await assertNoAxeViolations(page, `${auth.path('/login')} on the registration tab`);
      },
      options,
    );

    pageTest(
      '/register with the captcha dialog open',
      browser,
      async ({ page }) => {
        const auth = new AuthPage(page, locale);
        await auth.open('/register');
        await auth.askForCode('register', uniquePhone());
        await auth.captcha.ready();
        // Let the opening animation end, so colours are measured at full opacity.
        await sleep(600);
        await assertNoAxeViolations(page, `${auth.path('/register')} with the captcha open`);
      },
      options,
    );
  });
}
