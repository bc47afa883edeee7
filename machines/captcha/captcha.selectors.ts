/**
 * Types and pure selectors of the slider-captcha machine (no XState import; see sms-countdown.selectors.ts).
 */
import type { CaptchaPuzzle } from '../../shared/contract/accounts';

/** A puzzle from `POST /api/v2/captcha/puzzle` (sizes in image pixels): the contract's shape. */
export type { CaptchaPuzzle };

/**
 * Why a verification or a puzzle failed: `wrong` (the piece is not in the gap, code 40008), `expired` (unknown,
 * expired or used puzzle, code 40009), or `unavailable` (the server refused or could not be reached; 429 gives
 * the wait in seconds).
 */
export type CaptchaFailure =
  | { kind: 'wrong' }
  | { kind: 'expired' }
  | { kind: 'unavailable'; message?: string; retryAfter?: number };

/** A puzzle lives 120 s on the server; a fresh one is fetched a little before that. */
export const CAPTCHA_TIMING = { lifetime: 115_000, shake: 600 } as const;

export type CaptchaNotice = 'failed' | 'expired' | null;

export interface CaptchaContext {
  puzzle: CaptchaPuzzle | null;
  /** Shown over the next puzzle: the last try failed, or the last puzzle expired. */
  notice: CaptchaNotice;
  /** Why no puzzle could be loaded. */
  problem: Extract<CaptchaFailure, { kind: 'unavailable' }> | null;
  ticket: string | null;
}

export type CaptchaEvent = { type: 'user.submit'; x: number } | { type: 'user.refresh' };

export type CaptchaPhase = 'loading' | 'ready' | 'verifying' | 'rejected' | 'unavailable' | 'passed';

export interface CaptchaSnapshot {
  value: unknown;
  context: CaptchaContext;
}

export const initialCaptchaContext: CaptchaContext = { puzzle: null, notice: null, problem: null, ticket: null };

export const selectCaptchaPhase = (snapshot: CaptchaSnapshot) => snapshot.value as CaptchaPhase;
export const selectPuzzle = (snapshot: CaptchaSnapshot) => snapshot.context.puzzle;
export const selectNotice = (snapshot: CaptchaSnapshot) => snapshot.context.notice;
export const selectProblem = (snapshot: CaptchaSnapshot) => snapshot.context.problem;
/** The handle moves only on a puzzle that waits for an answer. */
export const selectCanDrag = (snapshot: CaptchaSnapshot) => snapshot.value === 'ready';

export function failureKind(error: unknown): CaptchaFailure['kind'] {
  const kind = error && typeof error === 'object' ? (error as { kind?: unknown }).kind : undefined;
  return kind === 'wrong' || kind === 'expired' ? kind : 'unavailable';
}

export function toProblem(error: unknown): Extract<CaptchaFailure, { kind: 'unavailable' }> {
  if (error && typeof error === 'object' && (error as { kind?: unknown }).kind === 'unavailable') {
    const { message, retryAfter } = error as { message?: unknown; retryAfter?: unknown };
    return {
      kind: 'unavailable',
      ...(typeof message === 'string' ? { message } : {}),
      ...(typeof retryAfter === 'number' ? { retryAfter } : {}),
    };
  }
  return { kind: 'unavailable' };
}
