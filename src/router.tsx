import { createRouter } from '@tanstack/react-router';
import type { RouterContext } from './app/router-context';
import { routeTree } from './routes/pages';

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Data fetched by a route is shown no sooner than 200 ms after a pending state appears (spec §9).
    defaultPendingMinMs: 200,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
