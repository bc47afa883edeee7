/**
 * /register (docs/product.md#pages): registration for the free trial. Phones land here for every page but login and
 * scan_code. The query string is kept both ways: links here keep it (attribution, invite code), and "back to
 * login" keeps it too.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { localizePath } from '#shared/locale';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import * as styles from './auth-page.css';
import { AuthShell } from './auth-shell';
import { LoggedInBanner } from './logged-in-banner';
import { RegisterForm } from './register-form';
import { RegisterValueHeader } from './register-value';

export function RegisterPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const { isMobile } = usePortalEnv();
  return (
    <AuthShell
      // Phones see no brand panel beside the form: the value header gives them the reason to register.
      banner={
        <>
          {isMobile ? <RegisterValueHeader /> : null}
          <LoggedInBanner />
        </>
      }
      title={t`注册领取免费试用`}
      subtitle={t`手机号快速注册，立即领取 3 天免费试用权益`}
      footer={
        <span>
          <Trans>已有账号？</Trans>{' '}
          <Link className={styles.link} to={localizePath('/login', locale)} search={true}>
            <Trans>返回登录</Trans>
          </Link>
        </span>
      }
    >
      <RegisterForm />
    </AuthShell>
  );
}
