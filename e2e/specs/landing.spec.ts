/**
 * The landing after sign-in (docs/product.md#pages), signed in with a fresh account's cookie: on a desktop the next
 * steps (the client's download layer, the account page, the getting-started articles), on a phone "continue on your
 * computer" with the link copied to the clipboard, and never a way back to registration; axe on both; signed out,
 * login with the way back.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { WORKBENCH } from '../models/auth-page';
import { registerAccount } from '../support/accounts-api';
import { assertNoAxeViolations } from '../support/axe';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL, USER_AGENTS } from '../support/env';

const browser = browserForThisFile();
const PHONE = { userAgent: USER_AGENTS.iphone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const WORDS = {
  zh: { client: '下载 Windows 客户端', account: '打开账号设置', computer: '请在电脑上继续', copy: '复制链接' },
  en: {
    client: 'Download the Windows client',
    account: 'Open account settings',
    computer: 'Continue on your computer',
    copy: 'Copy link',
  },
} as const;

/** A fresh account, signed in on this context by its cookie (as a login leaves it). */
async function signIn(context: BrowserContext): Promise<string> {
  const account = await registerAccount(BASE_URL);
  await context.addCookies([{ name: 'Authorization', value: account.userInfo.Authorization, url: BASE_URL }]);
  return account.nickname;
}

describe('the landing after sign-in', () => {
  pageTest('on a desktop: the seller, the trial, the next steps', browser, async ({ page, context }) => {
    const nickname = await signIn(context);
    await page.goto(WORKBENCH);
    const main = page.getByRole('main');
    assert.equal((await main.getByRole('heading', { level: 1 }).textContent())?.trim(), `欢迎，${nickname}`);
    assert.equal(
      (await main.getByTestId('landing-trial').textContent())?.replace(/\s+/g, ' ').trim(),
      '免费试用还剩 3 天',
    );
    assert.equal(await main.getByRole('link', { name: WORDS.zh.account }).getAttribute('href'), '/account');
    assert.equal(await main.getByRole('heading', { name: WORDS.zh.computer }).count(), 0);
    await assertNoAxeViolations(page, WORKBENCH);
    await main.getByRole('button', { name: WORDS.zh.client }).click();
    await page.getByRole('dialog').waitFor();
  });

  pageTest(
    'on a phone: continue on the computer, the link copied, never registration',
    browser,
    async ({ page, context }) => {
      const nickname = await signIn(context);
      const path = `/en${WORKBENCH}`;
      await page.goto(path);
      assert.equal(new URL(page.url()).pathname, path, 'the phone stays on the landing');
      const main = page.getByRole('main');
      assert.equal((await main.getByRole('heading', { level: 1 }).textContent())?.trim(), `Welcome, ${nickname}`);
      await main.getByRole('heading', { name: WORDS.en.computer }).waitFor();
      assert.equal(await main.getByRole('button', { name: WORDS.en.client }).count(), 0, 'no downloads on a phone');
      assert.equal(await main.getByRole('link', { name: WORDS.en.account }).getAttribute('href'), '/en/account');
      await assertNoAxeViolations(page, `${path} on a phone`);
      await main.getByRole('button', { name: WORDS.en.copy }).click();
      await main.getByRole('status').filter({ hasText: /\S/ }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${BASE_URL}${path}`);
      assert.equal(await page.locator('a[href*="/register"]').count(), 0, 'nothing leads back to registration');
    },
    { ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] },
  );

  pageTest(
    'signed out on a phone: login, with the way back',
    browser,
    async ({ page }) => {
      await page.goto(WORKBENCH);
      const url = new URL(page.url());
      assert.equal(url.pathname, '/login');
      assert.equal(url.searchParams.get('redirect'), WORKBENCH);
    },
    PHONE,
  );
});
