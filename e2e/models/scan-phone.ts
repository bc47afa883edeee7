/**
 * The phone in the WeChat QR login: the built-in simulator page /wx-sim that plays WeChat (choose a new
 * or a known identity, scan, read the official account's reply bubble, simulate a ban), and our own confirm
 * page /wx/confirm that the reply's link opens (confirm or "not me"). Located by roles and visible wording.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Locale } from '../../shared/locale';

/** What the phone pages say (server/messaging/simulator/ and confirm.ts). */
export const PHONE_TEXT = {
  zh: {
    newIdentity: /^\s*新的微信身份/,
    nickname: /^\s*昵称/,
    scan: /^\s*扫一扫\s*$/,
    simulateBan: /^模拟封禁/,
    notBound: '未绑定',
    bannedMark: '已封禁',
    confirm: /^\s*确认登录\s*$/,
    cancel: /^\s*取消\s*$/,
    confirmed: '已确认',
    cancelled: '已取消',
    confirmTitle: (brand: string) => `在电脑上登录${brand}？`,
  },
  en: {
    newIdentity: /^\s*New WeChat identity/,
    nickname: /^\s*Nickname/,
    scan: /^\s*Scan\s*$/,
    simulateBan: /^Simulate ban/,
    notBound: 'not bound',
    bannedMark: 'banned',
    confirm: /^\s*Confirm login\s*$/,
    cancel: /^\s*Cancel\s*$/,
    confirmed: 'Confirmed',
    cancelled: 'Cancelled',
    confirmTitle: (brand: string) => `Log in to ${brand} on the computer?`,
  },
} as const;

export class ScanPhone {
  readonly text: (typeof PHONE_TEXT)[Locale];

  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {
    this.text = PHONE_TEXT[locale];
  }

  /** Opens what the camera read (the simulator's address for one scene). */
  async open(qrUrl: string): Promise<void> {
    const response = await this.page.goto(qrUrl, { waitUntil: 'load' });
    assert.equal(response?.status(), 200, `the simulator page answers at ${qrUrl}`);
  }

  // ---- the identity that scans ----

  /** A known identity of this brand's official account in the list (its nickname, bound phone, marks). */
  identity(nickname: string): Locator {
    return this.page.getByTestId('sim-identity').filter({ has: this.page.getByText(nickname, { exact: true }) });
  }

  /** What the list says of an identity: "未绑定" / a masked phone, "已封禁"… (whitespace collapsed). */
  async identityText(nickname: string): Promise<string> {
    return ((await this.identity(nickname).textContent()) ?? '').replace(/\s+/g, ' ').trim();
  }

  /** Chooses "a new WeChat identity" and names it. */
  async newIdentity(nickname: string): Promise<void> {
    await this.page.getByRole('radio', { name: this.text.newIdentity }).check();
    await this.page.getByRole('textbox', { name: this.text.nickname }).fill(nickname);
  }

  /** Chooses an identity that scanned before (it is in the list). */
  async pickIdentity(nickname: string): Promise<void> {
    await this.identity(nickname).getByRole('radio').check();
  }

  /** "扫一扫" / "Scan": the simulator delivers the signed scan event; resolves with the official account's reply. */
  async scan(): Promise<string> {
    const before = await this.replies.count();
    await this.page.getByRole('button', { name: this.text.scan }).click();
    await this.replies.nth(before).waitFor({ timeout: 10_000 });
    return this.lastReply();
  }

  // ---- the chat ----

  /** The official account's reply bubbles, oldest first. */
  get replies(): Locator {
    return this.page.getByTestId('sim-reply');
  }

  async lastReply(): Promise<string> {
    return ((await this.replies.last().textContent()) ?? '').replace(/\s+/g, ' ').trim();
  }

  /** The confirm link of the newest reply (only a bound identity gets one). */
  get confirmLink(): Locator {
    return this.replies.last().getByRole('link');
  }

  /** Follows the confirm link (in the same tab, as WeChat's in-app browser opens it); returns its address. */
  async followConfirmLink(): Promise<URL> {
    const href = await this.confirmLink.getAttribute('href');
    assert.ok(href, 'the reply carries a link');
    const target = new URL(href, this.page.url());
    assert.equal(target.pathname, '/wx/confirm', `the link opens our confirm page: ${href}`);
    await this.confirmLink.click();
    await this.page.waitForURL((url) => url.pathname === '/wx/confirm');
    await this.confirmButton.waitFor();
    return target;
  }

  // ---- the confirm page ----

  get confirmButton(): Locator {
    return this.page.getByRole('button', { name: this.text.confirm });
  }

  get cancelButton(): Locator {
    return this.page.getByRole('button', { name: this.text.cancel });
  }

  /** The account the confirm page names: the masked phone and the user name. */
  async confirmAccount(): Promise<{ phone: string; userName: string }> {
    return {
      phone: ((await this.page.getByTestId('confirm-phone').textContent()) ?? '').trim(),
      userName: ((await this.page.getByTestId('confirm-user').textContent()) ?? '').trim(),
    };
  }

  /** The result page after confirm or cancel: its main heading. */
  get result(): Locator {
    return this.page.getByTestId('confirm-result').getByRole('heading', { level: 1 });
  }

  async confirm(): Promise<void> {
    await this.confirmButton.click();
    await this.result.filter({ hasText: new RegExp(`^\\s*${this.text.confirmed}\\s*$`) }).waitFor();
  }

  async cancel(): Promise<void> {
    await this.cancelButton.click();
    await this.result.filter({ hasText: new RegExp(`^\\s*${this.text.cancelled}\\s*$`) }).waitFor();
  }

  /** The visible text of the page now (whitespace collapsed). */
  async pageText(): Promise<string> {
    return ((await this.page.locator('body').textContent()) ?? '').replace(/\s+/g, ' ').trim();
  }

  // ---- the ban ----

  /** "Simulate ban" on an identity of the list: the platform bans it (the page reloads with the mark). */
  async simulateBan(nickname: string): Promise<void> {
    await this.identity(nickname).getByRole('button', { name: this.text.simulateBan }).click();
    await this.identity(nickname).getByText(this.text.bannedMark, { exact: true }).waitFor();
  }
}
