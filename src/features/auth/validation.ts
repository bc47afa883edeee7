/**
 * Client-side checks of the auth forms, matching what the server accepts (docs/api.md): a phone is digits only
 * (China: 11 digits starting 13-19; elsewhere 4 to 15 digits — the server knows each country's range and
 * answers 40011 otherwise), a code is 6 digits, a password 8 to 64 characters, a nickname 1 to 32.
 * The messages of docs/product.md#validation are used as they are; the others say what the server would say.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const validationMessages = {
  /** The "get code" button with an empty phone field. */
  phoneEmpty: msg`手机号码不能为空`,
  /** A form sent with an empty phone field. */
  phoneRequired: msg`请输入手机号码`,
  phoneInvalid: msg`手机号格式不正确`,
  codeRequired: msg`请输入验证码`,
  codeInvalid: msg`验证码为 6 位数字`,
  passwordRequired: msg`请输入账号密码`,
  newPasswordRequired: msg`请输入新的账号密码`,
  passwordLength: msg`密码长度为 8 到 64 个字符`,
  nicknameRequired: msg`请输入您的昵称`,
  nicknameLength: msg`昵称最多 32 个字符`,
  inviteCodeInvalid: msg`邀请码只能包含字母、数字、下划线和短横线，最多 64 个字符`,
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const NICKNAME_MAX = 32;

/** What a visitor may type into a phone field: spaces and dashes are dropped. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s-]/g, '');
}

type Check = MessageDescriptor | null;

export function checkPhone(value: string, countryCode: number, empty: MessageDescriptor): Check {
  const phone = normalizePhone(value);
  if (!phone) return empty;
  if (!/^\d+$/.test(phone)) return validationMessages.phoneInvalid;
  if (countryCode === 1) return /^1[3-9]\d{9}$/.test(phone) ? null : validationMessages.phoneInvalid;
  return phone.length >= 4 && phone.length <= 15 ? null : validationMessages.phoneInvalid;
}

export function checkCode(value: string): Check {
  const code = value.trim();
  if (!code) return validationMessages.codeRequired;
  return /^\d{6}$/.test(code) ? null : validationMessages.codeInvalid;
}

export function checkPassword(value: string, required: MessageDescriptor = validationMessages.passwordRequired): Check {
  if (!value) return required;
  return value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX ? null : validationMessages.passwordLength;
}

export function checkNickname(value: string): Check {
  const nickname = value.trim();
  if (!nickname) return validationMessages.nicknameRequired;
  return nickname.length <= NICKNAME_MAX ? null : validationMessages.nicknameLength;
}

export function checkInviteCode(value: string): Check {
  const code = value.trim();
  return !code || /^[\w-]{1,64}$/.test(code) ? null : validationMessages.inviteCodeInvalid;
}
