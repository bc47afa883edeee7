/**
 * The WeChat QR login calls (spec §7 "/v2/wx/*"; the contract is docs/api.md). Each resolves with the
 * envelope's `data` or rejects with an `ApiRequestError` (see ./client): 404 / 40020 for an unknown ticket,
 * 410 / 40023 for an expired or used one, 429 with `retryAfter` when polling or creating too often.
 */
import type { QrCode, QrStatus, WxLoginForm } from '#machines/scan-login/scan-login.selectors';
import type { UserInfo } from './accounts';
import { request } from './client';

/**
 * The body of `POST /v2/wx/userlogin`: the ticket of a bound code alone, or with the bind or register form.
 * The answers' and the forms' types are the machine's (machines/scan-login/scan-login.selectors.ts).
 */
export type WxLoginInput = { ticket: string; action: 'login' } | ({ ticket: string } & WxLoginForm);

export const createLoginQrCode = () => request<QrCode>({ method: 'POST', url: '/v2/wx/create_login_qrcode', data: {} });

export const getQrStatus = (ticket: string) =>
  request<QrStatus>({ method: 'GET', url: '/v2/wx/get_qr_status', params: { ticket } });

/** Completes a bound ticket, binds it to an account or registers with it: pass the result to `signIn`. */
export const wxUserLogin = (input: WxLoginInput) =>
  request<UserInfo>({ method: 'POST', url: '/v2/wx/userlogin', data: input });
