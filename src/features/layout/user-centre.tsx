/**
 * The user-centre widget of the header (spec §2 "User-centre widget", §6). Logged out: a login button.
 * Logged in: the user name, which opens a small panel with the go-to-workbench and logout buttons (the
 * header has no room to show all three side by side in English). It reads the Authorization cookie and
 * localStorage, so the header renders it only in the browser, after mount.
 */
import { useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { localizePath } from '~/lib/locale';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import { logoutLocally, type StoredSession, storedSessionKey, subscribeToStoredSession } from './session-storage';
import * as styles from './user-centre.css';

const LOGGED_OUT = JSON.stringify(null);

function UserMenu({ name, loginPath }: { name: string; loginPath: string }) {
  const { t } = useLingui();
  const { workbenchUrl } = usePortalEnv();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const initial = Array.from(name)[0] ?? '';

  // A click anywhere else closes the panel.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      triggerRef.current?.focus();
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and focus-out bubble up from the buttons inside.
    <div ref={wrapperRef} className={styles.menu} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        title={name}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initial}
        </span>
        <span className={styles.userName}>{name}</span>
        <svg className={styles.caret} viewBox="0 0 10 10" aria-hidden="true" focusable="false">
          <path d="M2 3.5 5 6.5 8 3.5" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
        </svg>
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <div className={styles.panelHead}>
          <span className={styles.avatarLarge} aria-hidden="true">
            {initial}
          </span>
          <span className={styles.panelIdentity}>
            <span className={styles.panelName}>{name}</span>
            <span className={styles.panelStatus}>{t`已登录`}</span>
          </span>
        </div>
        {/* A plain link: the workbench is not part of this app, so it loads as a full page. */}
        <a href={workbenchUrl} className={styles.primaryButton}>
          {t`进入工作台`}
        </a>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => logoutLocally(() => router.navigate({ href: loginPath }))}
        >
          {t`退出登录`}
        </button>
      </div>
    </div>
  );
}

export function UserCentre() {
  const { t } = useLingui();
  const locale = useLocale();
  const sessionKey = useSyncExternalStore(subscribeToStoredSession, storedSessionKey, () => LOGGED_OUT);
  const session = JSON.parse(sessionKey) as StoredSession | null;
  const loginPath = localizePath('/login', locale);

  if (!session) {
    return (
      <Link to={loginPath} className={styles.loginButton}>
        {t`登录`}
      </Link>
    );
  }
  return <UserMenu name={session.userName || t`已登录用户`} loginPath={loginPath} />;
}
