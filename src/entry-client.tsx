/**
 * The browser entry: creates the app-lifetime actors once, loads the page's language, hydrates the
 * server-rendered document and connects the loading bar, chunk-reload guard and idle prefetch to the router.
 */
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { hydrateRoot } from 'react-dom/client';
import { localeFromPath } from '#shared/locale';
import { browserEffects, createAppActors } from './app/actors';
import { connectLoadingBar } from './app/loading-bar-link';
import { isChunkLoadError, reloadInBrowser, unlessLeavingSoon, watchLeaving } from './lib/chunk-reload';
import { areasOfPath, loadLocale } from './lib/i18n';
import { machinesModule } from './lib/machines-module';
import { readPortalEnv } from './lib/portal-env';
import { createAppRouter } from './router';

// A chunk that no longer exists (a deploy replaced it) reloads the page, at most once a minute; a load that the
// page's own navigation cancelled reloads nothing (the guard knows the page is leaving). Every dynamic import of
// the portal goes through guardChunk (pages, machines and runtimes in ModuleLoader, the HTTP client, the toaster,
// the QR panel; a failed preload of their CSS or dependencies fails the import): no vite:preloadError listener,
// which could only reload at once, over a navigation under way, or hand the import an undefined module.
watchLeaving();

const env = readPortalEnv();
if (!env) throw new Error('The page was not rendered by the portal server (no portal-env block).');

const actors = createAppActors(browserEffects);
const router = createAppRouter({
  env,
  origin: window.location.origin,
  actors,
  api: (path, init) => fetch(path, { credentials: 'same-origin', ...init }),
});
connectLoadingBar(router, actors.loadingBar);

loadLocale(localeFromPath(window.location.pathname), areasOfPath(window.location.pathname)).then(
  () => {
    hydrateRoot(document, <RouterClient router={router} />);
    // The idle prefetch of the page's links is code the first load does not need: it comes after hydrating.
    import('./app/prefetch').then(
      (module) => module.prefetchLinksOnIdle(router),
      () => {},
    );
    // XState and the machines load once the page has loaded, earlier when the visitor does anything, so the
    // first tap finds them ready.
    loadMachinesOnFirstInteraction();
    if (document.readyState === 'complete') loadMachines();
    else window.addEventListener('load', loadMachines, { once: true });
    startAnalyticsAfterLoad();
  },
  (error: unknown) => {
    // Without its messages the page cannot hydrate; the server's HTML stays readable and its links work.
    // A catalog that did not arrive is most often a load Firefox cancelled because the page is being left
    // (before pagehide says so): it counts only if the page is still here after the grace.
    const fail = () => {
      if (isChunkLoadError(error) && reloadInBrowser()) return;
      console.error('[portal] the page could not start:', error);
    };
    if (isChunkLoadError(error)) unlessLeavingSoon(fail);
    else fail();
  },
);

/**
 * XState and the machines are not part of the first load; they load after it, or as soon as the
 * visitor does anything (moves the pointer, touches, types, scrolls), so the first click finds them ready.
 */
function loadMachines() {
  machinesModule.load().catch(() => {
    // A failed load is retried by the first actor that needs it.
  });
}

function loadMachinesOnFirstInteraction() {
  const kinds = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'scroll', 'focusin'] as const;
  const load = () => {
    for (const kind of kinds) window.removeEventListener(kind, load, true);
    loadMachines();
  };
  for (const kind of kinds) window.addEventListener(kind, load, { capture: true, passive: true });
}

/** Analytics, when this brand has it configured: its code loads after the page has loaded, its script when idle. */
function startAnalyticsAfterLoad() {
  if (!env?.analytics?.script) return;
  const config = env.analytics;
  // Not through the chunk guard: the page works the same without analytics, so a failed load (or start) is
  // dropped rather than reloading the page.
  const load = () => import('./lib/analytics');
  const start = async () => {
    try {
      (await load()).startAnalytics(config, router);
    } catch {
      // No analytics this time; the page works the same.
    }
  };
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}
