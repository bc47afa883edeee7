/** /forget_password (docs/product.md#pages): reset the password with an SMS code, then back to login. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { localizePath } from '#shared/locale';
import { useLocale } from '~/lib/use-locale';
import * as styles from './auth-page.css';
import { AuthShell } from './auth-shell';
import { ResetForm } from './reset-form';

export function ForgetPasswordPage() {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <AuthShell
      title={t`找回密码`}
      subtitle={t`通过手机验证码设置新密码`}
      footer={
        <Link className={styles.link} to={localizePath('/login', locale)}>
          <Trans>返回登录</Trans>
        </Link>
      }
    >
      <ResetForm />
    </AuthShell>
  );
}
