/**
 * The two forms of a WeChat that is not bound to an account yet: bind it to an existing account (phone with
 * password, or phone with an SMS code of purpose `login`), or register a new account with it (phone, SMS code
 * of purpose `register`, password, nickname — the WeChat nickname to begin with — and the invite code and
 * attribution the register form sends). They check what they can before sending and give the machine a
 * `WxLoginForm`; the machine runs the call, and a failure it hands back (`error`) is shown the way the other
 * auth forms show theirs (next to its field, as the form's notice, or as a toast).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { WxLoginForm } from '#machines/scan-login/scan-login.selectors';
import { DEFAULT_COUNTRY } from '~/components/country-select/countries';
import { inviteCodeFromQuery, readAttribution } from '~/lib/attribution';
import { CHANNEL_IDS, CLIENT_ID } from '~/lib/brand';
import { usePortalEnv } from '~/lib/portal-env';
import { showFailure } from '../auth/api-errors';
import * as formStyles from '../auth/auth-form.css';
import { PasswordField, TextField } from '../auth/fields';
import { FormNotice, SubmitButton, useBusyLabels } from '../auth/form-parts';
import { FormPhoneField, SmsCodeField } from '../auth/sms-code-field';
import { collectErrors, useForm } from '../auth/use-form';
import {
  checkCode,
  checkInviteCode,
  checkNickname,
  checkPassword,
  checkPhone,
  NICKNAME_MAX,
  normalizePhone,
  validationMessages,
} from '../auth/validation';

export interface ScanFormProps {
  /** The machine is sending the form. */
  submitting: boolean;
  /** The last failure the machine handed back (an `ApiRequestError`), or null. */
  error: unknown;
  onSubmit: (form: WxLoginForm) => void;
}

const bindFailed = msg`绑定失败`;
const bindFailedWith = (reason: string) => msg`绑定失败：${reason}`;
const registerFailed = msg`注册失败`;
const registerFailedWith = (reason: string) => msg`注册失败：${reason}`;

type BindMode = 'password' | 'code';
const BIND_FIELDS = ['phone', 'password', 'code'] as const;
type BindField = (typeof BIND_FIELDS)[number];

export function BindForm({ submitting, error, onSubmit }: ScanFormProps) {
  const { i18n, t } = useLingui();
  const [mode, setMode] = useState<BindMode>('password');
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY);
  const form = useForm<BindField>({ phone: '', password: '', code: '' }, BIND_FIELDS);
  const { values, errors } = form;

  // A failure the machine hands back: shown once per error object.
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || error === shown.current) return;
    shown.current = error;
    showFailure(
      form,
      error,
      { phone: 'phone', password: 'password', code: 'code' },
      { i18n, failed: bindFailed, failedWith: bindFailedWith },
    );
  });

  const switchMode = (next: BindMode) => {
    setMode(next);
    form.showErrors({});
    form.setNotice(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    form.setNotice(null);
    const valid = form.showErrors(
      collectErrors({
        phone: checkPhone(values.phone, countryCode, validationMessages.phoneRequired),
        password: mode === 'password' ? checkPassword(values.password) : null,
        code: mode === 'code' ? checkCode(values.code) : null,
      }),
    );
    if (!valid) return;
    const phone = normalizePhone(values.phone);
    onSubmit(
      mode === 'password'
        ? { action: 'bind', phone, countryCode, password: values.password }
        : { action: 'bind', phone, countryCode, code: values.code.trim() },
    );
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label={t`绑定已有账号`}>
      <fieldset className={formStyles.modes}>
        <legend className={formStyles.modesLabel}>
          <Trans>验证方式</Trans>
        </legend>
        <button
          type="button"
          className={formStyles.mode}
          aria-pressed={mode === 'password'}
          onClick={() => switchMode('password')}
        >
          <Trans>使用密码</Trans>
        </button>
        <button
          type="button"
          className={formStyles.mode}
          aria-pressed={mode === 'code'}
          onClick={() => switchMode('code')}
        >
          <Trans>使用验证码</Trans>
        </button>
      </fieldset>

      <FormPhoneField form={form} countryCode={countryCode} onCountry={setCountryCode} />

      {mode === 'password' ? (
        <PasswordField
          name="password"
          label={t`账号密码`}
          placeholder={t`请输入账号密码`}
          autoComplete="current-password"
          value={values.password}
          onValue={(value) => form.setValue('password', value)}
          error={errors.password}
          inputRef={form.inputRef('password')}
        />
      ) : (
        <SmsCodeField form={form} countryCode={countryCode} purpose="login" />
      )}

      <FormNotice>{form.notice}</FormNotice>
      <SubmitButton busy={submitting} busyLabel={t`绑定中…`}>
        <Trans>绑定并登录</Trans>
      </SubmitButton>
    </form>
  );
}

const REGISTER_FIELDS = ['phone', 'code', 'nickname', 'password', 'inviteCode'] as const;
type RegisterField = (typeof REGISTER_FIELDS)[number];

export function WechatRegisterForm({
  submitting,
  error,
  onSubmit,
  nickname,
}: ScanFormProps & { nickname: string | null }) {
  const { i18n, t } = useLingui();
  const { brand } = usePortalEnv();
  const busyLabels = useBusyLabels();
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY);
  const form = useForm<RegisterField>(
    { phone: '', code: '', nickname: (nickname ?? '').slice(0, NICKNAME_MAX), password: '', inviteCode: '' },
    REGISTER_FIELDS,
  );
  const { values, errors, setValue } = form;

  // The invite code of the URL or of the cookie, as the register form fills it in.
  useEffect(() => {
    const inviteCode = inviteCodeFromQuery(window.location.search, brand) ?? readAttribution().inviteCode;
    if (inviteCode) setValue('inviteCode', inviteCode);
  }, [setValue, brand]);

  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || error === shown.current) return;
    shown.current = error;
    showFailure(
      form,
      error,
      { phone: 'phone', code: 'code', nickname: 'nickname', password: 'password', inviteCode: 'inviteCode' },
      { i18n, failed: registerFailed, failedWith: registerFailedWith },
    );
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    form.setNotice(null);
    const valid = form.showErrors(
      collectErrors({
        phone: checkPhone(values.phone, countryCode, validationMessages.phoneRequired),
        code: checkCode(values.code),
        nickname: checkNickname(values.nickname),
        password: checkPassword(values.password),
        inviteCode: checkInviteCode(values.inviteCode),
      }),
    );
    if (!valid) return;
    const { registeInfo } = readAttribution();
    const inviteCode = values.inviteCode.trim();
    onSubmit({
      action: 'register',
      phone: normalizePhone(values.phone),
      countryCode,
      code: values.code.trim(),
      password: values.password,
      nickname: values.nickname.trim(),
      ...(inviteCode ? { inviteCode } : {}),
      channelId: CHANNEL_IDS.web,
      clientId: CLIENT_ID,
      ...(registeInfo ? { registeInfo: registeInfo as Record<string, string> } : {}),
    });
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label={t`使用微信注册`}>
      <FormPhoneField form={form} countryCode={countryCode} onCountry={setCountryCode} />
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
            <Trans>邀请码</Trans> <span className={formStyles.optional}>{t`（选填）`}</span>
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
      <FormNotice>{form.notice}</FormNotice>
      <SubmitButton busy={submitting} busyLabel={busyLabels.register}>
        <Trans>注册并登录</Trans>
      </SubmitButton>
    </form>
  );
}
