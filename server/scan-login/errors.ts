/**
 * The business codes of the scan login (docs/api.md lists them with the accounts codes). 40014 (account banned)
 * and the success messages live in server/accounts/errors.ts, since the web login answers them too.
 */
import { CODES } from '../../shared/contract/codes';
import { ApiError, type Text } from '../api/http';

export const unknownTicket = () =>
  new ApiError(404, CODES.unknownTicket, {
    zh: '二维码不存在或已失效',
    en: 'This QR code does not exist or is no longer valid',
  });

export const ticketExpired = () =>
  new ApiError(410, CODES.ticketExpired, { zh: '二维码已过期', en: 'QR code has expired' });

export const wrongState = () =>
  new ApiError(409, CODES.wrongState, {
    zh: '二维码当前状态不支持该操作',
    en: 'The QR code is not in a state that allows this',
  });

/** Why a bind failed for good (the ticket is then bind_failed). */
export type BindFailure = 'accountBound' | 'identityBound' | 'tooManyFailures';

const BIND_REASONS: Record<BindFailure, Text> = {
  accountBound: { zh: '该账号已绑定其他微信', en: 'This account is already bound to another WeChat' },
  identityBound: { zh: '该微信已绑定其他账号', en: 'This WeChat is already bound to another account' },
  tooManyFailures: { zh: '失败次数过多', en: 'Too many failed attempts' },
};

export const bindFailed = (reason: BindFailure) =>
  new ApiError(
    409,
    CODES.bindFailed,
    { zh: `绑定失败：${BIND_REASONS[reason].zh}`, en: `Bind failed: ${BIND_REASONS[reason].en}` },
    {},
    { reason },
  );

export const qrFailed = () =>
  new ApiError(502, CODES.qrFailed, {
    zh: '二维码生成失败，请稍后再试',
    en: 'Could not create the QR code, please try again later',
  });

export const unavailable = () =>
  new ApiError(503, CODES.unavailable, {
    zh: '微信扫码登录暂不可用',
    en: 'WeChat QR login is not available on this server',
  });
