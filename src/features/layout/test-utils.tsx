/**
 * Renders a piece of the layout the way the app does: inside the portal environment, the app actors, the
 * Lingui instance of a language and a TanStack memory router (so `<Link>` and navigation work). Every path
 * matches, because the router has a catch-all route; the component is drawn by the root route.
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
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { type AppActors, createAppActors, serverEffects } from '~/app/actors';
import { ActorsContext } from '~/app/actors-context';
import { i18nFor, loadLocale } from '~/lib/i18n';
import { type Locale, localizePath } from '~/lib/locale';
import { type PortalEnv, PortalEnvContext } from '~/lib/portal-env';

export const defaultTestEnv: PortalEnv = {
  brandId: 'starreach',
  edition: 'main',
  isMobile: false,
  platform: 'windows',
  workbenchUrl: '/workbench/function_introduction',
  year: new Date().getFullYear(),
};

export interface RenderOptions {
  locale?: Locale;
  /** The URL the router starts at; defaults to the home page of the language. */
  path?: string;
  env?: Partial<PortalEnv>;
  actors?: AppActors;
}

export async function renderInLayout(ui: ReactNode, options: RenderOptions = {}) {
  const locale = options.locale ?? 'zh';
  await loadLocale(locale);
  const actors = options.actors ?? createAppActors(serverEffects);
  const env = { ...defaultTestEnv, ...options.env };

  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const anyPage = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => null });
  const router = createRouter({
    routeTree: rootRoute.addChildren([anyPage]),
    history: createMemoryHistory({ initialEntries: [options.path ?? localizePath('/', locale)] }),
  });
  await router.load();

  const user = userEvent.setup();
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <PortalEnvContext.Provider value={env}>
        <ActorsContext.Provider value={actors}>
          <I18nProvider i18n={i18nFor(locale)}>
            <RouterProvider router={router} />
          </I18nProvider>
        </ActorsContext.Provider>
      </PortalEnvContext.Provider>,
    );
  });
  return { ...result, user, actors, env, router };
}
