/** Types of the console's sign-in machine and what its page reads from it (no text: the page maps codes to words). */
import type { OperatorRole } from '../../shared/contract/console';

export interface SignInForm {
  name: string;
  password: string;
  totp: string;
}

export interface SignInSession {
  operator: { name: string; role: OperatorRole };
  csrfToken: string;
  expiresAt: string;
}

/** A rejected call as the console's API client rejects it (ConsoleApiError). */
export interface SignInFailure {
  status: number;
  code: number;
  message: string;
  retryAfter?: number;
}

export interface SignInContext {
  session: SignInSession | null;
  failure: SignInFailure | null;
  /** Seconds the form stays blocked after a 429. */
  retryAfter: number | null;
  /** The page (path and query) the operator was on when the session expired. */
  returnTo: string | null;
  /** The form shows "your session expired" until the next sign-in. */
  expired: boolean;
}

export type SignInEvent =
  | { type: 'form.submit'; form: SignInForm }
  | { type: 'form.edit' }
  | { type: 'session.expired'; location: string }
  | { type: 'user.signOut' };

export type SignInState =
  | 'checking'
  | 'editing'
  | 'submitting'
  | 'wrongAnswer'
  | 'failed'
  | 'rateLimited'
  | 'signedIn'
  | 'signingOut';

/** The machine's state as one word. */
export function signInState(value: unknown): SignInState {
  if (typeof value === 'string') return value as SignInState;
  return (value as { signedOut: SignInState }).signedOut;
}

export interface SignInView {
  state: SignInState;
  signedIn: boolean;
  busy: boolean;
  /** What the form says: nothing, the one wrong-answer message, the wait, the server's message, or expired. */
  notice:
    | { kind: 'none' }
    | { kind: 'wrong' }
    | { kind: 'wait'; seconds: number }
    | { kind: 'failed'; message: string }
    | { kind: 'expired' };
}

export function selectSignInView(snapshot: { value: unknown; context: SignInContext }): SignInView {
  const state = signInState(snapshot.value);
  const { context } = snapshot;
  const notice: SignInView['notice'] =
    state === 'wrongAnswer'
      ? { kind: 'wrong' }
      : state === 'rateLimited'
        ? { kind: 'wait', seconds: context.retryAfter ?? 1 }
        : state === 'failed'
          ? { kind: 'failed', message: context.failure?.message ?? '' }
          : context.expired && state !== 'signedIn'
            ? { kind: 'expired' }
            : { kind: 'none' };
  return {
    state,
    signedIn: state === 'signedIn',
    busy: state === 'checking' || state === 'submitting' || state === 'signingOut',
    notice,
  };
}

export const selectOperator = (snapshot: { context: SignInContext }) => snapshot.context.session?.operator ?? null;
export const selectCsrfToken = (snapshot: { context: SignInContext }) => snapshot.context.session?.csrfToken ?? '';
