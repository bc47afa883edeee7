import { Trans } from '@lingui/react/macro';
import * as styles from '../auth/auth-page.css';

export function ScanCodePage() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>
        <Trans>微信扫码登录</Trans>
      </h1>
    </main>
  );
}
