/**
 * Phone, SMS code (purpose `register`), nickname, password and the invite code (pre-filled from the URL or the
 * `inviteCode` cookie, editable): the fields of the register form and of the WeChat register form
 * (src/features/auth/scan-login), with their checks and what they send (the web channel, the client id and the
 * captured `registeInfo` go with them). Each form keeps its own submit button.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { CHANNEL_IDS, CLIENT_ID } from '#shared/brand';
import type { RegisterInput } from '~/lib/api/accounts';
import { inviteCodeFromQuery, readAttribution } from '~/lib/attribution';
import { usePortalEnv } from '~/lib/portal-env';
import * as styles from './auth-form.css';
import { PasswordField, TextField } from './fields';
import { FormPhoneField, SmsCodeField } from './sms-code-field';
import { collectErrors, type useForm } from './use-form';
import {
  checkCode,
  checkInviteCode,
  checkNickname,
  checkPassword,
  checkPhone,
  NICKNAME_MAX,
  normalizePhone,
  validationMessages,
} from './validation';

export const REGISTER_FIELDS = ['phone', 'code', 'nickname', 'password', 'inviteCode'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
type RegisterForm = ReturnType<typeof useForm<RegisterField>>;

/** The API's field names that `showFailure` maps to these fields. */
export const REGISTER_API_FIELDS = {
  phone: 'phone',
  code: 'code',
  nickname: 'nickname',
  password: 'password',
  inviteCode: 'inviteCode',
} as const;

/**
 * Fills in the invite code of the URL (the layout stores it in the cookie, but its effect runs after this one)
 * or of the cookie; only the browser knows either, so it is filled in after hydration.
 */
export function useInviteCodePrefill(setValue: RegisterForm['setValue']) {
  const { brand } = usePortalEnv();
  useEffect(() => {
    const inviteCode = inviteCodeFromQuery(window.location.search, brand) ?? readAttribution().inviteCode;
    if (inviteCode) setValue('inviteCode', inviteCode);
  }, [setValue, brand]);
}

export function checkRegisterFields(values: RegisterForm['values'], countryCode: number) {
  return collectErrors({
    phone: checkPhone(values.phone, countryCode, validationMessages.phoneRequired),
    code: checkCode(values.code),
    nickname: checkNickname(values.nickname),
    password: checkPassword(values.password),
    inviteCode: checkInviteCode(values.inviteCode),
  });
}

/** What the checked fields send, with the channel, the client and the attribution of this browser. */
export function registerInput(values: RegisterForm['values'], countryCode: number): RegisterInput {
  const { registeInfo } = readAttribution();
  const inviteCode = values.inviteCode.trim();
  return {
    phone: normalizePhone(values.phone),
    countryCode,
    code: values.code.trim(),
    password: values.password,
    nickname: values.nickname.trim(),
    ...(inviteCode ? { inviteCode } : {}),
    channelId: CHANNEL_IDS.web,
    clientId: CLIENT_ID,
    ...(registeInfo ? { registeInfo } : {}),
  };
}

export function RegisterFields({
  form,
  countryCode,
  onCountry,
}: {
  form: RegisterForm;
  countryCode: number;
  onCountry: (countryCode: number) => void;
}) {
  const { t } = useLingui();
  const { values, errors, setValue } = form;
  return (
    <>
      <FormPhoneField form={form} countryCode={countryCode} onCountry={onCountry} />
      <SmsCodeField form={form} countryCode={countryCode} purpose="register" />
      <TextField
        name="nickname"
        label={t`昵称`}
        placeholder={t`请输入您的昵称`}
        autoComplete="nickname"
        maxLength={NICKNAME_MAX + 8}
        value={values.nickname}
        onValue={(value) => setValue('nickname', value)}
        error={errors.nickname}
        inputRef={form.inputRef('nickname')}
      />
      <PasswordField
        name="password"
        label={t`设置密码`}
        placeholder={t`请输入账号密码`}
        autoComplete="new-password"
        hint={t`8 到 64 个字符`}
        value={values.password}
        onValue={(value) => setValue('password', value)}
        error={errors.password}
        inputRef={form.inputRef('password')}
      />
      <TextField
        name="inviteCode"
        label={
          <>
            <Trans>邀请码</Trans> <span className={styles.optional}>{t`（选填）`}</span>
          </>
        }
        placeholder={t`请输入邀请码`}
        autoComplete="off"
        maxLength={64}
        value={values.inviteCode}
        onValue={(value) => setValue('inviteCode', value)}
        error={errors.inviteCode}
        inputRef={form.inputRef('inviteCode')}
      />
    </>
  );
}
