import { Trans } from '@lingui/react/macro';
import * as styles from '../auth/auth-page.css';

export function DetailPage() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>
        <Trans>问答详情</Trans>
      </h1>
    </main>
  );
}
