/**
 * Asking for codes too fast and resetting a forgotten password (docs/product.md#errors-and-messages): a second
 * code for a phone within 60 s is refused with HTTP 429, the app's warning toast "访问过于频繁，请稍后再试！"
 * (English under /en) and the wait on the SMS button; after the wait the code comes, the new password works
 * and the old one does not, and every earlier session of the account has ended.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { AuthPage, WORKBENCH } from '../models/auth-page';
import { registerAccount, sendCode, tokenState } from '../support/accounts-api';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL } from '../support/env';
import { logMark, smsCode, smsCount, uniquePhone } from '../support/sms';
import { eventually } from '../support/wait';

const browser = browserForThisFile();

/** The seconds the SMS button says to wait after a 429. */
async function blockedFor(auth: AuthPage, form: 'login' | 'reset'): Promise<number> {
  return eventually(async () => {
    const label = await auth.smsLabel(form);
    const match = auth.text.blocked.exec(label);
    assert.ok(match, `the button shows the wait: "${label}"`);
    return Number(match[1]);
  });
}

describe('forgot password', () => {
  pageTest(
    'a code within 60 s is refused with the 429 toast; after the wait the reset works, old password fails',
    browser,
    async ({ page }) => {
      // A reset code went out just now (register codes are counted apart): the next one for the phone must wait.
      const account = await registerAccount(BASE_URL);
      await sendCode(BASE_URL, account.phone, 'reset');
      const auth = new AuthPage(page, 'zh');
      await auth.open('/forget_password');

      const before = logMark();
      await auth.askForCode('reset', account.phone);
      await auth.passCaptchaForCode('drag');
      await auth.toast(auth.text.tooMany).waitFor();
      const wait = await blockedFor(auth, 'reset');
      assert.ok(wait >= 1 && wait <= 60, `the wait is what is left of the 60 s (${wait})`);
      assert.ok(await auth.smsButton('reset').isDisabled(), 'the button is disabled during the wait');
      assert.equal(smsCount(account.phone, { since: before }), 0, 'no code was sent');

      // The button counts the wait down and comes back by itself.
      await eventually(async () => assert.equal(await auth.smsLabel('reset'), auth.text.getCode), {
        timeout: (wait + 5) * 1000,
        interval: 500,
      });
      await auth.smsButton('reset').click();
      const since = logMark();
      await auth.passCaptchaForCode('keyboard');
      await auth.toast(auth.text.codeSent, 'status').waitFor();
      const code = await smsCode(account.phone, 'reset', { since });

      const newPassword = `new ${account.password}`;
      await auth.code('reset').fill(code);
      await auth.password('reset').fill(newPassword);
      await auth.submit('reset').click();
      await auth.waitForPath('/login');
      await auth.toast(auth.text.resetDone, 'status').waitFor();
      assert.deepEqual(
        await tokenState(BASE_URL, account.userInfo.Authorization),
        { status: 401, code: 40002 },
        'the reset ended the sessions of the account',
      );

      // The old password no longer works; the new one does.
      await auth.logIn(account.phone, account.password);
      await auth.toast(auth.text.wrongPassword).waitFor();
      assert.equal(new URL(page.url()).pathname, '/login', 'still on the login page');
      assert.equal(await auth.authCookie(), undefined, 'not logged in');
      await auth.password('login').fill(newPassword);
      await auth.submit('login').click();
      await auth.waitForPath(WORKBENCH);
      assert.ok(await auth.authCookie(), 'logged in with the new password');
    },
  );
});

describe('too many requests', () => {
  pageTest(
    'the 429 toast speaks English under /en (SMS login, a phone nobody registered)',
    browser,
    async ({ page }) => {
      const phone = uniquePhone();
      const auth = new AuthPage(page, 'en');
      await auth.open('/login');
      await auth.form('login').getByRole('link', { name: auth.text.codeMode, exact: true }).click();

      // The first code: the same answer as for a registered phone, and sent (the one-step SMS sign-in creates the
      // account when it is proved).
      const since = logMark();
      await auth.askForCode('login', phone);
      await auth.passCaptchaForCode('drag');
      await auth.toast(auth.text.codeSent, 'status').waitFor();

      // A new page load forgets the countdown; the server does not.
      await auth.open('/login');
      await auth.form('login').getByRole('link', { name: auth.text.codeMode, exact: true }).click();
      await auth.askForCode('login', phone);
      await auth.passCaptchaForCode('drag');
      await auth.toast(auth.text.tooMany).waitFor();
      const wait = await blockedFor(auth, 'login');
      assert.ok(wait >= 50 && wait <= 60, `the wait is most of the 60 s (${wait})`);
      assert.equal(smsCount(phone, { since }), 1, 'one code went to the unregistered phone, the second was refused');
    },
    { locale: 'en-US' },
  );
});
