/**
 * The user-centre widget of the header (docs/product.md#pages "User-centre widget", #roles). Logged out: a login button.
 * Logged in: the user name, which opens a small panel with the go-to-workbench and logout buttons (the
 * header has no room to show all three side by side in English). It renders the session actor
 * (src/app/session.ts: the Authorization cookie and localStorage until the session machine loads). The server
 * renders it too, from the cookie it saw (`signedIn` in the portal environment); until the page has hydrated,
 * the browser renders the same, then the session's own state and the user's name from storage (the trigger's
 * avatar and name fill in inside the header's fixed slot). Logout sends `user.logout` to the session machine.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { localizePath } from '#shared/locale';
import { useAppActors } from '~/app/actors-context';
import { useSession } from '~/app/use-session';
import { usePortalEnv } from '~/lib/portal-env';
import { useHydrated } from '~/lib/use-hydrated';
import { useLocale } from '~/lib/use-locale';
import * as styles from './user-centre.css';

function UserMenu({ name, loggingOut }: { name: string; loggingOut: boolean }) {
  const { t } = useLingui();
  const { workbenchUrl } = usePortalEnv();
  const locale = useLocale();
  const { session } = useAppActors();
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
        // Before hydration the name is not known yet: the button is named for what it opens.
        title={name || undefined}
        aria-label={name ? undefined : t`我的账户`}
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
        <Link to={localizePath('/account', locale)} className={styles.secondaryButton}>
          {t`账号设置`}
        </Link>
        {/* The session machine posts the logout, then clears the session and goes to login (docs/product.md#states). */}
        <button
          type="button"
          className={styles.secondaryButton}
          aria-disabled={loggingOut}
          onClick={() => {
            if (!loggingOut) session.send({ type: 'user.logout' });
          }}
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
  const session = useSession();
  const { signedIn } = usePortalEnv();
  const hydrated = useHydrated();
  // The server knows the cookie but not the name: the first render (server and hydration) shows the shell.
  const loggedIn = hydrated ? session.loggedIn : signedIn === true;
  const userName = hydrated ? session.userName || t`已登录用户` : '';
  const loggingOut = hydrated && session.loggingOut;
  const loginPath = localizePath('/login', locale);

  if (!loggedIn) {
    return (
      <Link to={loginPath} className={styles.loginButton}>
        {t`登录`}
      </Link>
    );
  }
  return <UserMenu name={userName} loggingOut={loggingOut} />;
}
