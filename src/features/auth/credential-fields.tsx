/**
 * Phone with password, or phone with an SMS code (purpose `login`): the fields of the login form and of the
 * WeChat bind form (src/features/auth/scan-login), with the switch between the two ways. Each form passes the words
 * of its switch (login: 登录方式 / 密码登录 / 验证码登录; bind: 验证方式 / 使用密码 / 使用验证码) and keeps its
 * own submit button.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { LoginInput } from '~/lib/api/accounts';
import * as styles from './auth-form.css';
import { PasswordField } from './fields';
import { FormPhoneField, SmsCodeField } from './sms-code-field';
import { collectErrors, type useForm } from './use-form';
import { checkCode, checkPassword, checkPhone, normalizePhone, validationMessages } from './validation';

export type CredentialMode = 'password' | 'code';

export const CREDENTIAL_FIELDS = ['phone', 'password', 'code'] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];
type CredentialForm = ReturnType<typeof useForm<CredentialField>>;

/** The API's field names that `showFailure` maps to these fields. */
export const CREDENTIAL_API_FIELDS = { phone: 'phone', password: 'password', code: 'code' } as const;

/** The client checks of the fields `mode` shows. */
export function checkCredentials(values: CredentialForm['values'], countryCode: number, mode: CredentialMode) {
  return collectErrors({
    phone: checkPhone(values.phone, countryCode, validationMessages.phoneRequired),
    password: mode === 'password' ? checkPassword(values.password) : null,
    code: mode === 'code' ? checkCode(values.code) : null,
  });
}

/** What the checked fields send: the phone with its country and the password or the code. */
export function credentialsInput(
  values: CredentialForm['values'],
  countryCode: number,
  mode: CredentialMode,
): LoginInput {
  const phone = normalizePhone(values.phone);
  return mode === 'password'
    ? { phone, countryCode, password: values.password }
    : { phone, countryCode, code: values.code.trim() };
}

export function CredentialFields({
  form,
  mode,
  onMode,
  countryCode,
  onCountry,
  legend,
  passwordMode,
  codeMode,
  wayHref,
}: {
  form: CredentialForm;
  mode: CredentialMode;
  onMode: (mode: CredentialMode) => void;
  countryCode: number;
  onCountry: (countryCode: number) => void;
  /** The name of the switch and of its two buttons. */
  legend: ReactNode;
  passwordMode: ReactNode;
  codeMode: ReactNode;
  /** The address of each way, when the switch is made of links. */
  wayHref?: (mode: CredentialMode) => string;
}) {
  const { t } = useLingui();
  const { values, errors } = form;

  // Another way clears what the form said about the last one.
  const switchMode = (next: CredentialMode) => {
    onMode(next);
    form.showErrors({});
    form.setNotice(null);
  };

  return (
    <>
      <fieldset className={styles.modes}>
        <legend className={styles.modesLabel}>{legend}</legend>
        {(['password', 'code'] as const).map((way) =>
          // A link where the page has one for each way (the login: `?way=sms`, so it works without the script).
          wayHref ? (
            <a
              key={way}
              href={wayHref(way)}
              className={styles.mode}
              aria-current={mode === way ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault();
                switchMode(way);
              }}
            >
              {way === 'password' ? passwordMode : codeMode}
            </a>
          ) : (
            <button
              key={way}
              type="button"
              className={styles.mode}
              aria-pressed={mode === way}
              onClick={() => switchMode(way)}
            >
              {way === 'password' ? passwordMode : codeMode}
            </button>
          ),
        )}
      </fieldset>
      {/* Which way the form is sent with, for the server's answer to a form posted without the script. */}
      <input type="hidden" name="way" value={mode} />

      <FormPhoneField form={form} countryCode={countryCode} onCountry={onCountry} />

      <PasswordField
        name="password"
        label={t`账号密码`}
        placeholder={t`请输入账号密码`}
        autoComplete="current-password"
        value={values.password}
        onValue={(value) => form.setValue('password', value)}
        error={errors.password}
        inputRef={form.inputRef('password')}
        hidden={mode !== 'password'}
      />
      <SmsCodeField form={form} countryCode={countryCode} purpose="login" hidden={mode !== 'code'} />
    </>
  );
}
