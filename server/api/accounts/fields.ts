/**
 * What the accounts calls add on the server to their contract (shared/contract/accounts.ts): the fields' names
 * (catalog messages) for validation messages, and the one rule a schema does not state.
 */
import type { z } from 'zod';
import type { loginBody } from '../../../shared/contract/accounts';
import { CODES } from '../../../shared/contract/codes';
import type { LoginInput } from '../../accounts/login';
import { ApiError, nameFields } from '../http';

nameFields({
  phone: /*i18n*/ '手机号',
  countryCode: /*i18n*/ '国家/地区',
  code: /*i18n*/ '验证码',
  password: /*i18n*/ '密码',
  nickname: /*i18n*/ '昵称',
  purpose: /*i18n*/ '验证码用途',
  ticket: /*i18n*/ '安全验证凭证',
  captchaId: /*i18n*/ '验证编号',
  x: /*i18n*/ '滑块位置',
  inviteCode: /*i18n*/ '邀请码',
  channelId: /*i18n*/ '渠道',
  clientId: /*i18n*/ '客户端',
  registeInfo: /*i18n*/ '来源信息',
  userName: /*i18n*/ '用户名',
});

/**
 * The credentials of a login body (and of the bind of /v2/wx/userlogin): exactly one of password and code; a
 * 400 (40000) naming the field otherwise.
 */
export function loginCredentials({ phone, countryCode, password, code }: z.infer<typeof loginBody>): LoginInput {
  if ((password === undefined) === (code === undefined)) {
    throw new ApiError(
      400,
      CODES.badRequest,
      /*i18n*/ '请填写密码或验证码（二选一）',
      {},
      { field: password === undefined ? 'password' : 'code' },
    );
  }
  return password !== undefined ? { phone, countryCode, password } : { phone, countryCode, code: code as string };
}
