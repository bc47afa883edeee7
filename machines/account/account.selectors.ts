/** Types of the account page's machine and what the page reads of it (no text: the page words each outcome). */
import type {
  Account,
  ChangePasswordInput,
  ChangePhoneInput,
  ClosureState,
  ProfileInput,
  ProofInput,
} from '../../shared/contract/account';

/** One change the seller asks for on the account page, with the body of its call. */
export type AccountRequest =
  | { kind: 'profile'; body: ProfileInput }
  | { kind: 'password'; body: ChangePasswordInput }
  | { kind: 'phone'; body: ChangePhoneInput }
  | { kind: 'revokeSession'; sessionId: string }
  | { kind: 'revokeOthers' }
  | { kind: 'unbindWechat'; body: ProofInput }
  | { kind: 'close'; body: ProofInput };

export type AccountRequestKind = AccountRequest['kind'];

/** What a call that failed said: its business code and the server's message (in the page's language). */
export interface AccountFailure {
  status: number;
  code: number;
  message: string;
  field?: string;
  retryAfter?: number;
}

/** The last change's outcome, for the section that asked for it. */
export type AccountOutcome =
  | { kind: AccountRequestKind; ok: true }
  | { kind: AccountRequestKind; ok: false; failure: AccountFailure };

export interface AccountContext {
  account: Account | null;
  /** The change under way (submitting), or the one the outcome is of. */
  request: AccountRequest | null;
  outcome: AccountOutcome | null;
  /** The closure the account is under (closing) or has just started (closed). */
  closure: ClosureState | null;
  /** Why loading or cancelling failed. */
  failure: AccountFailure | null;
}

export type AccountEvent =
  | { type: 'page.retry' }
  | { type: 'section.submit'; request: AccountRequest }
  | { type: 'closure.cancel' }
  /** The account changed outside the page's calls (a WeChat bound by scanning the bind code): its new state. */
  | { type: 'account.changed'; account: Account };

export type AccountState = 'loading' | 'loadFailed' | 'ready' | 'submitting' | 'closing' | 'cancelling' | 'closed';

export const ACCOUNT_STATES: readonly AccountState[] = [
  'loading',
  'loadFailed',
  'ready',
  'submitting',
  'closing',
  'cancelling',
  'closed',
];

/** A thrown value as a failure (an ApiRequestError has these fields; anything else has none of them). */
export function failureOf(error: unknown): AccountFailure {
  const e = (error ?? {}) as Partial<AccountFailure>;
  return {
    status: typeof e.status === 'number' ? e.status : 0,
    code: typeof e.code === 'number' ? e.code : 0,
    message: typeof e.message === 'string' ? e.message : '',
    ...(typeof e.field === 'string' ? { field: e.field } : {}),
    ...(typeof e.retryAfter === 'number' ? { retryAfter: e.retryAfter } : {}),
  };
}

export interface AccountView {
  state: AccountState;
  account: Account | null;
  busy: boolean;
  /** The kind of change under way, for its section's busy button. */
  pending: AccountRequestKind | null;
  outcome: AccountOutcome | null;
  closure: ClosureState | null;
  failure: AccountFailure | null;
}

export function selectAccountView(snapshot: {
  value: unknown;
  context: AccountContext;
  hasTag?: (tag: string) => boolean;
}): AccountView {
  const state = snapshot.value as AccountState;
  const { context } = snapshot;
  return {
    state,
    account: context.account,
    busy: state === 'submitting' || state === 'cancelling' || state === 'loading',
    pending: state === 'submitting' ? (context.request?.kind ?? null) : null,
    outcome: context.outcome,
    closure: context.closure,
    failure: context.failure,
  };
}
