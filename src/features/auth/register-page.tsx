import { Trans } from '@lingui/react/macro';
import * as styles from './auth-page.css';

export function RegisterPage() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>
        <Trans>注册领取免费试用</Trans>
      </h1>
    </main>
  );
}
