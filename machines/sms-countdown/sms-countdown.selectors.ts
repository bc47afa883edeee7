/**
 * Types and pure selectors of the SMS countdown machine (no XState import: UI code reads these, the machine
 * file is loaded only where an actor is created).
 */

/** Seconds between two codes to one phone (the server answers `resendIn: 60`). */
export const SMS_RESEND_SECONDS = 60;
export const SMS_COUNTDOWN_TIMING = { tick: 1000 } as const;

/** Which phone a code goes to; the form supplies it when the visitor asks for a code. */
export interface SmsTarget {
  phone: string;
  countryCode: number;
}

/** What the send effect resolves with. */
export interface SmsSent {
  resendIn: number;
}

/**
 * What the send effect rejects with: `rateLimited` (HTTP 429, the wait in seconds) or `failed` (anything else;
 * `code`/`message` come from the server when it answered, `field` when it names the phone).
 */
export type SmsSendFailure =
  | { kind: 'rateLimited'; retryAfter: number; message?: string }
  | { kind: 'failed'; code?: number; message?: string; field?: string };

export interface SmsSendInput extends SmsTarget {
  ticket: string;
  /** Tencent captcha's random string, handed over with its ticket. */
  randstr?: string;
}

export interface SmsCountdownContext {
  target: SmsTarget | null;
  /** Seconds left while counting or blocked; 0 otherwise. */
  remaining: number;
}

export type SmsCountdownEvent =
  | ({ type: 'user.request' } & SmsTarget)
  | { type: 'captcha.passed'; ticket: string; randstr?: string }
  | { type: 'captcha.cancel' };

export type SmsCountdownPhase = 'idle' | 'verifying' | 'sending' | 'counting' | 'blocked';

export interface SmsCountdownSnapshot {
  value: unknown;
  context: SmsCountdownContext;
}

export const initialSmsCountdownContext: SmsCountdownContext = { target: null, remaining: 0 };

export const selectSmsPhase = (snapshot: SmsCountdownSnapshot) => snapshot.value as SmsCountdownPhase;
export const selectRemaining = (snapshot: SmsCountdownSnapshot) => snapshot.context.remaining;
/** The captcha dialog is open while the machine waits for its ticket. */
export const selectCaptchaOpen = (snapshot: SmsCountdownSnapshot) => snapshot.value === 'verifying';
/** The send button takes a click only when idle. */
export const selectCanRequest = (snapshot: SmsCountdownSnapshot) => snapshot.value === 'idle';

/** Whether an unknown rejection of the send effect is a 429 with a usable wait. */
export function isRateLimited(error: unknown): error is Extract<SmsSendFailure, { kind: 'rateLimited' }> {
  if (!error || typeof error !== 'object') return false;
  const { kind, retryAfter } = error as { kind?: unknown; retryAfter?: unknown };
  return kind === 'rateLimited' && typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter >= 1;
}

/** Any rejection as a failure the UI can show (a thrown Error becomes `failed` without a server message). */
export function toSmsFailure(error: unknown): SmsSendFailure {
  if (isRateLimited(error)) return error;
  if (error && typeof error === 'object' && (error as { kind?: unknown }).kind === 'failed') {
    return error as SmsSendFailure;
  }
  return { kind: 'failed' };
}
