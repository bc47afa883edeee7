/**
 * The WeChat QR panel as a visitor on the computer sees it: the "微信扫码登录" tab of /login, or the
 * mobile /scan_code page. Its state is read from its wording (src/features/auth/scan-login, locales/en/scan.po),
 * the code from its picture (e2e/support/wx.ts), and the bind and register forms are filled by their labels.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Locale } from '../../shared/locale';
import { eventually } from '../support/wait';
import { type ReadQr, readQrCode } from '../support/wx';
import { AuthPage, exact, SMS_BUTTON_NAMES } from './auth-page';

/** What the panel says, word for word (the contract's wording; zh is the source, en the translation). */
export const SCAN_TEXT = {
  zh: {
    tab: '微信扫码登录',
    waiting: '请使用微信扫一扫登录',
    timeLeft: /(\d+):(\d{2}) 后二维码失效/,
    scanned: '扫码成功，请在手机上确认登录',
    expired: '二维码已过期',
    reload: '刷新',
    unbound: '该微信尚未绑定账号',
    bindNow: '立即绑定',
    registerNow: '使用微信注册',
    bindSuccess: '绑定成功',
    bindFailed: '绑定失败',
    banned: '账号已被封禁',
    registered: '注册成功',
    loggedIn: '登录成功',
    bindForm: '绑定已有账号',
    registerForm: '使用微信注册',
    rescan: '重新扫码',
    simulatorLink: '演示：在新窗口打开微信模拟器',
    withCode: '使用验证码',
    bindSubmit: '绑定并登录',
    registerSubmit: '注册并登录',
    longPress: '长按二维码，在微信中识别',
    paused: '已暂停：页面在后台时不刷新扫码状态',
    nickname: (name: string) => `微信昵称：${name}`,
  },
  en: {
    tab: 'Scan with WeChat',
    waiting: 'Scan with WeChat to log in',
    timeLeft: /Expires in (\d+):(\d{2})/,
    scanned: 'Scanned. Confirm the login on your phone',
    expired: 'QR code has expired',
    reload: 'Reload',
    unbound: 'This WeChat is not bound to an account yet',
    bindNow: 'Bind now',
    registerNow: 'Register with WeChat',
    bindSuccess: 'Bind success',
    bindFailed: 'Bind failed',
    banned: 'Account is banned',
    registered: 'Register success',
    loggedIn: 'Login success',
    bindForm: 'Bind an existing account',
    registerForm: 'Register with WeChat',
    rescan: 'Scan again',
    simulatorLink: 'Demo: open the WeChat simulator in a new window',
    withCode: 'With an SMS code',
    bindSubmit: 'Bind and log in',
    registerSubmit: 'Register and log in',
    longPress: 'Press and hold the QR code to open it in WeChat',
    paused: 'Paused: the scan status is not checked while this page is in the background',
    nickname: (name: string) => `WeChat nickname: ${name}`,
  },
} as const;

/** The panel's states that have a heading of their own (the forms have theirs: bindForm, registerForm). */
export type PanelState =
  | 'waiting'
  | 'scanned'
  | 'expired'
  | 'unbound'
  | 'bindForm'
  | 'registerForm'
  | 'bindSuccess'
  | 'bindFailed'
  | 'banned'
  | 'registered'
  | 'loggedIn';
const STATES: PanelState[] = [
  'waiting',
  'scanned',
  'expired',
  'unbound',
  'bindForm',
  'registerForm',
  'bindSuccess',
  'bindFailed',
  'banned',
  'registered',
  'loggedIn',
];

export type BindForm = 'bind' | 'register';

export class ScanPanel {
  readonly text: (typeof SCAN_TEXT)[Locale];
  /** The account pages' model on the same page: fields, toasts, the captcha, storage. */
  readonly auth: AuthPage;

  constructor(
    readonly page: Page,
    readonly locale: Locale,
    readonly kind: 'login' | 'scanCode' = 'login',
  ) {
    this.text = SCAN_TEXT[locale];
    this.auth = new AuthPage(page, locale);
  }

  /** The panel (a region named by its heading, which says the state), on the login tab or on /scan_code. */
  get root(): Locator {
    return this.page.locator('section[data-scan-state]');
  }

  /** The panel's heading: the state in words. */
  get heading(): Locator {
    return this.root.getByRole('heading', { level: 2 });
  }

  get tab(): Locator {
    return this.page.getByRole('tab', { name: exact(this.text.tab) });
  }

  /** Opens /login (or /scan_code) in the panel's language and shows the WeChat tab. */
  async open(query = ''): Promise<void> {
    await this.auth.open(`${this.kind === 'login' ? '/login' : '/scan_code'}${query}`);
    if (this.kind === 'login') {
      await this.tab.click();
      await eventually(
        async () => assert.equal(await this.tab.getAttribute('aria-selected'), 'true', 'the WeChat tab is selected'),
        { timeout: 10_000 },
      );
    }
  }

  /** The QR code's picture (the `<img>` with the address it encodes in data-qr-url). */
  get qrImage(): Locator {
    return this.root.locator('img[data-qr-url]');
  }

  /** Reads the code with "the phone's camera" once it is shown. */
  async readCode(): Promise<ReadQr> {
    await this.waitFor('waiting');
    return readQrCode(this.qrImage);
  }

  /** The demo aid beside the code: a link to the simulator, only when the stand-ins are allowed (STANDINS=1). */
  get simulatorLink(): Locator {
    return this.root.getByRole('link', { name: exact(this.text.simulatorLink) });
  }

  /** The panel's heading when it says `state` (the contract's wording, exact). */
  stateHeading(state: PanelState): Locator {
    return this.root.getByRole('heading', { level: 2, name: exact(this.text[state]) });
  }

  /** Waits until the panel's heading says `state`. */
  async waitFor(state: PanelState, timeout = 10_000): Promise<void> {
    await this.stateHeading(state).waitFor({ state: 'visible', timeout });
  }

  /** Which state the heading says now (null while the code is being made, or for another wording). */
  async state(): Promise<PanelState | null> {
    const shown = ((await this.heading.textContent()) ?? '').trim();
    return STATES.find((state) => exact(this.text[state]).test(shown)) ?? null;
  }

  /** The time left, in seconds, as the panel shows it ("4:59 后二维码失效" / "Expires in 4:59"). */
  async secondsLeft(): Promise<number> {
    return eventually(async () => {
      const shown = (await this.root.getByText(this.text.timeLeft).textContent()) ?? '';
      const match = this.text.timeLeft.exec(shown);
      assert.ok(match, `the panel shows the time left: "${shown}"`);
      return Number(match[1]) * 60 + Number(match[2]);
    });
  }

  button(name: string | RegExp): Locator {
    return this.root.getByRole('button', { name: exact(name) });
  }

  get reload(): Locator {
    return this.button(this.text.reload);
  }

  /** "重新扫码": a new code after bind failed or banned. */
  get rescan(): Locator {
    return this.button(this.text.rescan);
  }

  get bindNow(): Locator {
    return this.button(this.text.bindNow);
  }

  get registerNow(): Locator {
    return this.button(this.text.registerNow);
  }

  /** The bind or register form that "Bind now" / "Register with WeChat" opens in the panel (by its name). */
  form(kind: BindForm): Locator {
    return this.root.getByRole('form', { name: exact(kind === 'bind' ? this.text.bindForm : this.text.registerForm) });
  }

  field(kind: BindForm, label: string): Locator {
    return this.form(kind).getByLabel(exact(label));
  }

  /** "绑定并登录" / "注册并登录". */
  submit(kind: BindForm): Locator {
    return this.button(kind === 'bind' ? this.text.bindSubmit : this.text.registerSubmit);
  }

  /** The "get code" button of a form (its name changes while it counts down). */
  smsButton(kind: BindForm): Locator {
    return this.form(kind).getByRole('button', { name: SMS_BUTTON_NAMES });
  }

  /** Types the phone, clicks "get code" and passes the captcha; resolves when the code is sent. */
  async askForCode(kind: BindForm, phone: string, how: 'drag' | 'keyboard' = 'drag'): Promise<void> {
    await this.field(kind, this.auth.text.phone).fill(phone);
    await this.smsButton(kind).click();
    await this.auth.captcha.dialog.waitFor({ state: 'visible' });
    await this.auth.passCaptchaForCode(how);
    await this.auth.toast(this.auth.text.codeSent, 'status').waitFor();
  }
}
