/**
 * The WeChat QR login calls (spec §7 "/v2/wx/*"; the contract is docs/api.md). Each resolves with the
 * envelope's `data` or rejects with an `ApiRequestError` (see ./client): 404 / 40020 for an unknown ticket,
 * 410 / 40023 for an expired or used one, 429 with `retryAfter` when polling or creating too often.
 */
import type { RegisteInfo, UserInfo } from './accounts';
import { request } from './client';

/** A new login QR code: `ticket` is the browser's secret for polling, `qrcode` the image (a data: URL). */
export interface LoginQrCode {
  ticket: string;
  /** `data:image/png;base64,...` of `qrUrl`. */
  qrcode: string;
  /** What the code encodes (the simulator's page when `simulator` is true). */
  qrUrl: string;
  /** Seconds the code stays valid. */
  expiresIn: number;
  /** Seconds between two status polls. */
  pollInterval: number;
  /** The built-in phone simulator answers this code (no real WeChat involved). */
  simulator: boolean;
}

export type LoginQrStatus =
  | { status: 'waiting' | 'scanned'; expiresIn: number }
  | { status: 'bound'; userInfo: UserInfo }
  | { status: 'unbound'; expiresIn: number; identity: { nickname: string | null } }
  | { status: 'expired' | 'banned' | 'bind_failed' };

export type WxLoginInput =
  | { ticket: string; action: 'login' }
  | { ticket: string; action: 'bind'; phone: string; countryCode: number; password: string }
  | { ticket: string; action: 'bind'; phone: string; countryCode: number; code: string }
  | {
      ticket: string;
      action: 'register';
      phone: string;
      countryCode: number;
      code: string;
      password: string;
      nickname: string;
      inviteCode?: string;
      channelId: 2 | 6 | 32;
      clientId: 'morestores';
      registeInfo?: RegisteInfo | Record<string, string>;
    };

export const createLoginQrCode = () =>
  request<LoginQrCode>({ method: 'POST', url: '/v2/wx/create_login_qrcode', data: {} });

export const getQrStatus = (ticket: string) =>
  request<LoginQrStatus>({ method: 'GET', url: '/v2/wx/get_qr_status', params: { ticket } });

/** Completes a bound ticket, binds it to an account or registers with it: pass the result to `signIn`. */
export const wxUserLogin = (input: WxLoginInput) =>
  request<UserInfo>({ method: 'POST', url: '/v2/wx/userlogin', data: input });
