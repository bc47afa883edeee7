/**
 * Issue 34's sign-in paths in Chromium against the real server (built-in SMS sink, captcha and WeChat simulator):
 * the one-step SMS sign-in of a phone that has no account (a code on the login's SMS way creates it, with a
 * welcome), and sign-in inside WeChat's browser (a MicroMessenger user agent on a phone: "使用微信登录" → the
 * simulator's authorise page → back on /scan_code, where a new WeChat identity is offered bind or register).
 * Sends 1 SMS code and creates 1 QR code on the run's server.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brands } from '../../shared/brand';
import { AuthPage, assertLoggedIn } from '../models/auth-page';
import { browserForThisFile, withPage } from '../support/browser';
import { BASE_URL } from '../support/env';
import { logMark, smsCode, uniquePhone } from '../support/sms';

const browser = browserForThisFile();

const WECHAT_PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
};

describe('sign-in paths', () => {
  test('a phone without an account signs in with an SMS code and is welcomed', (t) =>
    withPage(t, browser(), {}, async ({ page }) => {
      const auth = new AuthPage(page, 'zh');
      const phone = uniquePhone();
      await auth.open('/login?way=sms');
      await auth.askForCode('login', phone);
      const since = logMark();
      await auth.passCaptchaForCode('drag');
      await auth.toast(auth.text.codeSent, 'status').waitFor();
      await auth.code('login').fill(await smsCode(phone, 'login', { since }));
      await auth.submit('login').click();
      await page.getByText('欢迎！账号已创建，免费试用已开始').waitFor();
      await assertLoggedIn(auth, BASE_URL, `用户${phone.slice(-4)}`, brands.starreach.tenantId);
    }));

  test('inside WeChat’s browser, "使用微信登录" goes through the authorisation to bind or register', (t) =>
    withPage(t, browser(), WECHAT_PHONE, async ({ page }) => {
      await page.goto(`${BASE_URL}/scan_code`);
      const button = page.getByTestId('wechat-sign-in');
      await button.waitFor();
      assert.equal((await button.textContent())?.trim(), '使用微信登录');
      await button.click();
      await page.waitForURL(/\/wx-sim\/oauth\/authorize\?/);
      await page.getByLabel('昵称').fill(`微信${uniquePhone().slice(-4)}`);
      await page.getByTestId('sim-authorize').click();
      await page.waitForURL(/\/scan_code\?wx_oauth=unbound$/);
      // The QR login's unbound state: bind an account or register (the scan panel's own choices).
      await page.getByRole('button', { name: '立即绑定' }).waitFor({ timeout: 10_000 });
    }));
});
