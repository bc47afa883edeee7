/**
 * Registration for the free trial (docs/product.md#pages "/register", #data attribution): phone, SMS code (purpose `register`),
 * nickname, password and the invite code (pre-filled from the `inviteCode` cookie, editable). It sends the
 * web channel (2), the client id and the captured `registeInfo`. Success: the ad click ids of `registeInfo` are
 * reported as a conversion (when the brand has analytics), the "Register success" toast, the session is stored,
 * then the workbench loads.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { DEFAULT_COUNTRY } from '~/components/country-select/countries';
import { reportRegistration } from '~/lib/analytics';
import { register } from '~/lib/api/accounts';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import { showFailure } from './api-errors';
import * as styles from './auth-form.css';
import { completeSignIn } from './complete';
import { AgreementNotice, DefaultSubmit, FormNotice, SubmitButton, useBusyLabels } from './form-parts';
import { workbenchFor } from './navigation';
import {
  checkRegisterFields,
  REGISTER_API_FIELDS,
  REGISTER_FIELDS,
  type RegisterField,
  RegisterFields,
  registerInput,
  useInviteCodePrefill,
} from './register-fields';
import { answeredCountry, useForm, useFormAnswer } from './use-form';

const registerFailed = msg`注册失败`;
const registerFailedWith = (reason: string) => msg`注册失败：${reason}`;

export function RegisterForm({ showAgreement = true }: { showAgreement?: boolean }) {
  const { i18n, t } = useLingui();
  const { workbenchUrl, analytics } = usePortalEnv();
  const busyLabels = useBusyLabels();
  const locale = useLocale();
  const answer = useFormAnswer('register');
  const [countryCode, setCountryCode] = useState(answeredCountry(answer, DEFAULT_COUNTRY));
  const form = useForm<RegisterField>(
    { phone: '', code: '', nickname: '', password: '', inviteCode: '' },
    REGISTER_FIELDS,
    answer,
  );
  const { values } = form;
  useInviteCodePrefill(form.setValue);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    form.setNotice(null);
    if (!form.showErrors(checkRegisterFields(values, countryCode))) return;
    const input = registerInput(values, countryCode);
    form.setBusy(true);
    try {
      const userInfo = await register(input);
      reportRegistration(analytics, input.registeInfo);
      await completeSignIn(userInfo, t`注册成功`, workbenchFor(workbenchUrl, locale));
    } catch (error) {
      showFailure(form, error, REGISTER_API_FIELDS, { i18n, failed: registerFailed, failedWith: registerFailedWith });
    }
  };

  return (
    // Posted to this page when the script has not run: the server answers (server/pages/form-posts.ts).
    <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label={t`注册`}>
      <DefaultSubmit />
      <input type="hidden" name="intent" value="register" />
      <RegisterFields form={form} countryCode={countryCode} onCountry={setCountryCode} />
      <FormNotice>{form.notice}</FormNotice>
      <SubmitButton busy={form.busy} busyLabel={busyLabels.register}>
        <Trans>注册并免费试用</Trans>
      </SubmitButton>
      {showAgreement ? <AgreementNotice /> : null}
    </form>
  );
}
