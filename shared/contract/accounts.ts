/**
 * The accounts calls (docs/product.md#calls): captcha, SMS codes, register, login, password reset, logout and user
 * info. The request schemas validate on the server (strict: an unknown field is a 400); with the response
 * schemas they describe the calls in /api/openapi.json and give the browser and the machines their types.
 */
import { z } from 'zod';
import { COUNTRY_VALUES } from '../countries';
import { ATTRIBUTION_PARAMS, type AttributionParam } from './attribution';
import { ERROR_NOTES, operation } from './operation';

/** The country values of docs/product.md#data the API accepts (shared/countries.ts): 1 China (+86) ... 19 England (+44). */
export { COUNTRY_VALUES };

/** The built-in slider puzzle's picture and piece, in picture pixels. */
export const PUZZLE_WIDTH = 320;
export const PUZZLE_HEIGHT = 160;
export const PIECE_SIZE = 52;

/**
 * A field with a fixed set of values. The base type comes first so a missing or wrong-typed field reads
 * "missing" / "wrong type" rather than "value not allowed"; `meta` keeps the values in the OpenAPI document.
 */
function numberOf(values: [number, ...number[]]) {
  return z.number().pipe(z.literal(values)).meta({ enum: values });
}
function stringOf<const T extends [string, ...string[]]>(values: T) {
  return z.string().pipe(z.enum(values)).meta({ enum: values });
}

/** National number: digits, checked against the country by the server (code 40011 when it does not fit). */
const phone = z.string().max(32).describe('National number, digits only (a leading trunk 0 is accepted)');
const countryCode = numberOf([...COUNTRY_VALUES]).describe(
  'Country value of docs/product.md#data: 1 China (+86) ... 19 England (+44); there is no 11',
);
const code = z
  .string()
  .regex(/^\d{6}$/)
  .describe('The 6-digit SMS code');
/**
 * register / login / reset: docs/product.md#calls; change_phone: a code to the new number of a phone change (sent
 * whether or not the number has an account); verify: a code to the signed-in account's own phone (password change
 * without a password, the old number of a phone change, WeChat unbind); close: the account's closure.
 */
const purpose = stringOf(['register', 'login', 'reset', 'change_phone', 'verify', 'close']);
/** Length and commonness are checked by the server with their own messages (40000, 40012). */
const newPassword = z.string().max(1024).describe('8 to 64 characters, not one of the 10,000 most common');
const attribution = z.string().max(200).optional();
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const noControl = /^[^\u0000-\u001f\u007f]*$/;
/**
 * A nickname has no control, format or line/paragraph separator characters (Unicode Cc, Cf, Zl, Zp): no bidi
 * override that shows `ad\u202emin` as another name, no zero-width or invisible character. The WeChat simulator
 * checks its nicknames with the same rule (server/messaging/simulator/routes.ts).
 */
export const NICKNAME_CHARACTERS = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u;
export const NICKNAME_MAX = 32;
export const nickname = z.string().trim().min(1).max(NICKNAME_MAX).regex(NICKNAME_CHARACTERS);

export const emptyBody = z.strictObject({});

export const verifyCaptchaBody = z.strictObject({
  captchaId: z.string().min(1).max(64),
  x: z
    .number()
    .min(0)
    .max(PUZZLE_WIDTH - PIECE_SIZE)
    .describe('Left edge of the dropped piece in picture pixels'),
});

export const sendSmsCodeBody = z.strictObject({
  phone,
  countryCode,
  purpose,
  ticket: z.string().min(1).max(2048).describe('The captcha ticket (built-in: from /v2/captcha/verify)'),
  randstr: z.string().min(1).max(128).optional().describe('Tencent captcha: the random string given with the ticket'),
});

/** Attribution parameters of docs/product.md#data (what `registeInfo` holds). */
export const registeInfo = z.strictObject(
  Object.fromEntries(ATTRIBUTION_PARAMS.map((param) => [param, attribution])) as Record<
    AttributionParam,
    typeof attribution
  >,
);

export const registerBody = z.strictObject({
  phone,
  countryCode,
  code,
  password: newPassword,
  nickname,
  inviteCode: z.string().trim().max(64).regex(noControl).nullable().optional(),
  channelId: numberOf([2, 6, 32]),
  clientId: stringOf(['morestores']),
  registeInfo: registeInfo.optional(),
});

export const loginBody = z.strictObject({
  phone,
  countryCode,
  password: z.string().min(1).max(1024).optional().describe('Give either password or code'),
  code: code.optional(),
  ticket: z
    .string()
    .min(1)
    .max(2048)
    .optional()
    .describe('A captcha ticket, when the server asked for one (40005 after repeated failures of the account)'),
  randstr: z.string().min(1).max(128).optional().describe('Tencent captcha: the random string given with the ticket'),
  // A code login for a phone without an account creates it (one-step SMS sign-in): what registration records.
  inviteCode: z
    .string()
    .trim()
    .max(64)
    .regex(noControl)
    .nullable()
    .optional()
    .describe('Code login only: the invite code recorded if the login creates the account'),
  channelId: numberOf([2, 6, 32])
    .optional()
    .describe('Code login only: the channel recorded if the login creates the account (default 2, the web)'),
  clientId: stringOf(['morestores'])
    .optional()
    .describe('Code login only: the client recorded if the login creates the account'),
  registeInfo: registeInfo
    .optional()
    .describe('Code login only: the attribution recorded if the login creates the account'),
});

export const resetBody = z.strictObject({
  phone,
  countryCode,
  code,
  password: newPassword,
  keepWechat: z
    .boolean()
    .optional()
    .describe(
      'Keep a WeChat bound to the account in the last 24 hours (default false: the reset removes such a binding, ' +
        'which may be a hijacker’s)',
    ),
});

export const logoutBody = z.strictObject({ userName: z.string().max(64) });

export const outboxQuery = z.object({
  phone: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
});

// ---- responses (the server's answers; documentation and types) ----------------------------------------------

export const captchaConfigData = z.object({
  provider: z.enum(['builtin', 'remote', 'tencent']),
  appId: z.string().nullable(),
});

export const puzzleData = z.object({
  captchaId: z.string(),
  image: z.string().describe('data:image/png;base64, the picture with the gap (width x height)'),
  piece: z.string().describe('data:image/png;base64, the piece (pieceSize square)'),
  width: z.number(),
  height: z.number(),
  pieceSize: z.number(),
  pieceY: z.number().describe('Top of the piece in picture pixels'),
  expiresIn: z.number().describe('Seconds the puzzle stays valid'),
});

export const ticketData = z.object({ ticket: z.string(), expiresIn: z.number() });

export const smsSentData = z.object({
  resendIn: z.number().describe('Seconds until another code may be sent (60)'),
  expiresIn: z.number().describe('Seconds the code stays valid (300)'),
});

export const userInfoData = z.object({
  userId: z.number(),
  userName: z.string().describe('The display name (= nickname); the header shows it'),
  nickname: z.string(),
  phone: z.string().describe('masked, 138****8000'),
  countryCode: z.number(),
  tenantId: z.number(),
  Authorization: z.string().describe('the token, sent back as X-Auth-Token'),
});

export const loginData = userInfoData.extend({
  newAccount: z
    .boolean()
    .optional()
    .describe(
      'true when this code login created the account (a phone without one: the trial starts, no password is set)',
    ),
});

export const baseInfoData = z.object({
  userName: z.string(),
  nickname: z.string(),
  phone: z.string(),
  countryCode: z.number(),
  tenantId: z.number(),
  createdAt: z.string(),
});

export const customerInfoData = z.object({
  userId: z.number(),
  userName: z.string(),
  nickname: z.string(),
  tenantId: z.number(),
  channelId: z.number(),
  clientId: z.string(),
  inviteCode: z.string().nullable(),
  trialEndsAt: z.string().describe('ISO time: registration + 3 days'),
  registeInfo,
});

export const outboxEntry = z.object({
  phone: z.string(),
  countryCode: z.number(),
  purpose,
  code: z.string(),
  sentAt: z.string(),
});

export const outboxData = z.array(outboxEntry);

// ---- the calls ------------------------------------------------------------------------------------------------

const tags = ['accounts'];

export const accountsOperations = {
  captchaConfig: operation({
    method: 'get',
    path: '/v2/captcha/config',
    summary: 'Which captcha the client must show',
    tags,
    data: captchaConfigData,
  }),
  captchaPuzzle: operation({
    method: 'post',
    path: '/v2/captcha/puzzle',
    summary: 'A new slider puzzle (built-in captcha)',
    tags,
    body: emptyBody,
    data: puzzleData,
    errors: { 40000: ERROR_NOTES.validation, 404: 'a third-party captcha is configured', 429: ERROR_NOTES.limit },
  }),
  captchaVerify: operation({
    method: 'post',
    path: '/v2/captcha/verify',
    summary: 'Check the dropped position; a good one earns a one-time ticket (2 minutes)',
    tags,
    body: verifyCaptchaBody,
    data: ticketData,
    errors: {
      40000: ERROR_NOTES.validation,
      40008: 'wrong position (the puzzle is used up)',
      40009: 'unknown, expired or used puzzle',
    },
  }),
  sendSmsCode: operation({
    method: 'post',
    path: '/v2/sendSmsCode',
    summary: 'Send a 6-digit code (needs a captcha ticket)',
    tags,
    body: sendSmsCodeBody,
    data: smsSentData,
    errors: {
      40000: ERROR_NOTES.validation,
      40005: 'missing, used or expired captcha ticket',
      40006: 'purpose register: the phone is already registered',
      40011: 'the phone number does not fit its country',
      40013: 'HTTP 502: the SMS provider failed',
      429: ERROR_NOTES.limit,
    },
  }),
  register: operation({
    method: 'post',
    path: '/v2/web/register',
    summary: 'Register with an SMS code; answers logged in',
    tags,
    body: registerBody,
    data: userInfoData,
    errors: {
      40000: `${ERROR_NOTES.validation}; password length`,
      40004: 'wrong, expired or used code',
      40006: 'the phone is already registered',
      40011: 'the phone number does not fit its country',
      40012: 'the password is too common',
    },
  }),
  login: operation({
    method: 'post',
    path: '/v2/web/userlogin',
    summary:
      'Log in with a password or an SMS code; a right login code for a phone without an account creates the ' +
      'account (trial, no password) and answers newAccount: true',
    tags,
    body: loginBody,
    data: loginData,
    errors: {
      40000: ERROR_NOTES.validation,
      40003: 'wrong phone or password (also for an unregistered phone)',
      40004: 'code login: wrong, expired or used code (also for an unregistered phone)',
      40005:
        'after repeated failures of the account, from an address that never signed in to it: solve the captcha and send its ticket (missing, used or expired ticket)',
      40011: 'the phone number does not fit its country',
      40014: 'HTTP 403: the account is banned',
      40030: ERROR_NOTES.closing,
      429: ERROR_NOTES.limit,
    },
  }),
  resetPassword: operation({
    method: 'post',
    path: '/v2/web/modpsw',
    summary:
      'Reset the password with an SMS code; revokes every session of the user and removes a WeChat bound in the ' +
      'last 24 hours unless keepWechat',
    tags,
    body: resetBody,
    errors: {
      40000: `${ERROR_NOTES.validation}; password length`,
      40004: 'wrong, expired or used code (also for an unregistered phone)',
      40011: 'the phone number does not fit its country',
      40012: 'the password is too common',
    },
  }),
  logout: operation({
    method: 'post',
    path: '/v2/web/userlogout',
    summary: 'Log out: revokes the token',
    tags,
    auth: true,
    body: logoutBody,
    errors: { ...ERROR_NOTES.auth, 40000: ERROR_NOTES.validation },
  }),
  userBaseInfo: operation({
    method: 'get',
    path: '/v2/dm_user_base_info',
    summary: 'The logged-in user',
    tags,
    auth: true,
    data: baseInfoData,
    errors: ERROR_NOTES.auth,
  }),
  customerInfo: operation({
    method: 'get',
    path: '/v4/v1/damiUser/getUserInfo',
    summary: 'The logged-in customer: tenant, channel, invite code, trial end, attribution',
    tags,
    auth: true,
    data: customerInfoData,
    errors: ERROR_NOTES.auth,
  }),
  smsOutbox: operation({
    method: 'get',
    path: '/dev/sms-outbox',
    summary: 'Development only (404 in production): codes the built-in SMS sink sent, newest first',
    tags,
    query: outboxQuery,
    data: outboxData,
    devOnly: true,
  }),
};

// ---- types ----------------------------------------------------------------------------------------------------

/** What login and register answer; stored as localStorage `userInfo` (docs/product.md#data). */
export type UserInfo = z.output<typeof userInfoData>;
/** What login answers: the user info and whether the login created the account. */
export type LoginData = z.output<typeof loginData>;
export type RegisteInfo = z.output<typeof registeInfo>;
export type SmsPurpose = z.output<typeof purpose>;
export type CaptchaConfig = z.output<typeof captchaConfigData>;
export type CaptchaPuzzle = z.output<typeof puzzleData>;
export type CaptchaTicket = z.output<typeof ticketData>;
export type SmsSent = z.output<typeof smsSentData>;
export type UserBaseInfo = z.output<typeof baseInfoData>;
export type CustomerInfo = z.output<typeof customerInfoData>;
export type OutboxEntry = z.output<typeof outboxEntry>;
// Bodies in the shape that passes validation (z.output: `channelId` is 2, 6 or 32, not any number).
export type VerifyCaptchaInput = z.output<typeof verifyCaptchaBody>;
export type SendSmsCodeInput = z.output<typeof sendSmsCodeBody>;
export type RegisterInput = z.output<typeof registerBody>;
export type ResetPasswordInput = z.output<typeof resetBody>;
export type LogoutInput = z.output<typeof logoutBody>;
/** A login's credentials: exactly one of password and code (the server answers 40000 otherwise). */
export type LoginInput = (
  | { phone: string; countryCode: number; password: string; code?: undefined }
  | { phone: string; countryCode: number; code: string; password?: undefined }
) & {
  ticket?: string;
  randstr?: string;
} & Partial<Pick<RegisterInput, 'inviteCode' | 'channelId' | 'clientId' | 'registeInfo'>>; // recorded when a code login creates the account
