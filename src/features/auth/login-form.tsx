/**
 * Account login (spec §2 "/login"): phone and password, or phone and an SMS code (purpose `login`). Success:
 * the "Login success" toast, the session is stored, then the workbench (or a same-site `redirect`) loads.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { DEFAULT_COUNTRY } from '~/components/country-select/countries';
import { login } from '~/lib/api/accounts';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import { showFailure } from './api-errors';
import * as styles from './auth-form.css';
import { completeSignIn } from './complete';
import { PasswordField } from './fields';
import { FormNotice, SubmitButton, useBusyLabels } from './form-parts';
import { safeRedirect, workbenchFor } from './navigation';
import { FormPhoneField, SmsCodeField } from './sms-code-field';
import { collectErrors, useForm } from './use-form';
import { checkCode, checkPassword, checkPhone, normalizePhone, validationMessages } from './validation';

export type LoginMode = 'password' | 'code';

const FIELDS = ['phone', 'password', 'code'] as const;
type Field = (typeof FIELDS)[number];

const loginFailed = msg`登录失败`;
const loginFailedWith = (reason: string) => msg`登录失败：${reason}`;

export function LoginForm({ redirect }: { redirect?: unknown }) {
  const { i18n, t } = useLingui();
  const { workbenchUrl, isMobile } = usePortalEnv();
  const busyLabels = useBusyLabels();
  const locale = useLocale();
  const [mode, setMode] = useState<LoginMode>('password');
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY);
  const form = useForm<Field>({ phone: '', password: '', code: '' }, FIELDS);
  const { values, errors } = form;

  const switchMode = (next: LoginMode) => {
    setMode(next);
    form.showErrors({});
    form.setNotice(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
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
    form.setBusy(true);
    try {
      const userInfo = await login(
        mode === 'password'
          ? { phone, countryCode, password: values.password }
          : { phone, countryCode, code: values.code.trim() },
      );
      const target =
        safeRedirect(redirect, { origin: window.location.origin, workbenchUrl, isMobile }) ??
        workbenchFor(workbenchUrl, locale);
      await completeSignIn(userInfo, t`登录成功`, target);
      // The page is being replaced; the button stays busy until it is.
    } catch (error) {
      showFailure(
        form,
        error,
        { phone: 'phone', password: 'password', code: 'code' },
        { i18n, failed: loginFailed, failedWith: loginFailedWith },
      );
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t`账号登录`}>
      <fieldset className={styles.modes}>
        <legend className={styles.modesLabel}>
          <Trans>登录方式</Trans>
        </legend>
        <button
          type="button"
          className={styles.mode}
          aria-pressed={mode === 'password'}
          onClick={() => switchMode('password')}
        >
          <Trans>密码登录</Trans>
        </button>
        <button type="button" className={styles.mode} aria-pressed={mode === 'code'} onClick={() => switchMode('code')}>
          <Trans>验证码登录</Trans>
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
      <SubmitButton busy={form.busy} busyLabel={busyLabels.login}>
        <Trans>登录</Trans>
      </SubmitButton>
    </form>
  );
}
