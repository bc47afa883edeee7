/**
 * Renders UI the way the app does: the portal environment, the app actors and the Lingui instance of a
 * language, and (with `renderWithRouter`) a TanStack memory router so `<Link>` and navigation work. Every
 * feature's tests use these; feature `test-utils.tsx` files only add what their pages need.
 */
import { I18nProvider } from '@lingui/react';
import {
  type AnyRoute,
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
import { type Locale, localizePath } from '#shared/locale';
import type { PortalEnv } from '#shared/portal-env';
import { type ActorEffects, type AppActors, createAppActors, serverEffects } from '~/app/actors';
import { ActorsContext } from '~/app/actors-context';
import { i18nFor, loadLocale } from '~/lib/i18n';
import { PortalEnvContext } from '~/lib/portal-env';

export const testEnv: PortalEnv = {
  brandId: 'starreach',
  edition: 'main',
  isMobile: false,
  platform: 'windows',
  workbenchUrl: '/workbench/function_introduction',
  year: new Date().getFullYear(),
};

export interface ProviderOptions {
  locale?: Locale;
  env?: Partial<PortalEnv>;
  /** Effects for new actors (the server's harmless ones by default). */
  effects?: ActorEffects;
  actors?: AppActors;
}

async function prepare(options: ProviderOptions) {
  const locale = options.locale ?? 'zh';
  await loadLocale(locale);
  const actors = options.actors ?? createAppActors(options.effects ?? serverEffects);
  const env = { ...testEnv, ...options.env };
  const wrap = (children: ReactNode) => (
    <PortalEnvContext.Provider value={env}>
      <ActorsContext.Provider value={actors}>
        <I18nProvider i18n={i18nFor(locale)}>{children}</I18nProvider>
      </ActorsContext.Provider>
    </PortalEnvContext.Provider>
  );
  return { locale, actors, env, wrap };
}

export async function renderWithProviders(ui: ReactNode, options: ProviderOptions = {}) {
  const { actors, env, wrap } = await prepare(options);
  const result = render(wrap(ui));
  return { ...result, actors, env };
}

export interface RouterOptions extends ProviderOptions {
  /** The URL the router starts at; defaults to the home page of the language. */
  path?: string;
  /**
   * The routes below the root. By default one catch-all route, with `ui` drawn by the root route above it;
   * a test of a page passes its own routes (built with `createRoute({ getParentRoute: () => root, ... })`).
   */
  routes?: (root: AnyRoute) => AnyRoute[];
}

export async function renderWithRouter(ui: ReactNode, options: RouterOptions = {}) {
  const { locale, actors, env, wrap } = await prepare(options);
  const rootRoute = createRootRoute({
    component: () =>
      wrap(
        <>
          {options.routes ? null : ui}
          <Outlet />
        </>,
      ),
  });
  const children = options.routes
    ? options.routes(rootRoute)
    : [createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => null })];
  const router = createRouter({
    routeTree: rootRoute.addChildren(children),
    history: createMemoryHistory({ initialEntries: [options.path ?? localizePath('/', locale)] }),
  });
  await router.load();
  const user = userEvent.setup();
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(<RouterProvider router={router} />);
  });
  return { ...result, user, actors, env, router };
}
