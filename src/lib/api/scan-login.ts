/**
 * The WeChat QR login calls (docs/product.md#calls "/v2/wx/*"; the contract is shared/contract/scan-login.ts). Each resolves with the
 * envelope's `data` or rejects with an `ApiRequestError` (see ./client): 404 / 40020 for an unknown ticket,
 * 410 / 40023 for an expired or used one, 429 with `retryAfter` when polling or creating too often.
 */

import type * as Contract from '#shared/contract/scan-login';
import { call } from './call';

export type { WxLoginInput } from '#shared/contract/scan-login';

type Ops = typeof Contract.scanLoginOperations;

export const createLoginQrCode = () => call<Ops['createQrCode']>('POST', '/v2/wx/create_login_qrcode', { data: {} });

export const getQrStatus = (ticket: string) =>
  call<Ops['qrStatus']>('GET', '/v2/wx/get_qr_status', { params: { ticket } });

/** Completes a bound ticket, binds it to an account or registers with it: pass the result to `signIn`. */
export const wxUserLogin = (input: Contract.WxLoginInput) =>
  call<Ops['wxLogin']>('POST', '/v2/wx/userlogin', { data: input });
