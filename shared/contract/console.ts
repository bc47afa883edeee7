/**
 * The operator's console calls (docs/decisions/046-operators-console.md), served on the console's own listener
 * (CONSOLE_PORT) under /console/api, in the portal's envelope (`{code, message, data}`, lists as `data.items`) and
 * described by /console/api/openapi.json. Paths here are under /console/api. The session is a cookie; every
 * state-changing call (POST) also sends `X-CSRF-Token` (the login's `data.csrfToken`) and a same-origin `Origin`.
 */
import { z } from 'zod';
import { articleOperations } from './console-articles';
import type { Operation } from './operation';
import { operation } from './operation';

export const CONSOLE_API_PREFIX = '/console/api';

export const OPERATOR_ROLES = ['owner', 'support', 'editor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const WEBHOOK_EVENTS = ['user.registered', 'user.logged_in', 'user.closed', 'user.banned'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const SIGNUP_METHODS = ['password', 'sms', 'wechat'] as const;
export type SignupMethod = (typeof SIGNUP_METHODS)[number];

/** What the sign-ups report can split by (`day` = no split, one row per period). */
export const SIGNUP_SPLITS = ['day', 'brand', 'channel', 'invite', 'source', 'keyword', 'method'] as const;
export type SignupSplit = (typeof SIGNUP_SPLITS)[number];

/** Business codes of the console (the portal's shared ones, 40000, 429, keep their meaning). */
export const CONSOLE_CODES = {
  needSignIn: 40101,
  wrongSignIn: 40102,
  forbidden: 40103,
  csrf: 40104,
  userNotFound: 40404,
  webhookNotFound: 40405,
  deliveryNotFound: 40406,
  webhookUrl: 40130,
} as const;

const brand = z.enum(['starreach', 'creatorbox']).describe('The brand (tenant) of the account');
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('A calendar day, YYYY-MM-DD, in the portal time zone (Asia/Shanghai)');
const userId = z.string().regex(/^\d{1,18}$/);
const cursor = z.string().max(200).describe('The nextCursor of the previous page');
const limit = z.coerce.number().int().min(1).max(100).default(50);

// ---- requests -------------------------------------------------------------------------------------------------

export const consoleLoginBody = z.strictObject({
  name: z.string().min(1).max(64),
  password: z.string().min(1).max(256),
  totp: z
    .string()
    .regex(/^\d{6}$/)
    .describe('The current code of the authenticator (RFC 6238, 30 s, 6 digits); each code works once'),
});

export const usersQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe('A full phone, its last four digits, a nickname (or its start) or an invite code'),
  brand: brand.optional(),
  channel: z.coerce.number().int().min(0).optional(),
  from: isoDate.optional().describe('Registered on or after this day'),
  to: isoDate.optional().describe('Registered on or before this day'),
  cursor: cursor.optional(),
  limit,
});

export const banBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export const emptyBody = z.strictObject({});
export const revokeBody = z.union([
  z.strictObject({ sessionId: z.string().min(1).max(64).describe('One session (the id of the user page)') }),
  z.strictObject({ all: z.literal(true).describe('Every live session of the account') }),
]);

export const signupsQuery = z.strictObject({
  from: isoDate,
  to: isoDate,
  by: z.enum(SIGNUP_SPLITS).default('day'),
  interval: z.enum(['day', 'week']).default('day').describe('Rows per day or per ISO week (Monday)'),
  brand: brand.optional(),
  format: z.enum(['json', 'csv']).default('json').describe('csv answers text/csv with a header row'),
});

export const auditQuery = z.strictObject({
  operator: z.string().max(64).optional(),
  user: userId.optional(),
  action: z.string().max(64).optional(),
  cursor: cursor.optional(),
  limit,
});

export const webhookBody = z.strictObject({
  url: z
    .string()
    .url()
    .max(2000)
    .describe('https outside private ranges (http and private only with WEBHOOK_ALLOW_PRIVATE=1)'),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
  description: z.string().trim().max(200).optional(),
});

// ---- responses ------------------------------------------------------------------------------------------------

export const operatorData = z.object({ name: z.string(), role: z.enum(OPERATOR_ROLES) });

export const consoleSessionData = z.object({
  operator: operatorData,
  csrfToken: z.string().describe('Send back as X-CSRF-Token on every POST'),
  expiresAt: z.string().describe('ISO time the session ends at the latest (12 h); 30 min idle ends it sooner'),
});

const attribution = z
  .record(z.string(), z.string())
  .describe('registeInfo: urlCode, e_keywordid, searchEngineWord, utm_term, bd_vid, qhclickid (as registered)');

export const userRowData = z.object({
  id: z.string(),
  brand,
  countryCode: z.number(),
  phoneMasked: z.string().describe('e.g. 138****5678; the full number only through POST …/phone (audited)'),
  nickname: z.string(),
  inviteCode: z.string().nullable(),
  channelId: z.number(),
  createdAt: z.string(),
  banned: z.boolean(),
  closed: z.boolean(),
});

export const userSessionData = z.object({
  id: z.string().describe('An opaque id of the session (never its token)'),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastSeenAt: z.string().nullable(),
  address: z.string().describe('The address it signed in from'),
  userAgent: z.string().nullable(),
});

export const userPageData = userRowData.extend({
  clientId: z.string(),
  registeInfo: attribution,
  signupMethod: z.enum(SIGNUP_METHODS).nullable().describe('null for accounts from before it was recorded'),
  trialEndsAt: z.string().nullable(),
  firstWorkbenchAt: z.string().nullable(),
  createdAddress: z.string(),
  ban: z.object({ at: z.string(), reason: z.string().nullable() }).nullable(),
  wechat: z.object({ nickname: z.string().nullable(), boundAt: z.string().nullable() }).nullable(),
  sessions: z.array(userSessionData).describe('Live sessions (not expired, not revoked), newest first'),
  closure: z
    .object({ requestedAt: z.string(), erasesAt: z.string() })
    .nullable()
    .describe('A pending closure (the account issue); null otherwise'),
});

export const revealedPhoneData = z.object({ countryCode: z.number(), phone: z.string() });

export const signupsData = z.object({
  items: z.array(
    z.object({
      period: z.string().describe('YYYY-MM-DD: the day, or the Monday of the week'),
      key: z.string().describe('The split value ("" for none or unknown); for by=day always ""'),
      count: z.number(),
    }),
  ),
  keys: z.array(z.string()).describe('Every key present, largest total first'),
  funnel: z.object({
    smsSent: z.number().describe('Registration SMS codes sent in the range'),
    registrations: z.number(),
    firstWorkbench: z.number().describe('Of those registrations, how many opened the workbench'),
  }),
});

export const auditEntryData = z.object({
  id: z.string(),
  at: z.string(),
  operator: z.string().nullable().describe('null for a failed sign-in with an unknown name'),
  address: z.string(),
  action: z.string().describe('e.g. operator.login, operator.login_failed, user.ban, user.unban, user.revoke_sessions'),
  userId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});

export const webhookData = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string().nullable(),
  createdAt: z.string(),
});

export const createdWebhookData = webhookData.extend({
  secret: z.string().describe('whsec_<base64>: shown once; verifies webhook-signature (Standard Webhooks)'),
});

export const deliveryData = z.object({
  id: z.string().describe('The webhook-id header (msg_…); a repeat carries the same id'),
  event: z.enum(WEBHOOK_EVENTS),
  createdAt: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastStatus: z.number().nullable().describe('The HTTP status of the last try (null: no answer)'),
  lastResponse: z.string().nullable().describe('The start of the last answer body or error (at most 500 characters)'),
  payload: z.unknown(),
});

const items = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable().optional() });

// ---- the calls ------------------------------------------------------------------------------------------------

const tags = ['console'];
const signedIn = {
  [CONSOLE_CODES.needSignIn]: 'HTTP 401: no console session, or it expired (12 h, or 30 min idle)',
  [CONSOLE_CODES.csrf]: 'HTTP 403: a POST without the X-CSRF-Token of the session, or from another origin',
};
const ownerOnly = { ...signedIn, [CONSOLE_CODES.forbidden]: "HTTP 403: the operator's role may not do this" };
const userErrors = { ...signedIn, [CONSOLE_CODES.userNotFound]: 'HTTP 404: no such user' };

export const consoleOperations = {
  login: operation({
    method: 'post',
    path: '/login',
    summary: 'Sign in with name, password and a current TOTP code; sets the session cookie',
    tags,
    body: consoleLoginBody,
    data: consoleSessionData,
    errors: {
      [CONSOLE_CODES.wrongSignIn]: 'HTTP 401: wrong name, password or code (one answer for all)',
      429: 'HTTP 429 + Retry-After: too many failed sign-ins for this name or from this address',
    },
  }),
  logout: operation({
    method: 'post',
    path: '/logout',
    summary: 'End the session',
    tags,
    body: emptyBody,
    errors: signedIn,
  }),
  session: operation({
    method: 'get',
    path: '/session',
    summary: 'The signed-in operator and the CSRF token',
    tags,
    data: consoleSessionData,
    errors: signedIn,
  }),
  users: operation({
    method: 'get',
    path: '/users',
    summary: 'Find accounts by phone, last four digits, nickname or invite code',
    tags,
    query: usersQuery,
    data: items(userRowData),
    errors: signedIn,
  }),
  user: operation({
    method: 'get',
    path: '/users/{id}',
    summary: "A user's page: account, attribution, sessions, binding, ban, closure",
    tags,
    data: userPageData,
    errors: userErrors,
  }),
  revealPhone: operation({
    method: 'post',
    path: '/users/{id}/phone',
    summary: 'Show the full phone number (audited)',
    tags,
    body: emptyBody,
    data: revealedPhoneData,
    errors: userErrors,
  }),
  ban: operation({
    method: 'post',
    path: '/users/{id}/ban',
    summary: 'Ban the account (its sessions end)',
    tags,
    body: banBody,
    data: userPageData,
    errors: userErrors,
  }),
  unban: operation({
    method: 'post',
    path: '/users/{id}/unban',
    summary: 'Lift the ban',
    tags,
    body: emptyBody,
    data: userPageData,
    errors: userErrors,
  }),
  revokeSessions: operation({
    method: 'post',
    path: '/users/{id}/sessions/revoke',
    summary: 'End one session or all of them (the device is logged out at its next call)',
    tags,
    body: revokeBody,
    data: userPageData,
    errors: userErrors,
  }),
  unbindWechat: operation({
    method: 'post',
    path: '/users/{id}/wechat/unbind',
    summary: 'Remove the WeChat binding',
    tags,
    body: emptyBody,
    data: userPageData,
    errors: userErrors,
  }),
  signups: operation({
    method: 'get',
    path: '/signups',
    summary: 'Registrations per day or week, split by brand, channel, invite, ad source, keyword or method',
    tags,
    query: signupsQuery,
    data: signupsData,
    errors: signedIn,
  }),
  audit: operation({
    method: 'get',
    path: '/audit',
    summary: 'The audit log, newest first, by operator, user and action',
    tags,
    query: auditQuery,
    data: items(auditEntryData),
    errors: signedIn,
  }),
  webhooks: operation({
    method: 'get',
    path: '/webhooks',
    summary: 'The registered webhook endpoints (owner)',
    tags,
    data: items(webhookData),
    errors: ownerOnly,
  }),
  createWebhook: operation({
    method: 'post',
    path: '/webhooks',
    summary: 'Register an endpoint; answers its secret once (owner)',
    tags,
    body: webhookBody,
    data: createdWebhookData,
    errors: {
      ...ownerOnly,
      [CONSOLE_CODES.webhookUrl]: 'HTTP 400: the URL is not https or points to a private address',
    },
  }),
  deleteWebhook: operation({
    method: 'post',
    path: '/webhooks/{id}/delete',
    summary: 'Remove an endpoint (pending deliveries are dropped) (owner)',
    tags,
    body: emptyBody,
    errors: { ...ownerOnly, [CONSOLE_CODES.webhookNotFound]: 'HTTP 404: no such endpoint' },
  }),
  deliveries: operation({
    method: 'get',
    path: '/webhooks/{id}/deliveries',
    summary: "An endpoint's deliveries with their last answer, newest first (owner)",
    tags,
    query: z.strictObject({ cursor: cursor.optional(), limit }),
    data: items(deliveryData),
    errors: { ...ownerOnly, [CONSOLE_CODES.webhookNotFound]: 'HTTP 404: no such endpoint' },
  }),
  resend: operation({
    method: 'post',
    path: '/webhooks/{id}/deliveries/{deliveryId}/resend',
    summary: 'Send a delivery again (same webhook-id) (owner)',
    tags,
    body: emptyBody,
    data: deliveryData,
    errors: { ...ownerOnly, [CONSOLE_CODES.deliveryNotFound]: 'HTTP 404: no such delivery' },
  }),
  // The college's articles and pictures (shared/contract/console-articles.ts): owner and editor.
  ...articleOperations,
} satisfies Record<string, Operation>;

/** Which role may call what: every call not listed here is for every signed-in operator with a console role. */
export const OWNER_ONLY_CALLS: readonly (keyof typeof consoleOperations)[] = [
  'webhooks',
  'createWebhook',
  'deleteWebhook',
  'deliveries',
  'resend',
];
/** Roles that may use the user, sign-ups and audit calls (the editor role is for the college editor). */
export const SUPPORT_ROLES: readonly OperatorRole[] = ['owner', 'support'];
