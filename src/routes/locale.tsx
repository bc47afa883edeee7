import { createRoute, notFound, Outlet, redirect } from '@tanstack/react-router';
import type { Locale } from '#shared/locale';
import { pageRedirect } from '#shared/page-rules';
import { areasOfPath, loadLocale } from '~/lib/i18n';
import { FramedErrorPage, NotFoundPage } from './error-page';
import { LocaleFrame } from './locale-frame';
import { rootRoute } from './root';

/** The `{-$locale}` layout: no prefix is Chinese, `/en` is English; any other prefix is not found. */
export const localeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '{-$locale}',
  beforeLoad: async ({ params, location, context }) => {
    // The root's 404 brings the frame: this layout, whose loading stops here, does not render.
    if (params.locale !== undefined && params.locale !== 'en') throw notFound({ routeId: rootRoute.id });
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
  // Takes the layout's place, so it brings the frame itself.
  errorComponent: FramedErrorPage,
});

function LocaleLayout() {
  return (
    <LocaleFrame>
      <Outlet />
    </LocaleFrame>
  );
}
