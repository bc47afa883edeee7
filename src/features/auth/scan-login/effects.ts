/**
 * The real effects of the scan-login machine (machines/scan-login): the three API calls, with the expiry turned
 * into a point in time (the machine has no clock), the code the server rendered into /scan_code (or one asked
 * for while the page hydrates) taken once in place of the first one, and what a successful login does — the toast ("登录成功",
 * "绑定成功" or "注册成功"), the session, then the workbench or a same-site `redirect`. The account page's bind code
 * (`bindScanEffects`) is made by POST /v2/account/wechat/bind-code and ends `linked`: no session, the page shows
 * the binding. A closing account (closure asked for, cooling-off running) gets a session that may only cancel the
 * closure: its QR login (the poll's `bound` with `closure`, or the bind's 403 / 40030 with the session) goes to the
 * account page, where only "cancel the closure" is offered, as the password and SMS logins do.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  QrCodeResult,
  QrStatusResult,
  ScanUserInfo,
  WxLoginForm,
} from '#machines/scan-login/scan-login.selectors';
import { CODES } from '#shared/contract/codes';
import type { QrCode } from '#shared/contract/scan-login';
import { type Locale, localizePath } from '#shared/locale';
import type { AnalyticsConfig } from '#shared/portal-env';
import { reportRegistration } from '~/lib/analytics';
import { wechatBindCode } from '~/lib/api/account';
import { ApiRequestError } from '~/lib/api/errors';
import { createLoginQrCode, getQrStatus, wxUserLogin } from '~/lib/api/scan-login';
import { readAttribution } from '~/lib/attribution';
import { completeSignIn } from '../complete';
import { safeRedirect, workbenchFor } from '../navigation';
import { oauthReturnPending, takeOAuthCode } from './wechat-browser';

export type CompleteHow = 'scan' | 'bind' | 'register';

export interface ScanEffects {
  createQrCode(): Promise<QrCodeResult>;
  pollQrStatus(ticket: string): Promise<QrStatusResult>;
  submitWxLogin(ticket: string, form: WxLoginForm): Promise<ScanUserInfo>;
  completeLogin(params: { userInfo: ScanUserInfo; how: CompleteHow }): void;
  /** A bind code bound the WeChat that scanned to the signed-in account (the account page's panel only). */
  completeLink?(): void;
}

export const successMessages = {
  scan: msg`登录成功`,
  bind: msg`绑定成功`,
  register: msg`注册成功`,
} as const;

/** A closing account's QR login (the server's words of 40030). */
const closingMessage = msg`该账号已申请注销，冷静期内可撤销注销`;

/** Whether a session is a closing account's (restricted to cancelling the closure). */
const isClosing = (userInfo: ScanUserInfo) => Boolean((userInfo as { closure?: unknown }).closure);

/** What the browser effects read at the moment they run (the latest props of the panel). */
export interface ScanEffectsContext {
  i18n: I18n;
  locale: Locale;
  workbenchUrl: string;
  isMobile: boolean;
  /** `?redirect=` of the login page: followed after a login or a bind when it is a page of this site. */
  redirect?: unknown;
  /** The brand's analytics and ad conversions (a registration reports its click ids). */
  analytics?: AnalyticsConfig;
}

/** Seconds from now as a point in time, so a countdown stays right whenever it is drawn. */
const deadline = (expiresIn: number) => Date.now() + expiresIn * 1000;

const createCode = (): Promise<QrCodeResult> =>
  createLoginQrCode().then((code) => ({ ...code, expiresAt: deadline(code.expiresIn) }));

async function pollStatus(ticket: string): Promise<QrStatusResult> {
  const status = await getQrStatus(ticket);
  return ('expiresIn' in status ? { ...status, expiresAt: deadline(status.expiresIn) } : status) as QrStatusResult;
}

/**
 * The account page's panel: a bind code of the signed-in account (POST /v2/account/wechat/bind-code), polled as a
 * login code; its scan ends `linked` (`onLinked`) or `bind_failed` (the WeChat is bound to another account).
 * Nothing signs in, and it has no forms (a bind code is never `unbound`).
 */
export function bindScanEffects(onLinked: () => void): ScanEffects {
  return {
    createQrCode: () => wechatBindCode().then((code) => ({ ...code, expiresAt: deadline(code.expiresIn) })),
    pollQrStatus: pollStatus,
    submitWxLogin: () => Promise.reject(new Error('a bind code has no forms')),
    completeLogin: () => {},
    completeLink: onLinked,
  };
}

/** A code asked for before the machine is there (/scan_code), for the first `createQrCode` to take. */
let early: Promise<QrCodeResult> | null = null;

/**
 * /scan_code: asks for the code while the page hydrates, alongside loading the machine, rather than after it
 * (the code is the page's content). The next `createQrCode` takes it,
 * unless it has less than a minute left.
 */
export function createQrCodeEarly(): void {
  // Back from WeChat's web authorisation, the first code is the one it finished.
  if (early || oauthReturnPending()) return;
  early = createCode();
  early.catch(() => {});
}

/** Tickets of codes the server rendered into a page that a machine has taken (each is polled by one machine). */
const takenPageCodes = new Set<string>();

/**
 * The code the server rendered into /scan_code (`PortalEnv.scanCode`) as the panel first shows it, or null when
 * there is none or a machine has taken it already (the visitor came back to the page in the app).
 */
export function pageCode(code: QrCode | undefined): QrCodeResult | null {
  if (!code || takenPageCodes.has(code.ticket)) return null;
  return { ...code, expiresAt: deadline(code.expiresIn) };
}

function takePageCode(code: QrCodeResult | null): Promise<QrCodeResult> | null {
  if (!code || takenPageCodes.has(code.ticket)) return null;
  takenPageCodes.add(code.ticket);
  return code.expiresAt - Date.now() > 60_000 ? Promise.resolve(code) : null;
}

function takeEarlyCode(): Promise<QrCodeResult> | null {
  const pending = early;
  early = null;
  return pending?.then((code) => (code.expiresAt - Date.now() > 60_000 ? code : createCode())) ?? null;
}

/** `fromPage`: the code the server rendered into the page (./pageCode), which the first `createQrCode` takes. */
export function browserScanEffects(
  context: () => ScanEffectsContext,
  fromPage: QrCodeResult | null = null,
): ScanEffects {
  return {
    // Back from WeChat's web authorisation, the code it finished comes first (./wechat-browser.tsx).
    createQrCode: () => {
      const authorised = takeOAuthCode();
      return authorised ? Promise.resolve(authorised) : (takePageCode(fromPage) ?? takeEarlyCode() ?? createCode());
    },
    pollQrStatus: pollStatus,
    submitWxLogin: (ticket, form) =>
      (wxUserLogin({ ticket, ...form }) as Promise<ScanUserInfo>).catch((error: unknown) => {
        // Bound to a closing account: the restricted session, which completeLogin takes to the account page.
        if (error instanceof ApiRequestError && error.code === CODES.accountClosing && error.data)
          return error.data as ScanUserInfo;
        throw error;
      }),
    completeLogin({ userInfo, how }) {
      const { i18n, locale, workbenchUrl, isMobile, redirect, analytics } = context();
      if (isClosing(userInfo)) {
        void completeSignIn(
          userInfo as Parameters<typeof completeSignIn>[0],
          i18n._(closingMessage),
          localizePath('/account', locale),
        );
        return;
      }
      if (how === 'register') reportRegistration(analytics, readAttribution().registeInfo);
      const workbench = workbenchFor(workbenchUrl, locale);
      // Like the register form, a new account always starts at the workbench.
      const target =
        how === 'register'
          ? workbench
          : (safeRedirect(redirect, { origin: window.location.origin, workbenchUrl, isMobile }) ?? workbench);
      void completeSignIn(userInfo as Parameters<typeof completeSignIn>[0], i18n._(successMessages[how]), target);
    },
  };
}
