/**
 * Prefetches the code of the internal links on the page when the browser is idle (at most 2000 ms after a
 * navigation settles), except on 2g connections or with data saver on (docs/product.md#constants).
 */
import type { AnyRouter } from '@tanstack/react-router';
import { type NetworkInformationLike, shouldPrefetch } from '~/lib/prefetch-rule';

export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

export { shouldPrefetch };

function internalHrefs(): string[] {
  const hrefs = new Set<string>();
  for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
    const href = anchor.getAttribute('href');
    if (href && !href.startsWith('//') && !anchor.hasAttribute('download') && anchor.target !== '_blank')
      hrefs.add(href);
  }
  return [...hrefs];
}

function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  else setTimeout(run, PREFETCH_IDLE_TIMEOUT_MS);
}

export function prefetchLinksOnIdle(router: AnyRouter) {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!shouldPrefetch(connection)) return;
  const run = () =>
    whenIdle(() => {
      for (const href of internalHrefs()) {
        if (href.startsWith('/downloads/') || /\.\w+$/.test(href.split('?')[0])) continue;
        const url = new URL(href, window.location.origin);
        // Code only: `preloadRoute` would also run the routes' loaders (the college's API calls) for every link.
        const [routes] = router.getMatchedRoutes(url.pathname);
        for (const route of routes) {
          Promise.resolve(router.loadRouteChunk(route)).catch(() => {
            // A failed prefetch only means the page loads on click instead.
          });
        }
      }
    });
  run();
  router.subscribe('onResolved', run);
}
