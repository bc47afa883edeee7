import { Trans } from '@lingui/react/macro';
import * as styles from '../auth/auth-page.css';

export function CollegePage() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>
        <Trans>商学院</Trans>
      </h1>
    </main>
  );
}
