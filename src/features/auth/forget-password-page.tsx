import { Trans } from '@lingui/react/macro';
import * as styles from './auth-page.css';

export function ForgetPasswordPage() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>
        <Trans>找回密码</Trans>
      </h1>
    </main>
  );
}
