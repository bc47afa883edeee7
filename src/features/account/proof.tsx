/**
 * The proof a sensitive change asks for: the current password, or an SMS code sent to the account's own phone
 * (the seller types the number the page shows masked; the server sends only to the account's number). An account
 * without a password (made by an SMS sign-in) has only the code.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { PasswordField } from '~/features/auth/fields';
import { FormPhoneField, SmsCodeField } from '~/features/auth/sms-code-field';
import { collectErrors, useForm } from '~/features/auth/use-form';
import { checkCode, checkPassword, checkPhone, validationMessages } from '~/features/auth/validation';
import type { ProofInput } from '~/lib/api/account';
import type { SmsPurpose } from '~/lib/api/accounts';
import * as styles from './account.css';

const FIELDS = ['password', 'phone', 'code'] as const;
type ProofField = (typeof FIELDS)[number];
export type ProofMode = 'password' | 'code';

export function useProof(hasPassword: boolean, accountCountry: number) {
  const [chosen, setMode] = useState<ProofMode>('password');
  const [countryCode, setCountryCode] = useState(accountCountry);
  const mode: ProofMode = hasPassword ? chosen : 'code';
  const form = useForm<ProofField>({ password: '', phone: '', code: '' }, FIELDS);
  const { values } = form;
  return {
    mode,
    setMode,
    form,
    countryCode,
    setCountryCode,
    /** Shows the missing or malformed fields; true when the proof may be sent. */
    check(): boolean {
      return form.showErrors(
        mode === 'password'
          ? collectErrors({ password: checkPassword(values.password) })
          : collectErrors({
              phone: checkPhone(values.phone, countryCode, validationMessages.phoneRequired),
              code: checkCode(values.code),
            }),
      );
    },
    body(): ProofInput {
      return mode === 'password' ? { password: values.password } : { code: values.code.trim() };
    },
    reset() {
      form.setValue('password', '');
      form.setValue('code', '');
    },
  };
}

export type Proof = ReturnType<typeof useProof>;

/** The password field, or the own phone and its code, with the choice between them when both are possible. */
export function ProofFields({
  proof,
  purpose,
  hasPassword,
  maskedPhone,
  passwordLabel,
}: {
  proof: Proof;
  purpose: Extract<SmsPurpose, 'verify' | 'close'>;
  hasPassword: boolean;
  maskedPhone: string;
  passwordLabel?: string;
}) {
  const { t } = useLingui();
  const { form, mode } = proof;
  return (
    <>
      {hasPassword ? (
        <fieldset className={styles.proofModes}>
          <legend className={styles.muted}>
            <Trans>验证身份</Trans>
          </legend>
          <label className={styles.check}>
            <input
              type="radio"
              name={`proof-${purpose}`}
              checked={mode === 'password'}
              onChange={() => proof.setMode('password')}
            />
            <Trans>用当前密码验证</Trans>
          </label>
          <label className={styles.check}>
            <input
              type="radio"
              name={`proof-${purpose}`}
              checked={mode === 'code'}
              onChange={() => proof.setMode('code')}
            />
            <Trans>用短信验证码验证</Trans>
          </label>
        </fieldset>
      ) : null}
      {mode === 'password' ? (
        <PasswordField
          name="currentPassword"
          label={passwordLabel ?? t`当前密码`}
          autoComplete="current-password"
          value={form.values.password}
          onValue={(value) => form.setValue('password', value)}
          error={form.errors.password}
          inputRef={form.inputRef('password')}
        />
      ) : (
        <>
          <p className={styles.muted}>
            <Trans>验证码将发送到账号绑定的手机号 {maskedPhone}，请输入完整号码。</Trans>
          </p>
          <FormPhoneField form={form} countryCode={proof.countryCode} onCountry={proof.setCountryCode} />
          <SmsCodeField form={form} countryCode={proof.countryCode} purpose={purpose} />
        </>
      )}
    </>
  );
}
