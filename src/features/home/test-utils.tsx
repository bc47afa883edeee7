/**
 * Renders home-page parts the way the app does: portal environment, app actors, the page's Lingui instance and
 * a TanStack memory router (so `<Link>` and `useLocation` work), with a stub register page to land on.
 */
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createAppActors, serverEffects } from '~/app/actors';
import { ActorsContext } from '~/app/actors-context';
import type { BrandId } from '~/lib/brand';
import { i18nFor, loadLocale } from '~/lib/i18n';
import { type Locale, localizePath } from '~/lib/locale';
import { type PortalEnv, PortalEnvContext } from '~/lib/portal-env';

export interface RenderOptions {
  locale?: Locale;
  brandId?: BrandId;
  /** Query string of the page, with its `?`. */
  search?: string;
}

export function testEnv(brandId: BrandId = 'starreach'): PortalEnv {
  return {
    brandId,
    edition: 'main',
    isMobile: false,
    platform: 'windows',
    workbenchUrl: '/workbench/function_introduction',
    year: 2026,
  };
}

/** Renders `ui` as the page at `/` (or `/en`) and waits until the router has rendered it. */
export async function renderPage(
  ui: ReactNode,
  { locale = 'zh', brandId = 'starreach', search = '' }: RenderOptions = {},
) {
  await loadLocale(locale);
  const actors = createAppActors(serverEffects);
  const env = testEnv(brandId);

  const rootRoute = createRootRoute({
    component: () => (
      <PortalEnvContext.Provider value={env}>
        <ActorsContext.Provider value={actors}>
          <I18nProvider i18n={i18nFor(locale)}>
            <Outlet />
          </I18nProvider>
        </ActorsContext.Provider>
      </PortalEnvContext.Provider>
    ),
  });
  const localeRoute = createRoute({ getParentRoute: () => rootRoute, path: '{-$locale}' });
  const pageRoute = createRoute({ getParentRoute: () => localeRoute, path: '/', component: () => ui });
  const registerRoute = createRoute({
    getParentRoute: () => localeRoute,
    path: 'register',
    component: () => <h1>register page</h1>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([localeRoute.addChildren([pageRoute, registerRoute])]),
    history: createMemoryHistory({ initialEntries: [`${localizePath('/', locale)}${search}`] }),
  });
  await router.load();
  const result = render(<RouterProvider router={router} />);
  return { ...result, actors, router, env };
}
