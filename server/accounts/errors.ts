/**
 * The business codes and messages of the accounts calls (docs/api.md lists them). Each error is an `ApiError`
 * built here, so a code always travels with the same HTTP status and the same words.
 */
import { CODES } from '../../shared/contract/codes';
import { ApiError, BAD_REQUEST, type Text } from '../api/http';

export { CODES };

export const SUCCESS = {
  smsSent: { zh: '验证码发送成功', en: 'Verification code sent' },
  registered: { zh: '注册成功', en: 'Register success' },
  loggedIn: { zh: '登录成功', en: 'Login success' },
  bound: { zh: '绑定成功', en: 'Bind success' },
  passwordReset: { zh: '密码重置成功', en: 'Password reset succeeded' },
  loggedOut: { zh: '退出成功', en: 'Logged out' },
} satisfies Record<string, Text>;

export const needLogin = () => new ApiError(401, CODES.needLogin, { zh: '请先登录', en: 'Please log in' });

export const sessionExpired = () =>
  new ApiError(401, CODES.sessionExpired, {
    zh: '登录已失效，请重新登录',
    en: 'Your session has expired, please log in again',
  });

export const wrongCredentials = () =>
  new ApiError(400, CODES.wrongCredentials, { zh: '手机号或密码错误', en: 'Wrong phone number or password' });

export const wrongCode = () =>
  new ApiError(400, CODES.wrongCode, {
    zh: '验证码错误或已过期',
    en: 'The verification code is wrong or has expired',
  });

export const needCaptcha = () =>
  new ApiError(400, CODES.needCaptcha, { zh: '请先完成安全验证', en: 'Please complete the security check first' });

export const phoneRegistered = () =>
  new ApiError(400, CODES.phoneRegistered, {
    zh: '该手机号已注册，请直接登录',
    en: 'This phone number is already registered. Please log in',
  });

export const captchaFailed = () =>
  new ApiError(400, CODES.captchaFailed, { zh: '验证失败，请重试', en: 'Verification failed, please try again' });

export const captchaExpired = () =>
  new ApiError(400, CODES.captchaExpired, {
    zh: '验证已过期，请重新验证',
    en: 'The check has expired, please try again',
  });

export const phoneInvalid = (field = 'phone') =>
  new ApiError(
    400,
    CODES.phoneInvalid,
    { zh: '手机号格式不正确', en: 'The phone number is not valid for the selected country' },
    {},
    { field },
  );

export const passwordLength = (min: number, max: number) =>
  new ApiError(
    400,
    BAD_REQUEST,
    {
      zh: `密码长度须为 ${min} 到 ${max} 个字符`,
      en: `The password must be ${min} to ${max} characters long`,
    },
    {},
    { field: 'password' },
  );

export const passwordCommon = () =>
  new ApiError(
    400,
    CODES.passwordCommon,
    { zh: '该密码过于常见，请换一个', en: 'This password is too common, choose another one' },
    {},
    { field: 'password' },
  );

export const smsFailed = () =>
  new ApiError(502, CODES.smsFailed, {
    zh: '手机验证码发送失败',
    en: 'Failed to send the mobile phone verification code',
  });

/** The account is banned (an operator's ban); answered only after its credentials were checked. */
export const accountBanned = () =>
  new ApiError(403, CODES.accountBanned, { zh: '账号已被封禁', en: 'Account is banned' });

/** "56 秒" / "56 seconds", "3 分钟" / "3 minutes", "2 小时" / "2 hours": the wait, rounded up. */
function describeWait(seconds: number): Text {
  if (seconds < 60) return { zh: `${seconds} 秒`, en: `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` };
  if (seconds < 3600) {
    const minutes = Math.ceil(seconds / 60);
    return { zh: `${minutes} 分钟`, en: `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` };
  }
  const hours = Math.ceil(seconds / 3600);
  return { zh: `${hours} 小时`, en: `${hours} ${hours === 1 ? 'hour' : 'hours'}` };
}

/** HTTP 429 with `Retry-After` and a message saying how long to wait. */
export function tooMany(retryAfter: number, kind: 'generic' | 'login' = 'generic'): ApiError {
  const wait = describeWait(retryAfter);
  const text =
    kind === 'login'
      ? {
          zh: `登录失败次数过多，请 ${wait.zh}后再试，或通过“忘记密码”重置密码`,
          en: `Too many failed logins. Try again in ${wait.en}, or reset your password.`,
        }
      : { zh: `操作过于频繁，请 ${wait.zh}后再试`, en: `Too many attempts. Try again in ${wait.en}.` };
  return new ApiError(429, CODES.tooMany, text, { 'Retry-After': String(retryAfter) }, { retryAfter });
}

/**
 * An error a transaction returns instead of throwing, because what it wrote must be kept (a wrong code's try,
 * a spent captcha ticket): the caller commits, then throws `error`.
 */
export class Refusal {
  constructor(readonly error: ApiError) {}
}
