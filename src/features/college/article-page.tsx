import { Trans } from '@lingui/react/macro';
import * as styles from '../auth/auth-page.css';

export function ArticlePage() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>
        <Trans>文章资讯</Trans>
      </h1>
    </main>
  );
}
