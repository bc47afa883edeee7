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
import { usePortalEnv } from '~/lib/portal-env';
import { Footer } from './footer';
import { Header, MobileHeader } from './header';
import * as styles from './layout.css';
import { SideBar } from './side-bar';

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
      <SideBar />
      <Header />
      <div className={styles.content}>{children}</div>
      <Footer />
      <SessionListeners />
      <ToastHost />
    </div>
  );
}
