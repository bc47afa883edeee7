/**
 * The business codes of the scan login (docs/api.md lists them with the accounts codes). 40014 (account banned)
 * and the success messages live in server/accounts/errors.ts, since the web login answers them too.
 */
import { CODES } from '../../shared/contract/codes';
import { ApiError } from '../api/http';

export const unknownTicket = () => new ApiError(404, CODES.unknownTicket, /*i18n*/ '二维码不存在或已失效');

export const ticketExpired = () => new ApiError(410, CODES.ticketExpired, /*i18n*/ '二维码已过期');

export const wrongState = () => new ApiError(409, CODES.wrongState, /*i18n*/ '二维码当前状态不支持该操作');

/** Why a bind failed for good (the ticket is then bind_failed). */
export type BindFailure = 'accountBound' | 'identityBound' | 'tooManyFailures';

const BIND_REASONS: Record<BindFailure, string> = {
  accountBound: /*i18n*/ '该账号已绑定其他微信',
  identityBound: /*i18n*/ '该微信已绑定其他账号',
  tooManyFailures: /*i18n*/ '失败次数过多',
};

export const bindFailed = (reason: BindFailure) =>
  new ApiError(
    409,
    CODES.bindFailed,
    /*i18n*/ { id: '绑定失败：{reason}', values: { reason: { id: BIND_REASONS[reason], values: {} } } },
    {},
    { reason },
  );

export const qrFailed = () => new ApiError(502, CODES.qrFailed, /*i18n*/ '二维码生成失败，请稍后再试');

export const unavailable = () => new ApiError(503, CODES.unavailable, /*i18n*/ '微信扫码登录暂不可用');
