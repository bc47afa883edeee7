/**
 * Account login (docs/product.md#pages "/login"): phone and password, or phone and an SMS code (purpose `login`). Success:
 * the "Login success" toast (a code for a phone without an account creates it: a welcome instead), the session is stored, then the workbench (or a same-site `redirect`) loads.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { type ComponentType, type FormEvent, useState } from 'react';
import { CHANNEL_IDS, CLIENT_ID } from '#shared/brand';
import type { RegisterInput } from '#shared/contract/accounts';
import { CODES } from '#shared/contract/codes';
import { localizePath } from '#shared/locale';
import { DEFAULT_COUNTRY } from '~/components/country-select/countries';
import { toast } from '~/components/toast/toast';
import { reportRegistration } from '~/lib/analytics';
import { login, type UserInfo } from '~/lib/api/accounts';
import { ApiRequestError } from '~/lib/api/errors';
import { inviteCodeFromQuery, readAttribution } from '~/lib/attribution';
import { guardChunk } from '~/lib/chunk-reload';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import { networkFailure, showFailure } from './api-errors';
import * as styles from './auth-form.css';
import { completeSignIn } from './complete';
import type { ConfiguredCaptchaProps } from './configured-captcha';
import {
  CREDENTIAL_API_FIELDS,
  CREDENTIAL_FIELDS,
  type CredentialField,
  CredentialFields,
  type CredentialMode,
  checkCredentials,
  credentialsInput,
} from './credential-fields';
import { DefaultSubmit, FormNotice, SubmitButton, useBusyLabels } from './form-parts';
import { safeRedirect, workbenchFor } from './navigation';
import { answeredCountry, useForm, useFormAnswer } from './use-form';
import { checkInviteCode } from './validation';

const loginFailed = msg`登录失败`;

/** The captcha the server asks for after repeated failures of the account (40005); loaded with its first use. */
const loadLoginCaptcha = guardChunk(() => import('./configured-captcha'));
const loginFailedWith = (reason: string) => msg`登录失败：${reason}`;

/**
 * What a code login sends in case it creates the account (a phone without one): the web channel, the client, the
 * invite code (from the query or the captured attribution) and `registeInfo`, as the register form does.
 */
function signUpFields(
  brand: ReturnType<typeof usePortalEnv>['brand'],
): Pick<RegisterInput, 'channelId' | 'clientId' | 'inviteCode' | 'registeInfo'> {
  const { registeInfo, inviteCode: captured } = readAttribution();
  const inviteCode = (inviteCodeFromQuery(window.location.search, brand) ?? captured)?.trim();
  return {
    channelId: CHANNEL_IDS.web,
    clientId: CLIENT_ID,
    ...(inviteCode && checkInviteCode(inviteCode) === null ? { inviteCode } : {}),
    ...(registeInfo ? { registeInfo } : {}),
  };
}

/** This page's address with `way` set (the SMS way, the phone's reset form) or removed, the rest kept. */
export function useWayHref(): (way: 'sms' | 'reset' | null) => string {
  const { pathname, searchStr } = useLocation();
  return (way) => {
    const params = new URLSearchParams(searchStr);
    if (way) params.set('way', way);
    else params.delete('way');
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}

export function LoginForm({ redirect, way }: { redirect?: unknown; way?: unknown }) {
  const { i18n, t } = useLingui();
  const { workbenchUrl, isMobile, brand, analytics } = usePortalEnv();
  const busyLabels = useBusyLabels();
  const locale = useLocale();
  const answer = useFormAnswer('login');
  const wayHref = useWayHref();
  const [mode, setMode] = useState<CredentialMode>(
    way === 'sms' || answer?.values.way === 'code' ? 'code' : 'password',
  );
  const [countryCode, setCountryCode] = useState(answeredCountry(answer, DEFAULT_COUNTRY));
  const form = useForm<CredentialField>({ phone: '', password: '', code: '' }, CREDENTIAL_FIELDS, answer);
  const { values } = form;
  // The captcha shown when the server asks for one (40005): its ticket retries the same login.
  const [Captcha, setCaptcha] = useState<ComponentType<ConfiguredCaptchaProps> | null>(null);
  const [captchaOpen, setCaptchaOpen] = useState(false);

  const askCaptcha = () => {
    if (Captcha) {
      setCaptchaOpen(true);
      return;
    }
    loadLoginCaptcha().then(
      (module) => {
        setCaptcha(() => module.ConfiguredCaptcha);
        setCaptchaOpen(true);
      },
      () => toast.error(i18n._(networkFailure)),
    );
  };

  const attempt = async (captcha?: { ticket: string; randstr?: string }) => {
    form.setBusy(true);
    try {
      const signUp = mode === 'code' ? signUpFields(brand) : null;
      const { newAccount, ...userInfo } = await login({
        ...credentialsInput(values, countryCode, mode),
        ...signUp,
        ...captcha,
      });
      const target =
        safeRedirect(redirect, { origin: window.location.origin, workbenchUrl, isMobile }) ??
        workbenchFor(workbenchUrl, locale);
      // A code for a phone without an account created it (one-step SMS sign-in): welcome the new seller.
      if (newAccount) reportRegistration(analytics, signUp?.registeInfo);
      await completeSignIn(userInfo, newAccount ? t`欢迎！账号已创建，免费试用已开始` : t`登录成功`, target);
      // The page is being replaced; the button stays busy until it is.
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === CODES.accountClosing && error.data) {
        // A closing account signs in with a session that may only cancel the closure, on the account page.
        await completeSignIn(error.data as UserInfo, error.message, localizePath('/account', locale));
        return;
      }
      if (error instanceof ApiRequestError && error.code === CODES.needCaptcha) {
        form.setBusy(false);
        askCaptcha();
        return;
      }
      showFailure(form, error, CREDENTIAL_API_FIELDS, { i18n, failed: loginFailed, failedWith: loginFailedWith });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    form.setNotice(null);
    if (!form.showErrors(checkCredentials(values, countryCode, mode))) return;
    await attempt();
  };

  return (
    // Posted to this page when the script has not run: the server answers (server/pages/form-posts.ts).
    <form method="post" className={styles.form} onSubmit={submit} noValidate aria-label={t`账号登录`}>
      <DefaultSubmit />
      <input type="hidden" name="intent" value="login" />
      <CredentialFields
        form={form}
        mode={mode}
        onMode={setMode}
        countryCode={countryCode}
        onCountry={setCountryCode}
        legend={<Trans>登录方式</Trans>}
        passwordMode={<Trans>密码登录</Trans>}
        codeMode={<Trans>验证码登录</Trans>}
        wayHref={(next) => wayHref(next === 'code' ? 'sms' : null)}
      />

      <FormNotice>{form.notice}</FormNotice>
      <SubmitButton busy={form.busy} busyLabel={busyLabels.login}>
        <Trans>登录</Trans>
      </SubmitButton>
      {Captcha && captchaOpen ? (
        <Captcha
          onPassed={(ticket, randstr) => {
            setCaptchaOpen(false);
            void attempt({ ticket, ...(randstr ? { randstr } : {}) });
          }}
          onClose={() => setCaptchaOpen(false)}
        />
      ) : null}
    </form>
  );
}
