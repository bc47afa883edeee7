/**
 * Types and pure selectors of the WeChat QR login machine. Nothing here imports XState: the panel
 * imports its types and `selectScanView` from this file and loads scan-login.machine.ts lazily.
 */

import type { UserInfo } from '../../shared/contract/accounts';
import type { QrCode, QrStatus, WxLoginForm } from '../../shared/contract/scan-login';

/** The API's shapes (shared/contract): the session a login hands out, the code, its status and the forms. */
export type { QrCode, QrStatus, WxLoginForm };
export type ScanUserInfo = UserInfo;

/** What the effects return: the app layer adds expiresAt = Date.now() + expiresIn * 1000 (the machine has no clock). */
export type QrCodeResult = QrCode & { expiresAt: number };
export type QrStatusResult = QrStatus & { expiresAt?: number };

/** What the panel shows; `selectScanView` derives it from the machine's snapshot. */
export type ScanView =
  | { kind: 'creating' }
  | { kind: 'createFailed'; error: unknown }
  | { kind: 'waiting' | 'scanned'; qr: QrCodeResult; expiresAt: number; paused: boolean; retrying: boolean }
  | { kind: 'expired' }
  | {
      kind: 'unbound';
      step: 'choose' | 'bind' | 'register';
      submitting: boolean;
      error: unknown | null;
      expiresAt: number;
      nickname: string | null;
    }
  | { kind: 'loggedIn' | 'bindSuccess' | 'registerSuccess'; userInfo: ScanUserInfo }
  /** A bind code of the account page bound the WeChat that scanned to the signed-in account. */
  | { kind: 'linked' }
  | { kind: 'bindFailed'; error: unknown | null }
  | { kind: 'banned' };

export type ScanViewKind = ScanView['kind'];

export type ScanLoginEvent =
  /** A new code: from expired, bindFailed, banned or createFailed (and, on demand, while a code is polled). */
  | { type: 'scan.reload' }
  /** The page's visibility (document.visibilityState === 'visible'): hidden pauses polling, visible polls at once. */
  | { type: 'scan.visibility'; visible: boolean }
  /** Unbound, choose: "Bind now" opens the bind form. */
  | { type: 'scan.bindNow' }
  /** Unbound, choose: "Register with WeChat" opens the register form. */
  | { type: 'scan.registerNow' }
  /** A form back to the choice. */
  | { type: 'scan.back' }
  /** A form sent: its `action` must match the open form (a bind form sends bind, the register form register). */
  | { type: 'scan.submit'; form: WxLoginForm };

export type ScanLoginEventType = ScanLoginEvent['type'];

/** How a login ended, for the `completeLogin` action: a bound WeChat scanned, a bind, or a registration. */
export type ScanLoginHow = 'scan' | 'bind' | 'register';

export interface ScanLoginInput {
  /** Whether the page is visible when the machine starts (document.visibilityState); default true. */
  visible?: boolean;
}

/**
 * The machine's states, by the name of the innermost one (`scanLoginState` reads it from a snapshot's value).
 * Under `code` (every one offers Reload): `createFailed`, `expired`, `bindFailed`, `banned`, and `polling`:
 * `waiting` / `scanned` (visible, the next poll is due after pollInterval), `requesting` (a poll under way),
 * `paused` (the page is hidden), `retrying` (the last poll failed; again after pollInterval), `rateLimited`
 * (a 429: again after its Retry-After). The status being polled is `context.status`. Unbound: `unbound`
 * (choose), `bindForm`, `registerForm`, `submitting`.
 */
export type ScanLoginState =
  | 'creating'
  | 'createFailed'
  | 'waiting'
  | 'scanned'
  | 'requesting'
  | 'paused'
  | 'retrying'
  | 'rateLimited'
  | 'unbound'
  | 'bindForm'
  | 'registerForm'
  | 'submitting'
  | 'loggedIn'
  | 'bindSuccess'
  | 'registerSuccess'
  | 'linked'
  | 'expired'
  | 'bindFailed'
  | 'banned';

export interface ScanLoginContext {
  /** The code being shown (null before the first one is made). */
  qr: QrCodeResult | null;
  /** The last status polled while the code is shown: waiting, or scanned by a bound WeChat. */
  status: 'waiting' | 'scanned';
  /** When the code (or, unbound, the bind/register window) ends, in epoch ms, from the effects. */
  expiresAt: number;
  /** The page is visible (polling runs only then). */
  visible: boolean;
  /** The last poll failed (the panel may say it is retrying); cleared by the next answer. */
  failed: boolean;
  /** The wait of a 429 in ms (Retry-After). */
  waitMs: number;
  /** Unbound: which form is open. */
  step: 'choose' | 'bind' | 'register';
  /** Unbound: the WeChat nickname, when known. */
  nickname: string | null;
  /** After a login: the session. */
  userInfo: ScanUserInfo | null;
  /** The create error (createFailed), the last submit error (forms), or the bind failure (bindFailed). */
  error: unknown | null;
}

export interface ScanLoginSnapshot {
  value: unknown;
  context: ScanLoginContext;
}

/** Poll every 2 s unless the code says otherwise. */
export const DEFAULT_POLL_INTERVAL_MS = 2000;

export function initialScanLoginContext(input: ScanLoginInput = {}): ScanLoginContext {
  return {
    qr: null,
    status: 'waiting',
    expiresAt: 0,
    visible: input.visible ?? true,
    failed: false,
    waitMs: 0,
    step: 'choose',
    nickname: null,
    userInfo: null,
    error: null,
  };
}

/** The view before the machine has loaded (it starts by creating a code). */
export const initialScanView: ScanView = { kind: 'creating' };

/** `code` of an error object (ApiRequestError or anything shaped like it), or undefined. */
export function errorCode(error: unknown): number | undefined {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'number' ? code : undefined;
}

/** `status` (HTTP) of an error object, or undefined. */
export function errorStatus(error: unknown): number | undefined {
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** The wait of a 429 (HTTP status or body code) in ms: its `retryAfter` seconds, at least 1 s; undefined otherwise. */
export function rateLimitWaitMs(error: unknown): number | undefined {
  if (errorStatus(error) !== 429 && errorCode(error) !== 429) return undefined;
  const retryAfter = (error as { retryAfter?: unknown }).retryAfter;
  const seconds = typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 1;
  return Math.ceil(Math.max(seconds, 1)) * 1000;
}

/** The poll interval of a code in ms (its `pollInterval` seconds; 2 s when missing or nonsense). */
export function pollIntervalMs(qr: Pick<QrCode, 'pollInterval'> | null | undefined): number {
  const seconds = qr?.pollInterval;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.round(seconds * 1000)
    : DEFAULT_POLL_INTERVAL_MS;
}

const pollingStates = new Set<ScanLoginState>([
  'waiting',
  'scanned',
  'requesting',
  'paused',
  'retrying',
  'rateLimited',
]);

/** The innermost state of a snapshot's value: `{ code: { polling: 'waiting' } }` is `waiting`. */
export function scanLoginState(value: unknown): ScanLoginState {
  let state = value;
  while (state && typeof state === 'object') state = Object.values(state)[0];
  return state as ScanLoginState;
}
const unboundStates = { unbound: 'choose', bindForm: 'bind', registerForm: 'register' } as const;

/** What the panel shows for a snapshot of the machine. */
export function selectScanView(snapshot: ScanLoginSnapshot): ScanView {
  const { context } = snapshot;
  const state = scanLoginState(snapshot.value);
  if (pollingStates.has(state)) {
    if (!context.qr) return { kind: 'creating' };
    return {
      kind: context.status,
      qr: context.qr,
      expiresAt: context.expiresAt,
      // Hidden: no new poll starts (one under way may still answer).
      paused: !context.visible,
      retrying: context.failed,
    };
  }
  switch (state) {
    case 'createFailed':
      return { kind: 'createFailed', error: context.error };
    case 'unbound':
    case 'bindForm':
    case 'registerForm':
    case 'submitting':
      return {
        kind: 'unbound',
        step: state === 'submitting' ? context.step : unboundStates[state],
        submitting: state === 'submitting',
        error: context.error,
        expiresAt: context.expiresAt,
        nickname: context.nickname,
      };
    case 'loggedIn':
    case 'bindSuccess':
    case 'registerSuccess':
      return context.userInfo ? { kind: state, userInfo: context.userInfo } : { kind: 'expired' };
    case 'linked':
      return { kind: 'linked' };
    case 'expired':
      return { kind: 'expired' };
    case 'bindFailed':
      return { kind: 'bindFailed', error: context.error };
    case 'banned':
      return { kind: 'banned' };
    default:
      return { kind: 'creating' };
  }
}

/** Whether polling runs (or may start) in this snapshot: false in every final or form state. */
export const selectPolling = (snapshot: ScanLoginSnapshot) => pollingStates.has(scanLoginState(snapshot.value));
