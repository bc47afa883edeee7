/**
 * The console's frame: the navigation (only the pages the operator's role may use), the language switch and sign
 * out. Signed out, the sign-in form shows instead; a page open when the session expired stays mounted (hidden)
 * behind it, so signing in again returns to it as it was.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { selectOperator, selectSignInView } from '#machines/console/sign-in.selectors';
import type { OperatorRole } from '#shared/contract/console';
import { Link } from '../components/link';
import { Loading } from '../components/states';
import { EDITOR_ROLE_LIST, SUPPORT_ROLE_LIST } from '../lib/contract-values';
import { SignInPage } from '../pages/sign-in';
import * as styles from '../styles/layout.css';
import { useSignInActor } from './context';
import { LanguageSwitch } from './language-switch';

export function ConsoleLayout() {
  const actor = useSignInActor();
  const view = useSelector(actor, selectSignInView);
  const operator = useSelector(actor, selectOperator);
  const expired = useSelector(actor, (snapshot) => snapshot.context.expired);
  // The page stays mounted behind the form only when the session expired; signing out leaves nothing behind.
  const everSignedIn = useRef(false);
  if (view.signedIn) everSignedIn.current = true;
  else if (view.state !== 'signingOut' && !expired) everSignedIn.current = false;

  if (view.state === 'checking') return <Loading />;
  const signIn = !view.signedIn && view.state !== 'signingOut';
  return (
    <>
      {signIn && <SignInPage actor={actor} languageSwitch={<LanguageSwitch />} />}
      {everSignedIn.current && (
        <div className={styles.shell} hidden={signIn}>
          <Nav
            role={operator?.role}
            name={operator?.name ?? ''}
            onSignOut={() => actor.send({ type: 'user.signOut' })}
          />
          <main className={styles.main} id="main">
            <Outlet />
          </main>
        </div>
      )}
    </>
  );
}

function Nav({ role, name, onSignOut }: { role?: OperatorRole | undefined; name: string; onSignOut: () => void }) {
  const { t } = useLingui();
  const support = !!role && SUPPORT_ROLE_LIST.includes(role);
  const items = [
    ...(support
      ? ([
          { to: '/users', label: t`用户` },
          { to: '/signups', label: t`注册统计` },
          { to: '/audit', label: t`审计日志` },
        ] as const)
      : []),
    ...(role === 'owner' ? ([{ to: '/webhooks', label: t`Webhook` }] as const) : []),
    ...(role && EDITOR_ROLE_LIST.includes(role) ? ([{ to: '/articles', label: t`文章` }] as const) : []),
  ];
  return (
    <nav className={styles.side} aria-label={t`主导航`}>
      <p className={styles.brand}>
        <Trans>运营后台</Trans>
      </p>
      <ul className={styles.navList}>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={styles.navLink} activeProps={{ 'aria-current': 'page' }}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className={styles.sideFoot}>
        <span>
          <Trans>
            {name}（{role}）
          </Trans>
        </span>
        <LanguageSwitch className={styles.sideButton} />
        <button type="button" className={styles.sideButton} onClick={onSignOut}>
          <Trans>退出登录</Trans>
        </button>
      </div>
    </nav>
  );
}
