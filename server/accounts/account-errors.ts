/**
 * The account calls' own business codes (docs/api.md), built here so a code always has the same status and words
 * (catalog messages). The calls also answer the accounts codes of errors.ts (401, 40002, 40003, 40004, 429...).
 */
import type { ClosureState } from '../../shared/contract/account';
import { CODES } from '../../shared/contract/codes';
import { ApiError, BAD_REQUEST } from '../api/http';

export const ACCOUNT_SUCCESS = {
  profileSaved: /*i18n*/ '昵称已保存',
  passwordChanged: /*i18n*/ '密码已修改，其他设备已退出登录',
  phoneChanged: /*i18n*/ '手机号已更换',
  sessionsRevoked: /*i18n*/ '已退出所选设备',
  unbound: /*i18n*/ '已解除微信绑定',
  closed: /*i18n*/ '账号已注销，15 天内登录可撤销注销',
  closureCancelled: /*i18n*/ '已撤销注销，账号恢复正常',
} as const;

/**
 * A sign-in of a closing account (HTTP 403): the data is a session restricted to GET /v2/account and
 * POST /v2/account/close/cancel, with the closure's dates.
 */
export const accountClosing = (data?: Record<string, unknown> & { closure: ClosureState }) =>
  new ApiError(403, CODES.accountClosing, /*i18n*/ '该账号已申请注销，冷静期内可撤销注销', {}, data);

export const phoneTaken = () =>
  new ApiError(400, CODES.phoneTaken, /*i18n*/ '该手机号已被其他账号使用', {}, { field: 'phone' });

export const sessionNotFound = () => new ApiError(404, CODES.sessionNotFound, /*i18n*/ '该设备已退出登录或不存在');

export const wechatNotBound = () => new ApiError(409, CODES.wechatNotBound, /*i18n*/ '账号未绑定微信');

export const wechatAlreadyBound = () =>
  new ApiError(409, CODES.wechatAlreadyBound, /*i18n*/ '账号已绑定微信，请先解除绑定');

export const notClosing = () => new ApiError(409, CODES.notClosing, /*i18n*/ '账号没有待处理的注销申请');

/** 40000: the proof of a change is missing, or both a password and a code were given. */
export const proofMissing = (field: string) =>
  new ApiError(400, BAD_REQUEST, /*i18n*/ '请填写当前密码或短信验证码（二选一）', {}, { field });

/** 40000: an account with a password changes it with the current one, not with a code. */
export const oldPasswordNeeded = () =>
  new ApiError(400, BAD_REQUEST, /*i18n*/ '请填写当前密码', {}, { field: 'oldPassword' });

/** 40000: the new phone is the account's own. */
export const samePhone = () =>
  new ApiError(400, BAD_REQUEST, /*i18n*/ '新手机号与当前手机号相同', {}, { field: 'phone' });
