/**
 * The two forms of a WeChat that is not bound to an account yet: bind it to an existing account (phone with an
 * SMS code of purpose `login`; no password, see BindForm), or register a new account with it (phone, SMS code
 * of purpose `register`, password, nickname — the WeChat nickname to begin with — and the invite code and
 * attribution the register form sends). They check what they can before sending and give the machine a
 * `WxLoginForm`; the machine runs the call, and a failure it hands back (`error`) is shown the way the other
 * auth forms show theirs (next to its field, as the form's notice, or as a toast).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { WxLoginForm } from '#machines/scan-login/scan-login.selectors';
import { DEFAULT_COUNTRY } from '~/components/country-select/countries';
import { type FailureForm, showFailure } from '../api-errors';
import * as formStyles from '../auth-form.css';
import { FormNotice, SubmitButton, useBusyLabels } from '../form-parts';
import {
  checkRegisterFields,
  REGISTER_API_FIELDS,
  REGISTER_FIELDS,
  type RegisterField,
  RegisterFields,
  registerInput,
  useInviteCodePrefill,
} from '../register-fields';
import { FormPhoneField, SmsCodeField } from '../sms-code-field';
import { collectErrors, useForm } from '../use-form';
import { checkCode, checkPhone, NICKNAME_MAX, normalizePhone, validationMessages } from '../validation';

export interface ScanFormProps {
  /** The machine is sending the form. */
  submitting: boolean;
  /** The last failure the machine handed back (an `ApiRequestError`), or null. */
  error: unknown;
  onSubmit: (form: WxLoginForm) => void;
}

const BIND_FIELDS = ['phone', 'code'] as const;
type BindField = (typeof BIND_FIELDS)[number];
const BIND_API_FIELDS = { phone: 'phone', code: 'code' } as const;

const bindFailed = msg`绑定失败`;
const bindFailedWith = (reason: string) => msg`绑定失败：${reason}`;
const registerFailed = msg`注册失败`;
const registerFailedWith = (reason: string) => msg`注册失败：${reason}`;

/** A failure the machine hands back: shown once per error object, the way the auth forms show theirs. */
function useHandedBackFailure<F extends string>(
  form: FailureForm<F>,
  error: unknown,
  fields: Partial<Record<string, F>>,
  texts: { i18n: I18n; failed: MessageDescriptor; failedWith: (reason: string) => MessageDescriptor },
) {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || error === shown.current) return;
    shown.current = error;
    showFailure(form, error, fields, texts);
  });
}

/**
 * Bind: the phone and an SMS code sent to it (purpose `login`). No password: the WeChat that scanned may be
 * someone else's (a code seen over the seller's shoulder), and only a code to the account's phone shows the
 * account's owner is the one binding it; the account gets an SMS notice of the binding.
 */
export function BindForm({ submitting, error, onSubmit }: ScanFormProps) {
  const { i18n, t } = useLingui();
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY);
  const form = useForm<BindField>({ phone: '', code: '' }, BIND_FIELDS);
  const { values } = form;
  useHandedBackFailure(form, error, BIND_API_FIELDS, { i18n, failed: bindFailed, failedWith: bindFailedWith });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    form.setNotice(null);
    const problems = collectErrors({
      phone: checkPhone(values.phone, countryCode, validationMessages.phoneRequired),
      code: checkCode(values.code),
    });
    if (!form.showErrors(problems)) return;
    onSubmit({ action: 'bind', phone: normalizePhone(values.phone), countryCode, code: values.code.trim() });
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label={t`绑定已有账号`}>
      <p className={formStyles.hint}>
        <Trans>验证码将发送到该账号的手机，绑定后该手机会收到一条通知短信。</Trans>
      </p>
      <FormPhoneField form={form} countryCode={countryCode} onCountry={setCountryCode} />
      <SmsCodeField form={form} countryCode={countryCode} purpose="login" />

      <FormNotice>{form.notice}</FormNotice>
      <SubmitButton busy={submitting} busyLabel={t`绑定中…`}>
        <Trans>绑定并登录</Trans>
      </SubmitButton>
    </form>
  );
}

export function WechatRegisterForm({
  submitting,
  error,
  onSubmit,
  nickname,
}: ScanFormProps & { nickname: string | null }) {
  const { i18n, t } = useLingui();
  const busyLabels = useBusyLabels();
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY);
  const form = useForm<RegisterField>(
    { phone: '', code: '', nickname: (nickname ?? '').slice(0, NICKNAME_MAX), password: '', inviteCode: '' },
    REGISTER_FIELDS,
  );
  const { values } = form;
  useInviteCodePrefill(form.setValue);
  useHandedBackFailure(form, error, REGISTER_API_FIELDS, {
    i18n,
    failed: registerFailed,
    failedWith: registerFailedWith,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    form.setNotice(null);
    if (!form.showErrors(checkRegisterFields(values, countryCode))) return;
    const { registeInfo, ...input } = registerInput(values, countryCode);
    onSubmit({
      action: 'register',
      ...input,
      ...(registeInfo ? { registeInfo: registeInfo as Record<string, string> } : {}),
    });
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label={t`使用微信注册`}>
      <RegisterFields form={form} countryCode={countryCode} onCountry={setCountryCode} />
      <FormNotice>{form.notice}</FormNotice>
      <SubmitButton busy={submitting} busyLabel={busyLabels.register}>
        <Trans>注册并登录</Trans>
      </SubmitButton>
    </form>
  );
}
