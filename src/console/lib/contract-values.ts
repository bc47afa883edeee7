/**
 * Values of the console's contract the browser needs. The contract module builds zod schemas at load time, which a
 * bundler cannot drop, so the browser imports its types only; these copies are checked against it by
 * contract-values.test.ts, so a change there fails until this follows.
 */
import type { OperatorRole, SignupSplit, WebhookEvent } from '#shared/contract/console';

export const API_PREFIX = '/console/api';
export const NEED_SIGN_IN = 40101;
export const WRONG_SIGN_IN = 40102;
export const WEBHOOK_EVENT_LIST = [
  'user.registered',
  'user.logged_in',
  'user.closed',
  'user.banned',
] as const satisfies readonly WebhookEvent[];
export const SPLITS = [
  'day',
  'brand',
  'channel',
  'invite',
  'source',
  'keyword',
  'method',
] as const satisfies readonly SignupSplit[];
export const SUPPORT_ROLE_LIST: readonly OperatorRole[] = ['owner', 'support'];
