/**
 * The accounts calls' business codes (docs/api.md): each error is built here, so a code always has the same
 * status and words (catalog messages).
 */
import { CODES } from '../../shared/contract/codes';
import { ApiError, BAD_REQUEST, type Message, type Text } from '../api/http';

export { CODES };

export const SUCCESS = {
  smsSent: /*i18n*/ '验证码发送成功',
  registered: /*i18n*/ '注册成功',
  loggedIn: /*i18n*/ '登录成功',
  bound: /*i18n*/ '绑定成功',
  passwordReset: /*i18n*/ '密码重置成功',
  loggedOut: /*i18n*/ '退出成功',
} satisfies Record<string, Text>;

export const needLogin = () => new ApiError(401, CODES.needLogin, /*i18n*/ '请先登录');

export const sessionExpired = () => new ApiError(401, CODES.sessionExpired, /*i18n*/ '登录已失效，请重新登录');

export const wrongCredentials = () => new ApiError(400, CODES.wrongCredentials, /*i18n*/ '手机号或密码错误');

export const wrongCode = () => new ApiError(400, CODES.wrongCode, /*i18n*/ '验证码错误或已过期');

export const needCaptcha = () => new ApiError(400, CODES.needCaptcha, /*i18n*/ '请先完成安全验证');

export const phoneRegistered = () => new ApiError(400, CODES.phoneRegistered, /*i18n*/ '该手机号已注册，请直接登录');

export const captchaFailed = () => new ApiError(400, CODES.captchaFailed, /*i18n*/ '验证失败，请重试');

export const captchaExpired = () => new ApiError(400, CODES.captchaExpired, /*i18n*/ '验证已过期，请重新验证');

export const phoneInvalid = (field = 'phone') =>
  new ApiError(400, CODES.phoneInvalid, /*i18n*/ '手机号格式不正确', {}, { field });

export const passwordLength = (min: number, max: number) =>
  new ApiError(
    400,
    BAD_REQUEST,
    /*i18n*/ { id: '密码长度须为 {min} 到 {max} 个字符', values: { min, max } },
    {},
    { field: 'password' },
  );

export const passwordCommon = () =>
  new ApiError(400, CODES.passwordCommon, /*i18n*/ '该密码过于常见，请换一个', {}, { field: 'password' });

export const smsFailed = () => new ApiError(502, CODES.smsFailed, /*i18n*/ '手机验证码发送失败');

/** The account is banned (an operator's ban); answered only after its credentials were checked. */
export const accountBanned = () => new ApiError(403, CODES.accountBanned, /*i18n*/ '账号已被封禁');

/** "56 秒" / "56 seconds", "3 分钟" / "3 minutes", "2 小时" / "2 hours": the wait, rounded up. */
function describeWait(seconds: number): Message {
  if (seconds < 60) return /*i18n*/ { id: '{seconds, plural, other {# 秒}}', values: { seconds } };
  if (seconds < 3600) {
    return /*i18n*/ { id: '{minutes, plural, other {# 分钟}}', values: { minutes: Math.ceil(seconds / 60) } };
  }
  return /*i18n*/ { id: '{hours, plural, other {# 小时}}', values: { hours: Math.ceil(seconds / 3600) } };
}

/** HTTP 429 with `Retry-After` and a message saying how long to wait. */
export function tooMany(retryAfter: number, kind: 'generic' | 'login' = 'generic'): ApiError {
  const wait = describeWait(retryAfter);
  const text =
    kind === 'login'
      ? /*i18n*/ { id: '登录失败次数过多，请 {wait}后再试，或通过“忘记密码”重置密码', values: { wait } }
      : /*i18n*/ { id: '操作过于频繁，请 {wait}后再试', values: { wait } };
  return new ApiError(429, CODES.tooMany, text, { 'Retry-After': String(retryAfter) }, { retryAfter });
}

/**
 * HTTP 429 (40015) with `Retry-After`: the SMS budget of the phone's country (or of the whole site) is spent, or
 * nearly spent while the site has no third-party captcha to ask for (server/accounts/sms.ts).
 */
export function smsPaused(retryAfter: number): ApiError {
  const wait = describeWait(retryAfter);
  return new ApiError(
    429,
    CODES.smsPaused,
    /*i18n*/ { id: '发往该国家/地区的短信验证码已暂停，请 {wait}后再试，或使用其他方式登录', values: { wait } },
    { 'Retry-After': String(retryAfter) },
    { retryAfter },
  );
}

/**
 * An error a transaction returns instead of throwing, because what it wrote must be kept (a wrong code's try,
 * a spent captcha ticket): the caller commits, then throws `error`.
 */
export class Refusal {
  constructor(readonly error: ApiError) {}
}
