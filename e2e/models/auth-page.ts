/**
 * The account pages (docs/product.md#pages /login, /register, /forget_password), the header's user centre and the stand-in
 * workbench landing, as a visitor sees them in either language: fields by their labels, buttons by their
 * names, toasts by their exact words (docs/product.md#errors-and-messages).
 */
import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { type Locale, localizePath } from '../../shared/locale';
import { tokenState } from '../support/accounts-api';
import { eventually } from '../support/wait';
import { SliderCaptchaDialog } from './auth-captcha';
import { SitePage } from './site-page';

/** What the pages say, word for word (src/features/auth, locales/en/auth.po and common.po). */
export const AUTH_TEXT = {
  zh: {
    loginForm: '账号登录',
    registerForm: '注册',
    resetForm: '找回密码',
    phone: '手机号码',
    code: '验证码',
    nickname: '昵称',
    loginPassword: '账号密码',
    registerPassword: '设置密码',
    newPassword: '新密码',
    getCode: '获取验证码',
    codeMode: '验证码登录',
    login: '登录',
    register: '注册并免费试用',
    reset: '重置密码',
    logout: '退出登录',
    countdown: /^(\d+) s$/,
    blocked: /^请 (\d+) 秒后再试$/,
    codeSent: '验证码发送成功',
    loggedIn: '登录成功',
    registered: '注册成功',
    resetDone: '密码重置成功',
    tooMany: '访问过于频繁，请稍后再试！',
    wrongPassword: '登录失败：手机号或密码错误',
    logoutFailed: '退出登录失败',
    landingWelcome: '欢迎，',
    landingTrial: '免费试用还剩 3 天',
  },
  en: {
    loginForm: 'Log in',
    registerForm: 'Register',
    resetForm: 'Reset password',
    phone: 'Phone number',
    code: 'Verification code',
    nickname: 'Nickname',
    loginPassword: 'Password',
    registerPassword: 'Password',
    newPassword: 'New password',
    getCode: 'Get code',
    codeMode: 'SMS code',
    login: 'Log in',
    register: 'Register and start the free trial',
    reset: 'Reset password',
    logout: 'Log out',
    countdown: /^(\d+) s$/,
    blocked: /^Try again in (\d+) s$/,
    codeSent: 'Mobile phone verification code sent successfully',
    loggedIn: 'Login success',
    registered: 'Register success',
    resetDone: 'Password reset succeeded',
    tooMany: 'Too many requests, please try again later!',
    wrongPassword: 'Login failed: Wrong phone number or password',
    logoutFailed: 'Logout failed',
    landingWelcome: 'Welcome, ',
    landingTrial: '3 days left in your free trial',
  },
} as const;

/** Where a login ends: the landing after sign-in (the site's page, rendered for the signed-in seller). */
export const WORKBENCH = '/workbench/function_introduction';

/** Every label of the SMS button: get code, sending, the countdown, the wait after a 429. */
export const SMS_BUTTON_NAMES = /^(获取验证码|Get code|发送中…|Sending…|\d+ s|请 \d+ 秒后再试|Try again in \d+ s)$/;

const CLOSE_TOAST = /^(关闭通知|Close notification)$/;

export type FormKind = 'login' | 'register' | 'reset';

/** A name that is exactly `text` (whitespace around it allowed); a RegExp is used as it is. */
export const exact = (text: string | RegExp): RegExp =>
  typeof text === 'string' ? new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) : text;

export class AuthPage extends SitePage {
  readonly text: (typeof AUTH_TEXT)[Locale];
  readonly captcha: SliderCaptchaDialog;

  constructor(
    page: Page,
    readonly locale: Locale,
  ) {
    super(page);
    this.text = AUTH_TEXT[locale];
    this.captcha = new SliderCaptchaDialog(page);
  }

  /** `path` in this page's language (`/login` or `/en/login`). */
  path(path: string): string {
    return localizePath(path, this.locale);
  }

  async open(path: string): Promise<void> {
    await this.goto(this.path(path));
  }

  form(kind: FormKind): Locator {
    const name = { login: this.text.loginForm, register: this.text.registerForm, reset: this.text.resetForm }[kind];
    return this.page.getByRole('form', { name: exact(name) });
  }

  field(form: FormKind, label: string): Locator {
    return this.form(form).getByLabel(exact(label));
  }

  phone(form: FormKind): Locator {
    return this.field(form, this.text.phone);
  }

  code(form: FormKind): Locator {
    return this.field(form, this.text.code);
  }

  password(form: FormKind): Locator {
    const label = {
      login: this.text.loginPassword,
      register: this.text.registerPassword,
      reset: this.text.newPassword,
    }[form];
    return this.field(form, label);
  }

  smsButton(form: FormKind): Locator {
    // Its name changes with its phase: every label it can have (src/features/auth/sms-button.tsx).
    return this.form(form).getByRole('button', { name: SMS_BUTTON_NAMES });
  }

  submit(form: FormKind): Locator {
    const name = { login: this.text.login, register: this.text.register, reset: this.text.reset }[form];
    return this.form(form).getByRole('button', { name: exact(name) });
  }

  /** The text on the SMS button now. */
  async smsLabel(form: FormKind): Promise<string> {
    return ((await this.smsButton(form).textContent()) ?? '').trim();
  }

  /** Types the phone and clicks "get code": the captcha dialog opens. */
  async askForCode(form: FormKind, phone: string): Promise<void> {
    await this.phone(form).fill(phone);
    await this.smsButton(form).click();
    await this.captcha.dialog.waitFor({ state: 'visible' });
  }

  /** Passes the open captcha with the mouse or the keyboard; resolves once the dialog has closed. */
  async passCaptchaForCode(how: 'drag' | 'keyboard'): Promise<void> {
    if (how === 'drag') await this.captcha.solveByDragging();
    else await this.captcha.solveByKeyboard();
    await this.captcha.waitPassed();
  }

  /** Logs in with phone and password on the login page (already open); resolves once the form is sent. */
  async logIn(phone: string, password: string): Promise<void> {
    await this.phone('login').fill(phone);
    await this.password('login').fill(password);
    await this.submit('login').click();
  }

  /**
   * A toast with exactly `message` (docs/product.md#errors-and-messages): errors and warnings sit in the toaster's alert region, successes
   * in its status region; each toast is a list item with its close button.
   */
  /** A toast of sonner's toaster: 'alert' an error or a warning, 'status' a success. */
  toast(message: string, kind: 'alert' | 'status' = 'alert'): Locator {
    const types = kind === 'alert' ? '[data-type="error"], [data-type="warning"]' : '[data-type="success"]';
    return this.page
      .locator('[data-sonner-toast]')
      .and(this.page.locator(types))
      .filter({ has: this.page.getByRole('button', { name: CLOSE_TOAST }) })
      .getByText(message, { exact: true });
  }

  // ---- the header's user centre (docs/product.md#pages "User-centre widget") ----

  userMenu(name: string): Locator {
    return this.header.getByRole('button', { name, exact: true });
  }

  get headerLogin(): Locator {
    return this.header.getByRole('link', { name: exact(this.text.login) });
  }

  get headerLogout(): Locator {
    return this.header.getByRole('button', { name: exact(this.text.logout) });
  }

  /** Opens the user's menu in the header and clicks "log out". */
  async logOutFromHeader(name: string): Promise<void> {
    await this.userMenu(name).click();
    await this.headerLogout.click();
  }

  // ---- storage ----

  async authCookie(): Promise<string | undefined> {
    const cookies = await this.page.context().cookies();
    return cookies.find((cookie) => cookie.name === 'Authorization')?.value;
  }

  async storedUserInfo(): Promise<Record<string, unknown> | null> {
    const raw = await this.localStorageItem('userInfo');
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  }

  /** Waits until the address bar shows `path` (in this language), with any query. */
  async waitForPath(path: string, timeout = 10_000): Promise<void> {
    const wanted = this.path(path);
    await eventually(
      () => {
        const { pathname } = new URL(this.page.url());
        if (pathname !== wanted) throw new Error(`The page is ${this.page.url()}, not ${wanted}`);
      },
      { timeout },
    );
  }
}

export interface LogoutCall {
  method: string;
  body: unknown;
  token: string | undefined;
}

/** The POST bodies of the logout calls the page (or every page of a context) makes, with their token. */
export function watchLogoutCalls(target: Page | BrowserContext): LogoutCall[] {
  const calls: LogoutCall[] = [];
  const onRequest = (request: Request) => {
    if (new URL(request.url()).pathname !== '/api/v2/web/userlogout') return;
    calls.push({ method: request.method(), body: request.postDataJSON(), token: request.headers()['x-auth-token'] });
  };
  (target as BrowserContext).on('request', onRequest);
  return calls;
}

/** Logged in on the workbench landing as `nickname`: cookie, userInfo and the server agree; returns the token. */
export async function assertLoggedIn(
  auth: AuthPage,
  base: string,
  nickname: string,
  tenantId: number,
): Promise<string> {
  await auth.waitForPath(WORKBENCH);
  const main = auth.page.getByRole('main');
  await main.waitFor();
  const heading = ((await main.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
  const { landingWelcome, landingTrial } = auth.text;
  assert.equal(heading, `${landingWelcome}${nickname}`, 'the landing greets the seller');
  const trial = ((await main.getByTestId('landing-trial').textContent()) ?? '').replace(/\s+/g, ' ').trim();
  assert.equal(trial, landingTrial, 'the landing counts the trial days');
  const token = await auth.authCookie();
  assert.ok(token, 'the Authorization cookie holds the token');
  const userInfo = await auth.storedUserInfo();
  assert.equal(userInfo?.userName, nickname, 'userInfo names the account');
  assert.equal(userInfo?.Authorization, token, 'userInfo carries the same token');
  assert.equal(userInfo?.tenantId, tenantId, `the account belongs to tenant ${tenantId}`);
  assert.deepEqual(await tokenState(base, token), { status: 200, code: 200 }, 'the server accepts the token');
  return token;
}
