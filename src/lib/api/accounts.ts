/**
 * The accounts calls of the API (docs/product.md#calls; the contract is shared/contract/accounts.ts, described in docs/api.md).
 * Each resolves with the envelope's `data` or rejects with an `ApiRequestError` (see ./client). The types are
 * the contract's, imported as types only: zod stays out of the browser bundle.
 */
import type * as Contract from '#shared/contract/accounts';
import { call } from './call';

export type {
  CaptchaConfig,
  CaptchaPuzzle,
  CaptchaTicket,
  CustomerInfo,
  LoginInput,
  RegisteInfo,
  RegisterInput,
  ResetPasswordInput,
  SendSmsCodeInput,
  SmsPurpose,
  SmsSent,
  UserBaseInfo,
  UserInfo,
} from '#shared/contract/accounts';

type Ops = typeof Contract.accountsOperations;

export const captchaConfig = () => call<Ops['captchaConfig']>('GET', '/v2/captcha/config');

export const captchaPuzzle = () => call<Ops['captchaPuzzle']>('POST', '/v2/captcha/puzzle', { data: {} });

export const captchaVerify = (input: Contract.VerifyCaptchaInput) =>
  call<Ops['captchaVerify']>('POST', '/v2/captcha/verify', { data: input });

export const sendSmsCode = (input: Contract.SendSmsCodeInput) =>
  call<Ops['sendSmsCode']>('POST', '/v2/sendSmsCode', { data: input });

/** Registers and logs in: pass the result to `signIn` (src/app/session.ts). */
export const register = (input: Contract.RegisterInput) =>
  call<Ops['register']>('POST', '/v2/web/register', { data: input });

/** Password or SMS-code login: pass the result to `signIn` (src/app/session.ts). */
export const login = (input: Contract.LoginInput) => call<Ops['login']>('POST', '/v2/web/userlogin', { data: input });

export const resetPassword = (input: Contract.ResetPasswordInput) =>
  call<Ops['resetPassword']>('POST', '/v2/web/modpsw', { data: input });

/** Revokes the token. The session machine calls it; UI code calls `signOut()` instead. */
export const logout = (input: Contract.LogoutInput) =>
  call<Ops['logout']>('POST', '/v2/web/userlogout', { data: input });

export const userBaseInfo = () => call<Ops['userBaseInfo']>('GET', '/v2/dm_user_base_info');

export const customerInfo = () => call<Ops['customerInfo']>('GET', '/v4/v1/damiUser/getUserInfo');
