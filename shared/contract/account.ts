/**
 * The seller's own account: profile, password, phone, devices, WeChat binding, data export and
 * closure, all with `X-Auth-Token`. The request schemas validate on the server (strict: an unknown field is a 400);
 * with the response schemas they describe the calls in /api/openapi.json and give the account page its types.
 *
 * A closing account (closure requested, cooling-off period running): every sign-in (password, SMS code, QR scan)
 * answers 40030 (HTTP 403) whose data is a session like a login's plus `closure`. That session is restricted: it
 * can call `GET /v2/account`, `POST /v2/account/close/cancel` and logout; every other call answers 40002 (forced
 * logout). Cancelling the closure makes it a full session (docs/api.md#closure).
 */
import { z } from 'zod';
import { COUNTRY_VALUES, nickname, userInfoData } from './accounts';
import { ERROR_NOTES, operation } from './operation';
import { qrCodeData } from './scan-login';

/** Days between the closure and the erasure of the personal data (the privacy policy says the same). */
export const CLOSURE_COOLING_OFF_DAYS = 15;

const countryCode = z
  .number()
  .pipe(z.literal([...COUNTRY_VALUES]))
  .meta({ enum: [...COUNTRY_VALUES] })
  .describe('Country value of docs/product.md#data: 1 China (+86) ... 19 England (+44)');
const phone = z.string().max(32).describe('National number, digits only (a leading trunk 0 is accepted)');
const code = z
  .string()
  .regex(/^\d{6}$/)
  .describe('The 6-digit SMS code');
const currentPassword = z.string().min(1).max(1024).describe("The account's current password");
/** Length and commonness are checked by the server with their own messages (40000, 40012). */
const newPassword = z.string().max(1024).describe('8 to 64 characters, not one of the 10,000 most common');

// ---- requests -------------------------------------------------------------------------------------------------

export const emptyAccountBody = z.strictObject({});

export const profileBody = z.strictObject({ nickname });

export const changePasswordBody = z.strictObject({
  oldPassword: currentPassword
    .optional()
    .describe('The current password; required when the account has one (give it or code, not both)'),
  code: code.optional().describe('When the account has no password: an SMS code of purpose "verify" sent to its phone'),
  password: newPassword,
});

export const changePhoneBody = z.strictObject({
  countryCode,
  phone,
  code: code.describe('The SMS code of purpose "change_phone" sent to the new number'),
  oldPassword: currentPassword.optional().describe('The current password (give it or oldCode, not both)'),
  oldCode: code.optional().describe('An SMS code of purpose "verify" sent to the current number'),
});

export const revokeSessionBody = z.union([
  z.strictObject({
    sessionId: z
      .string()
      .regex(/^\d{1,18}$/)
      .describe('An id of GET /v2/account/sessions'),
  }),
  z.strictObject({ others: z.literal(true).describe('Sign out every session but this one') }),
]);

/** The proof a sensitive change asks for: the password, or an SMS code to the account's phone (not both). */
export const proofBody = z.strictObject({
  password: currentPassword.optional(),
  code: code.optional(),
});

// ---- responses ------------------------------------------------------------------------------------------------

export const closureState = z
  .object({
    requestedAt: z.string().describe('ISO time the closure was asked for'),
    erasesAt: z.string().describe(`ISO time the personal data is erased (${CLOSURE_COOLING_OFF_DAYS} days later)`),
  })
  .describe('A pending closure; null when the account is not closing');

export const wechatBinding = z
  .object({ nickname: z.string().nullable(), boundAt: z.string().nullable() })
  .describe('The bound WeChat identity; null when none');

export const accountData = z.object({
  userId: z.number(),
  nickname: z.string(),
  phone: z.string().describe('masked, 138****8000'),
  countryCode: z.number(),
  tenantId: z.number(),
  createdAt: z.string(),
  hasPassword: z.boolean().describe('false for an account created by SMS sign-in that never set one'),
  wechat: wechatBinding.nullable(),
  closure: closureState.nullable(),
  trialEndsAt: z.string(),
});

export const accountSessionData = z.object({
  id: z.string(),
  browser: z.string().nullable().describe('"Chrome 120", "WeChat 8.0", ...; null when the user agent is unknown'),
  system: z.string().nullable().describe('"Windows 10/11", "macOS", "iOS 17", "Android 14", ...'),
  firstSeenAt: z.string(),
  lastSeenAt: z.string().nullable(),
  address: z.string().describe('The address the session started from, as TRUST_PROXY resolves it'),
  current: z.boolean().describe('The session of this request ("this device")'),
});

export const accountSessionsData = z.array(accountSessionData);

export const revokedData = z.object({ revoked: z.number().describe('How many sessions were signed out') });

/** A login's session, for a closing account (40030): restricted to GET /v2/account and close/cancel. */
export const closingLoginData = userInfoData.extend({ closure: closureState });

export const exportData = z.object({
  exportedAt: z.string(),
  account: z.object({
    userId: z.number(),
    tenantId: z.number(),
    nickname: z.string(),
    countryCode: z.number(),
    phone: z.string().describe('In full: it is the seller’s own data'),
    createdAt: z.string(),
    createdAddress: z.string(),
    signupMethod: z.string().nullable(),
    channelId: z.number(),
    clientId: z.string(),
    inviteCode: z.string().nullable(),
    trialEndsAt: z.string(),
    hasPassword: z.boolean(),
    passwordChangedAt: z.string().nullable(),
    firstWorkbenchAt: z.string().nullable(),
    closure: closureState.nullable(),
  }),
  attribution: z.record(z.string(), z.string()),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      revokedAt: z.string().nullable(),
      lastSeenAt: z.string().nullable(),
      address: z.string(),
      userAgent: z.string().nullable(),
    }),
  ),
  likes: z
    .array(z.object({ articleId: z.number(), likedAt: z.string() }))
    .describe('Articles liked from this browser (likes are kept per browser, not per account)'),
  wechat: z.object({ nickname: z.string().nullable(), boundAt: z.string().nullable() }).nullable(),
  bans: z.array(z.object({ what: z.enum(['account', 'wechat']), at: z.string(), reason: z.string().nullable() })),
  audit: z.array(z.object({ at: z.string(), action: z.string(), address: z.string().nullable() })),
});

// ---- the calls ------------------------------------------------------------------------------------------------

const tags = ['account'];
const proofErrors = {
  40003: 'wrong password (counts towards the login back-off of the account)',
  40004: 'wrong, expired or used code (counts a try of the code, and towards the login back-off)',
  429: `${ERROR_NOTES.limit} (the login limits and back-off)`,
} as const;

export const accountOperations = {
  account: operation({
    method: 'get',
    path: '/v2/account',
    summary: 'The signed-in account: profile, phone masked, password set, WeChat binding, closure, trial end',
    tags,
    auth: true,
    data: accountData,
    errors: ERROR_NOTES.auth,
  }),
  profile: operation({
    method: 'post',
    path: '/v2/account/profile',
    summary: 'Change the nickname (the header and userInfo follow)',
    tags,
    auth: true,
    body: profileBody,
    data: accountData,
    errors: { ...ERROR_NOTES.auth, 40000: ERROR_NOTES.validation },
  }),
  password: operation({
    method: 'post',
    path: '/v2/account/password',
    summary:
      'Change the password (the current one, or an SMS code of purpose "verify" when the account has none); ' +
      'signs out every other session',
    tags,
    auth: true,
    body: changePasswordBody,
    data: revokedData,
    errors: {
      ...ERROR_NOTES.auth,
      40000: `${ERROR_NOTES.validation}; password length; oldPassword missing (or code given) for an account with a password`,
      ...proofErrors,
      40012: 'the password is too common',
    },
  }),
  phone: operation({
    method: 'post',
    path: '/v2/account/phone',
    summary:
      'Change the phone: a code of purpose "change_phone" to the new number, after the current password or a ' +
      'code of purpose "verify" to the current one; the old number can register again',
    tags,
    auth: true,
    body: changePhoneBody,
    data: accountData,
    errors: {
      ...ERROR_NOTES.auth,
      40000: `${ERROR_NOTES.validation}; neither or both of oldPassword and oldCode; the new number is the current one`,
      ...proofErrors,
      40011: 'the new number does not fit its country',
      40031: 'the new number belongs to another account',
    },
  }),
  sessions: operation({
    method: 'get',
    path: '/v2/account/sessions',
    summary: 'Every live session of the account (devices), newest first; `current` marks this one',
    tags,
    auth: true,
    data: accountSessionsData,
    errors: ERROR_NOTES.auth,
  }),
  revokeSession: operation({
    method: 'post',
    path: '/v2/account/sessions/revoke',
    summary: 'Sign out one session ({sessionId}) or every other one ({others: true})',
    tags,
    auth: true,
    body: revokeSessionBody,
    data: revokedData,
    errors: {
      ...ERROR_NOTES.auth,
      40000: ERROR_NOTES.validation,
      40033: 'HTTP 404: no live session of this account has that id',
    },
  }),
  wechatBindCode: operation({
    method: 'post',
    path: '/v2/account/wechat/bind-code',
    summary:
      'A QR code that binds the WeChat that scans it to this account; poll it with GET /v2/wx/get_qr_status: ' +
      '"linked" once bound (no session is handed out), "bind_failed" when the WeChat is bound to another account',
    tags,
    auth: true,
    body: emptyAccountBody,
    data: qrCodeData,
    errors: {
      ...ERROR_NOTES.auth,
      40000: ERROR_NOTES.validation,
      40035: 'HTTP 409: the account already has a WeChat bound',
      40024: 'HTTP 502: the messaging platform did not create the code',
      503: 'HTTP 503: no messaging platform is configured',
      429: ERROR_NOTES.limit,
    },
  }),
  wechatUnbind: operation({
    method: 'post',
    path: '/v2/account/wechat/unbind',
    summary: 'Unbind the WeChat identity after the password or an SMS code of purpose "verify"',
    tags,
    auth: true,
    body: proofBody,
    data: accountData,
    errors: {
      ...ERROR_NOTES.auth,
      40000: `${ERROR_NOTES.validation}; neither or both of password and code`,
      ...proofErrors,
      40034: 'HTTP 409: no WeChat is bound to the account',
    },
  }),
  export: operation({
    method: 'get',
    path: '/v2/account/export',
    summary:
      'Everything the portal holds about the seller, as a JSON download (Content-Disposition: attachment): ' +
      'account, attribution, sessions, likes of this browser, WeChat binding, bans, audit trail',
    tags,
    auth: true,
    data: exportData,
    errors: ERROR_NOTES.auth,
  }),
  close: operation({
    method: 'post',
    path: '/v2/account/close',
    summary:
      `Close the account after the password or an SMS code of purpose "close": every session is signed out; ` +
      `${CLOSURE_COOLING_OFF_DAYS} days to cancel by signing in, then the personal data is erased`,
    tags,
    auth: true,
    body: proofBody,
    data: closureState,
    errors: {
      ...ERROR_NOTES.auth,
      40000: `${ERROR_NOTES.validation}; neither or both of password and code`,
      ...proofErrors,
    },
  }),
  cancelClosure: operation({
    method: 'post',
    path: '/v2/account/close/cancel',
    summary: 'Cancel a pending closure (with the restricted session a sign-in of a closing account answers)',
    tags,
    auth: true,
    body: emptyAccountBody,
    data: accountData,
    errors: {
      ...ERROR_NOTES.auth,
      40000: ERROR_NOTES.validation,
      40036: 'HTTP 409: the account is not closing',
    },
  }),
};

// ---- types ----------------------------------------------------------------------------------------------------

export type Account = z.output<typeof accountData>;
export type AccountSession = z.output<typeof accountSessionData>;
export type ClosureState = z.output<typeof closureState>;
export type ClosingLogin = z.output<typeof closingLoginData>;
export type AccountExport = z.output<typeof exportData>;
export type ProfileInput = z.output<typeof profileBody>;
export type ChangePasswordInput = z.output<typeof changePasswordBody>;
export type ChangePhoneInput = z.output<typeof changePhoneBody>;
export type RevokeSessionInput = z.output<typeof revokeSessionBody>;
export type ProofInput = z.output<typeof proofBody>;
