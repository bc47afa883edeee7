/**
 * Registration for the free trial (spec §2 "/register", §3 attribution): phone, SMS code (purpose `register`),
 * nickname, password and the invite code (pre-filled from the `inviteCode` cookie, editable). It sends the
 * web channel (2), the client id and the captured `registeInfo`. Success: the "Register success" toast, the
 * session is stored, then the workbench loads.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { DEFAULT_COUNTRY } from '~/components/country-select/countries';
import { type RegisterInput, register } from '~/lib/api/accounts';
import { inviteCodeFromQuery, readAttribution } from '~/lib/attribution';
import { CHANNEL_IDS, CLIENT_ID } from '~/lib/brand';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import { showFailure } from './api-errors';
import * as styles from './auth-form.css';
import { completeSignIn } from './complete';
import { PasswordField, TextField } from './fields';
import { AgreementNotice, FormNotice, SubmitButton, useBusyLabels } from './form-parts';
import { workbenchFor } from './navigation';
import { FormPhoneField, SmsCodeField } from './sms-code-field';
import { collectErrors, useForm } from './use-form';
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

const FIELDS = ['phone', 'code', 'nickname', 'password', 'inviteCode'] as const;
type Field = (typeof FIELDS)[number];

const registerFailed = msg`注册失败`;
const registerFailedWith = (reason: string) => msg`注册失败：${reason}`;

export function RegisterForm({ showAgreement = true }: { showAgreement?: boolean }) {
  const { i18n, t } = useLingui();
  const { workbenchUrl, brand } = usePortalEnv();
  const busyLabels = useBusyLabels();
  const locale = useLocale();
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY);
  const form = useForm<Field>({ phone: '', code: '', nickname: '', password: '', inviteCode: '' }, FIELDS);
  const { values, errors, setValue } = form;

  // The invite code of the URL (the layout stores it in the cookie, but its effect runs after this one) or of
  // the cookie; only the browser knows either, so it is filled in after hydration.
  useEffect(() => {
    const inviteCode = inviteCodeFromQuery(window.location.search, brand) ?? readAttribution().inviteCode;
    if (inviteCode) setValue('inviteCode', inviteCode);
  }, [setValue, brand]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
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
    const input: RegisterInput = {
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
    form.setBusy(true);
    try {
      const userInfo = await register(input);
      await completeSignIn(userInfo, t`注册成功`, workbenchFor(workbenchUrl, locale));
    } catch (error) {
      showFailure(
        form,
        error,
        {
          phone: 'phone',
          code: 'code',
          nickname: 'nickname',
          password: 'password',
          inviteCode: 'inviteCode',
        },
        { i18n, failed: registerFailed, failedWith: registerFailedWith },
      );
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t`注册`}>
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
      <FormNotice>{form.notice}</FormNotice>
      <SubmitButton busy={form.busy} busyLabel={busyLabels.register}>
        <Trans>注册并免费试用</Trans>
      </SubmitButton>
      {showAgreement ? <AgreementNotice /> : null}
    </form>
  );
}
