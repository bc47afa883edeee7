/**
 * Test helpers of the console's machines (their own tests, the pages' path tests and `npm run paths`): sample
 * sessions, forms and errors, and the events the path generator offers.
 */
import type { ActionRequest } from './action.selectors';
import type { SignInFailure, SignInForm, SignInSession } from './sign-in.selectors';

export const sampleSession: SignInSession = {
  operator: { name: 'alice', role: 'owner' },
  csrfToken: 'csrf-sample',
  expiresAt: '2026-11-29T08:00:00.000Z',
};

export const sampleSignInForm: SignInForm = { name: 'alice', password: 'correct horse', totp: '123456' };

export const sampleSignInErrors = {
  noSession: { status: 401, code: 40101, message: '请先登录' },
  wrong: { status: 401, code: 40102, message: '用户名、密码或验证码错误' },
  rateLimited: { status: 429, code: 429, message: '尝试次数过多，请 2 秒后再试', retryAfter: 2 },
  server: { status: 500, code: 500, message: '服务繁忙' },
} as const satisfies Record<string, SignInFailure>;

/** The events of the sign-in paths: every user event, one answer of each kind from each call. */
export const signInPathEvents = [
  { type: 'form.submit', form: sampleSignInForm },
  { type: 'form.edit' },
  { type: 'session.expired', location: '/users/42?tab=sessions' },
  { type: 'user.signOut' },
  { type: 'xstate.done.actor.loadSession', output: sampleSession },
  { type: 'xstate.error.actor.loadSession', error: sampleSignInErrors.noSession },
  { type: 'xstate.done.actor.login', output: sampleSession },
  { type: 'xstate.error.actor.login', error: sampleSignInErrors.wrong },
  { type: 'xstate.error.actor.login', error: sampleSignInErrors.rateLimited },
  { type: 'xstate.error.actor.login', error: sampleSignInErrors.server },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: sampleSignInErrors.server },
] as const;

export const sampleActions = {
  ban: { kind: 'ban', targetId: '42', needsReason: true },
  unban: { kind: 'unban', targetId: '42' },
  revokeOne: { kind: 'revokeOne', targetId: '42', itemId: 's1' },
  revokeAll: { kind: 'revokeAll', targetId: '42' },
  unbindWechat: { kind: 'unbindWechat', targetId: '42' },
  revealPhone: { kind: 'revealPhone', targetId: '42' },
} as const satisfies Record<string, ActionRequest>;

export const sampleActionError = { status: 409, code: 40000, message: '该账号已被封禁' };

/**
 * The events of the action paths: a ban (reason required) and an action without reason, a reason and an
 * empty one, and one answer of each kind.
 */
export const actionPathEvents = [
  { type: 'action.request', request: sampleActions.ban },
  { type: 'action.request', request: sampleActions.revealPhone },
  { type: 'action.reason', reason: '刷单' },
  { type: 'action.reason', reason: '  ' },
  { type: 'action.confirm' },
  { type: 'action.cancel' },
  { type: 'action.dismiss' },
  { type: 'xstate.done.actor.perform', output: { ok: true } },
  { type: 'xstate.error.actor.perform', error: sampleActionError },
] as const;

/** A working copy as the editor sends it (PUT /articles/{id}). */
export const sampleArticleDraft = {
  section: 'operate',
  slug: 'sample-draft',
  tags: ['达人'],
  cover: null,
  zh: { title: '寄样清单', summary: '寄样前要核对的五件事', body: '## 寄样\n\n先核对地址。' },
  en: { title: 'Sample checklist', summary: 'Five things to check', body: '## Samples\n\nCheck the address.' },
};

const sampleSaveErrors = {
  slugTaken: { status: 409, code: 40140, message: '这个栏目已有同名的 slug', field: 'slug' },
  offline: { status: 0, code: 0, message: '' },
} as const;

/**
 * The events of the autosave paths: an edit, save now, retry, a save's answer, a refusal naming a field and no answer.
 */
export const articleSavePathEvents = [
  { type: 'draft.edit', draft: sampleArticleDraft },
  { type: 'draft.saveNow' },
  { type: 'draft.retry' },
  { type: 'xstate.done.actor.save', output: { updatedAt: '2026-11-29T01:00:00.000Z' } },
  { type: 'xstate.error.actor.save', error: sampleSaveErrors.slugTaken },
  { type: 'xstate.error.actor.save', error: sampleSaveErrors.offline },
] as const;
