import { I18nProvider } from '@lingui/react';
import { createRoute, notFound, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { type Locale, localeFromPath } from '#shared/locale';
import { pageRedirect } from '#shared/page-rules';
import { Layout } from '~/features/layout/layout';
import { areasOfPath, i18nFor, loadLocale } from '~/lib/i18n';
import { NotFoundPage } from './error-page';
import { rootRoute } from './root';

/** The `{-$locale}` layout: no prefix is Chinese, `/en` is English; any other prefix is not found. */
export const localeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '{-$locale}',
  beforeLoad: async ({ params, location, context }) => {
    if (params.locale !== undefined && params.locale !== 'en') throw notFound();
    // The server applies the same rules before rendering; this covers client-side navigation.
    const target = pageRedirect(location.pathname, location.searchStr, context.env.isMobile);
    if (target) throw redirect({ href: target });
    const locale: Locale = params.locale === 'en' ? 'en' : 'zh';
    // The page's messages are there before it renders (on the server every catalog is loaded already).
    await loadLocale(locale, areasOfPath(location.pathname));
    return { locale };
  },
  component: LocaleLayout,
  // Rendered inside this layout's Outlet for an unknown child path (the layout frames it already).
  notFoundComponent: NotFoundPage,
});

/**
 * Reads the language from the resolved path (not the pending one: during a switch the new language's catalog
 * is still loading), so it also frames a not-found thrown before the route context exists.
 */
function LocaleLayoutFrame({ children }: { children: React.ReactNode }) {
  const locale = useRouterState({
    select: (state) => localeFromPath((state.resolvedLocation ?? state.location).pathname),
  });
  return (
    <I18nProvider i18n={i18nFor(locale)}>
      <Layout>{children}</Layout>
    </I18nProvider>
  );
}

function LocaleLayout() {
  return (
    <LocaleLayoutFrame>
      <Outlet />
    </LocaleLayoutFrame>
  );
}
