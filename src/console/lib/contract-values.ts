/**
 * Values of the console's contract the browser needs. The contract module builds zod schemas at load time, which a
 * bundler cannot drop, so the browser imports its types only; these copies are checked against it by
 * contract-values.test.ts, so a change there fails until this follows.
 */
import type { OperatorRole, SignupSplit, WebhookEvent } from '#shared/contract/console';
import type { ArticleLang, ArticleState, MediaType } from '#shared/contract/console-articles';

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
/** The roles the college calls are for (EDITOR_CALLS in server/console/app.ts's rolesOf). */
export const EDITOR_ROLE_LIST: readonly OperatorRole[] = ['owner', 'editor'];
export const ARTICLE_STATE_LIST = [
  'draft',
  'scheduled',
  'published',
  'unpublished',
] as const satisfies readonly ArticleState[];
export const ARTICLE_LANG_LIST = ['zh', 'en'] as const satisfies readonly ArticleLang[];
export const MEDIA_TYPE_LIST = ['image/png', 'image/jpeg', 'image/webp'] as const satisfies readonly MediaType[];
export const MEDIA_LIMIT_BYTES = 5 * 1024 * 1024;
export const SLUG_PATTERN = '[a-z0-9]+(-[a-z0-9]+)*';
export const TAGS_MAX = 4;
