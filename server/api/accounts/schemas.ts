/**
 * Request and response schemas of the accounts calls. The request schemas validate (strict: an unknown field
 * is a 400) and, with the response schemas, describe the calls in /api/openapi.json.
 */
import { z } from 'zod';
import { COUNTRY_VALUES } from '../../accounts/phone';
import type { LoginInput } from '../../accounts/service';
import { PIECE_SIZE, PUZZLE_WIDTH } from '../../providers/captcha/slider';
import { ApiError, nameFields } from '../http';

nameFields({
  phone: { zh: '手机号', en: 'phone number' },
  countryCode: { zh: '国家/地区', en: 'country' },
  code: { zh: '验证码', en: 'verification code' },
  password: { zh: '密码', en: 'password' },
  nickname: { zh: '昵称', en: 'nickname' },
  purpose: { zh: '验证码用途', en: 'purpose' },
  ticket: { zh: '安全验证凭证', en: 'captcha ticket' },
  captchaId: { zh: '验证编号', en: 'captcha id' },
  x: { zh: '滑块位置', en: 'slider position' },
  inviteCode: { zh: '邀请码', en: 'invite code' },
  channelId: { zh: '渠道', en: 'channel id' },
  clientId: { zh: '客户端', en: 'client id' },
  registeInfo: { zh: '来源信息', en: 'attribution' },
  userName: { zh: '用户名', en: 'user name' },
});

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
const countryCode = numberOf(COUNTRY_VALUES as [number, ...number[]]).describe(
  'Country value of spec §3: 1 China (+86) ... 19 England (+44); there is no 11',
);
const code = z
  .string()
  .regex(/^\d{6}$/)
  .describe('The 6-digit SMS code');
const purpose = stringOf(['register', 'login', 'reset']);
/** Length and commonness are checked by the server with their own messages (40000, 40012). */
const newPassword = z.string().max(1024).describe('8 to 64 characters, not one of the 10,000 most common');
const attribution = z.string().max(200).optional();
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const noControl = /^[^\u0000-\u001f\u007f]*$/;

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
});

export const registerBody = z.strictObject({
  phone,
  countryCode,
  code,
  password: newPassword,
  nickname: z.string().trim().min(1).max(32).regex(noControl),
  inviteCode: z.string().trim().max(64).regex(noControl).nullable().optional(),
  channelId: numberOf([2, 6, 32]),
  clientId: stringOf(['morestores']),
  registeInfo: z
    .strictObject({
      urlCode: attribution,
      e_keywordid: attribution,
      searchEngineWord: attribution,
      utm_term: attribution,
      bd_vid: attribution,
      qhclickid: attribution,
    })
    .optional(),
});

export const loginBody = z.strictObject({
  phone,
  countryCode,
  password: z.string().min(1).max(1024).optional().describe('Give either password or code'),
  code: code.optional(),
});

/**
 * The credentials of a login body (and of the bind of /v2/wx/userlogin): exactly one of password and code; a
 * 400 (40000) naming the field otherwise.
 */
export function loginCredentials({ phone, countryCode, password, code }: z.infer<typeof loginBody>): LoginInput {
  if ((password === undefined) === (code === undefined)) {
    throw new ApiError(
      400,
      40000,
      { zh: '请填写密码或验证码（二选一）', en: 'Send either a password or a verification code' },
      {},
      { field: password === undefined ? 'password' : 'code' },
    );
  }
  return password !== undefined ? { phone, countryCode, password } : { phone, countryCode, code: code as string };
}

export const resetBody = z.strictObject({ phone, countryCode, code, password: newPassword });

export const logoutBody = z.strictObject({ userName: z.string().max(64) });

export const outboxQuery = z.object({
  phone: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
});

// ---- responses (documentation only) -------------------------------------------------------------------------

export const captchaConfigData = z.object({
  provider: z.enum(['builtin', 'remote']),
  appId: z.string().nullable(),
});

export const puzzleData = z.object({
  captchaId: z.string(),
  image: z.string().describe('data:image/png;base64, the picture with the gap'),
  piece: z.string().describe('data:image/png;base64, the piece (pieceSize square)'),
  width: z.number(),
  height: z.number(),
  pieceSize: z.number(),
  pieceY: z.number(),
  expiresIn: z.number(),
});

export const ticketData = z.object({ ticket: z.string(), expiresIn: z.number() });

export const smsSentData = z.object({ resendIn: z.number(), expiresIn: z.number() });

export const userInfoData = z.object({
  userId: z.number(),
  userName: z.string(),
  nickname: z.string(),
  phone: z.string().describe('masked, 138****8000'),
  countryCode: z.number(),
  tenantId: z.number(),
  Authorization: z.string().describe('the token, sent back as X-Auth-Token'),
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
  trialEndsAt: z.string(),
  registeInfo: z.record(z.string(), z.string()),
});

export const outboxData = z.array(
  z.object({
    phone: z.string(),
    countryCode: z.number(),
    purpose,
    code: z.string(),
    sentAt: z.string(),
  }),
);
