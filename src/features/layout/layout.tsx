/**
 * The frame around every page (docs/product.md#pages "Layout"). Desktop: the loading bar, the global layer and the
 * document modal, the floating side bar, the sticky header, the content and the footer, at the language's
 * minimum page width. Mobile: a header with the logo and the language switcher over the content, at most
 * 750 px wide. Pages render their own <main>.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Locale } from '#shared/locale';
import { DocumentModal, GlobalLayer } from '~/app/layers';
import { LoadingBar } from '~/app/loading-bar/loading-bar';
import { SessionListeners } from '~/app/session-listeners';
import { ToastHost } from '~/components/toast/toast-host';
import { Deferred, deferredPart } from '~/lib/deferred-component';
import { usePortalEnv } from '~/lib/portal-env';
import { Header, MobileHeader } from './header';
import * as styles from './layout.css';
// The footer's and the side bar's styles stay in the entry's stylesheet: the server's HTML has both, styled,
// before their code loads.
import './footer.css';
import './side-bar.css';

/** Below the fold, or floating at the side: out of the first load, hydrated when the browser is idle. */
const footer = deferredPart('footer', () => import('./footer').then((module) => module.Footer));
const sideBar = deferredPart('side-bar', () => import('./side-bar').then((module) => module.SideBar));

export function Layout({ children }: { children: ReactNode }) {
  const { isMobile } = usePortalEnv();
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;

  if (isMobile) {
    return (
      <div className={styles.mobile}>
        <SessionListeners />
        <MobileHeader />
        {children}
        <ToastHost />
      </div>
    );
  }

  return (
    <div className={styles.desktop[locale]}>
      <LoadingBar />
      <GlobalLayer />
      <DocumentModal />
      <Deferred part={sideBar} />
      <Header />
      <div className={styles.content}>{children}</div>
      <Deferred part={footer} />
      <SessionListeners />
      <ToastHost />
    </div>
  );
}
