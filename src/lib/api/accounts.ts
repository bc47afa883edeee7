/**
 * The accounts calls of the API (spec §7; the contract is docs/api.md). Each resolves with the envelope's
 * `data` or rejects with an `ApiRequestError` (see ./client).
 */
import { request } from './client';

/** What login and register return; stored as localStorage `userInfo` (spec §3). */
export interface UserInfo {
  userId: number;
  /** The display name (= nickname); the header shows it. */
  userName: string;
  nickname: string;
  /** Masked, e.g. `138****8000`. */
  phone: string;
  countryCode: number;
  tenantId: number;
  /** The token; the session moves it into the `Authorization` cookie. */
  Authorization: string;
}

/** Attribution parameters of spec §3 (what `registeInfo` holds). */
export interface RegisteInfo {
  urlCode?: string;
  e_keywordid?: string;
  searchEngineWord?: string;
  utm_term?: string;
  bd_vid?: string;
  qhclickid?: string;
}

export type SmsPurpose = 'register' | 'login' | 'reset';

export interface CaptchaConfig {
  provider: 'builtin' | 'remote';
  appId: string | null;
}

export interface CaptchaPuzzle {
  captchaId: string;
  /** data:image/png;base64 of the background with the gap, `width` x `height`. */
  image: string;
  /** data:image/png;base64 of the piece (`pieceSize` square). */
  piece: string;
  width: number;
  height: number;
  pieceSize: number;
  /** Top of the piece in image pixels. */
  pieceY: number;
  /** Seconds the puzzle stays valid. */
  expiresIn: number;
}

export interface CaptchaTicket {
  ticket: string;
  expiresIn: number;
}

export interface SmsSent {
  /** Seconds until another code may be sent (60). */
  resendIn: number;
  /** Seconds the code stays valid (300). */
  expiresIn: number;
}

export interface SendSmsCodeInput {
  phone: string;
  countryCode: number;
  purpose: SmsPurpose;
  ticket: string;
}

export interface RegisterInput {
  phone: string;
  countryCode: number;
  code: string;
  password: string;
  nickname: string;
  inviteCode?: string;
  channelId: 2 | 6 | 32;
  clientId: 'morestores';
  registeInfo?: RegisteInfo;
}

export type LoginInput =
  | { phone: string; countryCode: number; password: string }
  | { phone: string; countryCode: number; code: string };

export interface ResetPasswordInput {
  phone: string;
  countryCode: number;
  code: string;
  password: string;
}

export interface UserBaseInfo {
  userName: string;
  nickname: string;
  phone: string;
  countryCode: number;
  tenantId: number;
  createdAt: string;
}

export interface CustomerInfo {
  userId: number;
  userName: string;
  nickname: string;
  tenantId: number;
  channelId: number;
  clientId: string;
  inviteCode: string | null;
  /** ISO time: registration + 3 days. */
  trialEndsAt: string;
  registeInfo: RegisteInfo | null;
}

export const captchaConfig = () => request<CaptchaConfig>({ method: 'GET', url: '/v2/captcha/config' });

export const captchaPuzzle = () => request<CaptchaPuzzle>({ method: 'POST', url: '/v2/captcha/puzzle', data: {} });

export const captchaVerify = (input: { captchaId: string; x: number }) =>
  request<CaptchaTicket>({ method: 'POST', url: '/v2/captcha/verify', data: input });

export const sendSmsCode = (input: SendSmsCodeInput) =>
  request<SmsSent>({ method: 'POST', url: '/v2/sendSmsCode', data: input });

/** Registers and logs in: pass the result to `signIn` (src/app/session.ts). */
export const register = (input: RegisterInput) =>
  request<UserInfo>({ method: 'POST', url: '/v2/web/register', data: input });

/** Password or SMS-code login: pass the result to `signIn` (src/app/session.ts). */
export const login = (input: LoginInput) =>
  request<UserInfo>({ method: 'POST', url: '/v2/web/userlogin', data: input });

export const resetPassword = (input: ResetPasswordInput) =>
  request<undefined>({ method: 'POST', url: '/v2/web/modpsw', data: input });

/** Revokes the token. The session machine calls it; UI code calls `signOut()` instead. */
export const logout = (input: { userName: string }) =>
  request<undefined>({ method: 'POST', url: '/v2/web/userlogout', data: input });

export const userBaseInfo = () => request<UserBaseInfo>({ method: 'GET', url: '/v2/dm_user_base_info' });

export const customerInfo = () => request<CustomerInfo>({ method: 'GET', url: '/v4/v1/damiUser/getUserInfo' });
