/**
 * Password reset (docs/product.md#pages "/forget_password"): phone, SMS code (purpose `reset`) and the new password.
 * Success: the "Password reset succeeded" toast, then the login page in the same language. Every session of
 * the account ends on the server, so this browser's login is cleared too.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { localizePath } from '#shared/locale';
import { forceLogout, readStoredSession } from '~/app/session';
import { DEFAULT_COUNTRY } from '~/components/country-select/countries';
import { toast } from '~/components/toast/toast';
import { resetPassword } from '~/lib/api/accounts';
import { useLocale } from '~/lib/use-locale';
import { showFailure } from './api-errors';
import * as styles from './auth-form.css';
import { PasswordField } from './fields';
import { DefaultSubmit, FormNotice, SubmitButton, useBusyLabels } from './form-parts';
import { FormPhoneField, SmsCodeField } from './sms-code-field';
import { answeredCountry, collectErrors, useForm, useFormAnswer } from './use-form';
import { checkCode, checkPassword, checkPhone, normalizePhone, validationMessages } from './validation';

const FIELDS = ['phone', 'code', 'password'] as const;
type Field = (typeof FIELDS)[number];

const resetFailed = msg`密码重置失败`;
const resetFailedWith = (reason: string) => msg`密码重置失败：${reason}`;

export function ResetForm() {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const busyLabels = useBusyLabels();
  const answer = useFormAnswer('reset');
  const [countryCode, setCountryCode] = useState(answeredCountry(answer, DEFAULT_COUNTRY));
  const form = useForm<Field>({ phone: '', code: '', password: '' }, FIELDS, answer);
  const { values, errors, setValue } = form;
  // Off by default: a WeChat bound in the last 24 hours may be someone else's.
  const [keepWechat, setKeepWechat] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    form.setNotice(null);
    const valid = form.showErrors(
      collectErrors({
        phone: checkPhone(values.phone, countryCode, validationMessages.phoneRequired),
        code: checkCode(values.code),
        password: checkPassword(values.password, validationMessages.newPasswordRequired),
      }),
    );
    if (!valid) return;
    form.setBusy(true);
    try {
      await resetPassword({
        phone: normalizePhone(values.phone),
        countryCode,
        code: values.code.trim(),
        password: values.password,
        ...(keepWechat ? { keepWechat: true } : {}),
      });
      toast.success(t`密码重置成功`);
      // The server has ended every session of the account; one held in this browser ends too (it goes to login).
      if (readStoredSession().token) forceLogout();
      else await navigate({ to: localizePath('/login', locale) });
    } catch (error) {
      showFailure(
        form,
        error,
        { phone: 'phone', code: 'code', password: 'password' },
        { i18n, failed: resetFailed, failedWith: resetFailedWith },
      );
    }
  };

  return (
    // Posted to this page when the script has not run: the server answers (server/pages/form-posts.ts).
    <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label={t`找回密码`}>
      <DefaultSubmit />
      <input type="hidden" name="intent" value="reset" />
      <FormPhoneField form={form} countryCode={countryCode} onCountry={setCountryCode} />
      <SmsCodeField form={form} countryCode={countryCode} purpose="reset" />
      <PasswordField
        name="password"
        label={t`新密码`}
        placeholder={t`请输入新的账号密码`}
        autoComplete="new-password"
        hint={t`8 到 64 个字符`}
        value={values.password}
        onValue={(value) => setValue('password', value)}
        error={errors.password}
        inputRef={form.inputRef('password')}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          name="keepWechat"
          checked={keepWechat}
          onChange={(event) => setKeepWechat(event.target.checked)}
        />
        <span>
          <Trans>保留最近 24 小时内绑定的微信</Trans>
        </span>
      </label>
      <p className={styles.hint}>
        <Trans>不勾选时，重置密码会解除最近 24 小时内绑定到该账号的微信（可能是他人绑定的）。</Trans>
      </p>
      <FormNotice>{form.notice}</FormNotice>
      <SubmitButton busy={form.busy} busyLabel={busyLabels.reset}>
        <Trans>重置密码</Trans>
      </SubmitButton>
    </form>
  );
}
