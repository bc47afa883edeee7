/**
 * What the accounts calls add on the server to their contract (shared/contract/accounts.ts): the fields' names
 * in both languages for validation messages, and the one rule a schema does not state.
 */
import type { z } from 'zod';
import type { loginBody } from '../../../shared/contract/accounts';
import { CODES } from '../../../shared/contract/codes';
import type { LoginInput } from '../../accounts/login';
import { ApiError, nameFields } from '../http';

nameFields({
  phone: { zh: '手机号', en: 'phone number' },
  countryCode: { zh: '国家/地区', en: 'country' },
  code: { zh: '验证码', en: 'verification code' },
  password: { zh: '密码', en: 'password' },
  nickname: { zh: '昵称', en: 'nickname' },
  purpose: { zh: '验证码用途', en: 'purpose' },
  ticket: { zh: '安全验证凭证', en: 'captcha ticket' },
  captchaId: { zh: '验证编号', en: 'captcha id' },
  x: { zh: '滑块位置', en: 'slider position' },
  inviteCode: { zh: '邀请码', en: 'invite code' },
  channelId: { zh: '渠道', en: 'channel id' },
  clientId: { zh: '客户端', en: 'client id' },
  registeInfo: { zh: '来源信息', en: 'attribution' },
  userName: { zh: '用户名', en: 'user name' },
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
      { zh: '请填写密码或验证码（二选一）', en: 'Send either a password or a verification code' },
      {},
      { field: password === undefined ? 'password' : 'code' },
    );
  }
  return password !== undefined ? { phone, countryCode, password } : { phone, countryCode, code: code as string };
}
