/**
 * Test helpers of the account page's machine (its own tests, the page's path tests and `npm run paths`): a sample
 * account, closing or not, sample answers and errors, and the events the path generator offers.
 */
import type { Account, ClosureState } from '../../shared/contract/account';
import type { AccountFailure, AccountRequest } from './account.selectors';

export const sampleClosure: ClosureState = {
  requestedAt: '2026-11-28T08:00:00.000Z',
  erasesAt: '2026-12-13T08:00:00.000Z',
};

export const sampleAccount: Account = {
  userId: 42,
  nickname: '小王的店',
  phone: '138****8000',
  countryCode: 1,
  tenantId: 7,
  createdAt: '2026-11-01T08:00:00.000Z',
  hasPassword: true,
  wechat: null,
  closure: null,
  trialEndsAt: '2026-12-01T08:00:00.000Z',
};

export const sampleClosingAccount: Account = { ...sampleAccount, closure: sampleClosure };

/** The account once a WeChat is bound (by scanning the page's bind code). */
export const sampleBoundAccount: Account = {
  ...sampleAccount,
  wechat: { nickname: '微信用户', boundAt: '2026-11-28T09:00:00.000Z' },
};

export const sampleRequests = {
  profile: { kind: 'profile', body: { nickname: '老王的店' } },
  close: { kind: 'close', body: { password: 'Secret-pass-1' } },
} as const satisfies Record<string, AccountRequest>;

export const sampleAccountErrors = {
  network: { status: 0, code: 0, message: '' },
  wrongPassword: { status: 400, code: 40003, message: '密码错误' },
  notClosing: { status: 409, code: 40036, message: '账号没有待处理的注销申请' },
} as const satisfies Record<string, AccountFailure>;

/** Every user event (a change that keeps the page, a closure) and one answer of each kind from each call. */
export const accountPathEvents = [
  { type: 'page.retry' },
  { type: 'section.submit', request: sampleRequests.profile },
  { type: 'section.submit', request: sampleRequests.close },
  { type: 'closure.cancel' },
  { type: 'account.changed', account: sampleBoundAccount },
  { type: 'xstate.done.actor.loadAccount', output: sampleAccount },
  { type: 'xstate.done.actor.loadAccount', output: sampleClosingAccount },
  { type: 'xstate.error.actor.loadAccount', error: sampleAccountErrors.network },
  { type: 'xstate.done.actor.submit', output: { ...sampleAccount, nickname: '老王的店' } },
  { type: 'xstate.done.actor.submit', output: sampleClosure },
  { type: 'xstate.error.actor.submit', error: sampleAccountErrors.wrongPassword },
  { type: 'xstate.done.actor.cancelClosure', output: sampleAccount },
  { type: 'xstate.error.actor.cancelClosure', error: sampleAccountErrors.notClosing },
] as const;
