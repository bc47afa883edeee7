import { Trans } from '@lingui/react/macro';
import * as styles from './auth-page.css';

export function LoginPage() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>
        <Trans>账号登录</Trans>
      </h1>
    </main>
  );
}
