import { createRouter } from '@tanstack/react-router';
import type { RouterContext } from './app/router-context';
import { ErrorPage } from './routes/error-page';
import { routeTree } from './routes/pages';

/**
 * Whether the router may set the scroll position after this render. After a navigation of the app, always.
 * Its first render is the hydration of the server's page: the visitor may have scrolled it already (the page
 * hydrates at idle, or on the first touch), and jumping to the top (or to a position saved for a reload)
 * between a press and its release would move the pressed button away. A page still at the top is restored as
 * usual (a reload returns to where the visitor was); a page loaded with a #hash was scrolled by the browser.
 * On the server the router asks too (for its inline restoring script, which runs as the HTML is parsed): yes.
 */
export function scrollRestorationAllowed(): () => boolean {
  let hydrating = true;
  return () => {
    if (typeof window === 'undefined') return true;
    const first = hydrating;
    hydrating = false;
    return !(first && (window.scrollY !== 0 || window.scrollX !== 0));
  };
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Data fetched by a route is shown no sooner than 200 ms after a pending state appears (docs/product.md#constants).
    defaultPendingMinMs: 200,
    scrollRestoration: scrollRestorationAllowed(),
    // A page's error shows inside the `{-$locale}` layout, in the page's place.
    defaultErrorComponent: ErrorPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
