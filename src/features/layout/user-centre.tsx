/**
 * The user-centre widget of the header (spec §2 "User-centre widget", §6). Logged out: a login button.
 * Logged in: the user name, a logout button and a button to the workbench. It reads the Authorization
 * cookie and localStorage, so the header renders it only in the browser, after mount.
 */
import { useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { type Locale, localizePath } from '~/lib/locale';
import { usePortalEnv } from '~/lib/portal-env';
import { logoutLocally, type StoredSession, storedSessionKey, subscribeToStoredSession } from './session-storage';
import * as styles from './user-centre.css';

const LOGGED_OUT = JSON.stringify(null);

export function UserCentre() {
  const { i18n, t } = useLingui();
  const locale = i18n.locale as Locale;
  const { workbenchUrl } = usePortalEnv();
  const router = useRouter();
  const sessionKey = useSyncExternalStore(subscribeToStoredSession, storedSessionKey, () => LOGGED_OUT);
  const session = JSON.parse(sessionKey) as StoredSession | null;
  const loginPath = localizePath('/login', locale);

  if (!session) {
    return (
      <div className={styles.widget}>
        <Link to={loginPath} className={styles.primaryButton}>
          {t`登录`}
        </Link>
      </div>
    );
  }

  const name = session.userName || t`已登录用户`;
  return (
    <div className={styles.widget}>
      <span className={styles.user} title={name}>
        <span className={styles.avatar} aria-hidden="true">
          {Array.from(name)[0]}
        </span>
        <span className={styles.userName}>{name}</span>
      </span>
      <button
        type="button"
        className={styles.quietButton}
        onClick={() => logoutLocally(() => router.navigate({ href: loginPath }))}
      >
        {t`退出登录`}
      </button>
      {/* A plain link: the workbench is not part of this app, so it loads as a full page. */}
      <a href={workbenchUrl} className={styles.primaryButton}>
        {t`进入工作台`}
      </a>
    </div>
  );
}
