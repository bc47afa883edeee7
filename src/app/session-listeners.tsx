/**
 * Connects the session to the page (mounted once by the layout; renders nothing). Part of every first load,
 * so it only listens and compares; the session's machine and effects load when there is something to do.
 * - the API client's hooks: HTTP 401 / body 401 or 40002 → forced logout; HTTP 429 → the warning toast (docs/product.md#errors-and-messages);
 * - other tabs: a `storage` event on the session keys, focus and a tab coming back re-read the cookie, and the
 *   session follows (logging out in one tab logs out every tab);
 * - the plug-in: a `user-login-out` window event this page did not fire logs out a logged-in user;
 * - going to login uses the router (a client-side navigation);
 * - the attribution parameters and invite code of the URL are stored (src/lib/attribution.ts, loaded only for
 *   a URL that carries one).
 */
import { useLocation, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { selectLoggedIn, selectToken, selectUserName, userNameOf } from '#machines/session/session.selectors';
import { brands } from '#shared/brand';
import { setApiHooks } from '~/lib/api/hooks';
import { usePortalEnv } from '~/lib/portal-env';
import { LOGOUT_EVENT, SESSION_SYNC_KEY, USER_INFO_KEY } from '~/lib/storage-keys';
import { useLocale } from '~/lib/use-locale';
import { useAppActors } from './actors-context';
import { bindAppSession, forceLogout, sessionRuntime } from './session';
import { bindSessionRouter } from './session-router';

/** When a tab looks at the session again after another tab changed it. */
const RESYNC_DELAYS_MS = [100, 400, 1500];

export function SessionListeners() {
  const { session } = useAppActors();
  const router = useRouter();
  const { brandId } = usePortalEnv();
  const locale = useLocale();
  const search = useLocation({ select: (location) => location.searchStr });

  useEffect(() => {
    bindAppSession(session);
    const pathname = () => router.state.location.pathname;
    bindSessionRouter({ navigate: (href) => void router.navigate({ href }), pathname });
    const restoreHooks = setApiHooks({
      onUnauthorized: forceLogout,
      onTooManyRequests: (failure) =>
        void sessionRuntime.load().then((runtime) => runtime.warnTooManyRequests(failure)),
      pagePath: pathname,
    });

    // Tells the session only when the browser holds something else than it shows (a focus costs nothing).
    const sync = () => {
      const stored = session.host.read();
      const shown = session.getSnapshot();
      if (!stored || (stored.token === selectToken(shown) && userNameOf(stored.userInfo) === selectUserName(shown)))
        return;
      session.send({ type: 'storage.changed', ...stored });
    };
    // Chromium may deliver another tab's storage event before that tab's new cookie is visible here, so the
    // session is read again a little later too (reading is cheap, and nothing is sent when nothing changed).
    const timers = new Set<number>();
    const onStorage = ({ key }: StorageEvent) => {
      if (key !== null && key !== SESSION_SYNC_KEY && key !== USER_INFO_KEY) return;
      sync();
      for (const delay of RESYNC_DELAYS_MS) {
        const timer = window.setTimeout(() => {
          timers.delete(timer);
          sync();
        }, delay);
        timers.add(timer);
      }
    };
    const onVisibility = () => document.visibilityState === 'visible' && sync();
    // The page marks its own event (detail.source 'portal'); anything else comes from the plug-in.
    const onPluginLogout = (event: Event) => {
      const own = (event as CustomEvent<{ source?: string } | null>).detail?.source === 'portal';
      if (!own && selectLoggedIn(session.getSnapshot())) session.send({ type: 'plugin.logout' });
    };
    const listeners = [
      [window, 'storage', onStorage],
      [window, 'focus', sync],
      [document, 'visibilitychange', onVisibility],
      [window, LOGOUT_EVENT, onPluginLogout],
    ] as [EventTarget, string, EventListener][];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
    return () => {
      restoreHooks();
      bindSessionRouter(null);
      for (const timer of timers) window.clearTimeout(timer);
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    };
  }, [session, router]);

  // The session keeps the page's language (its store of docs/product.md#data); told only once it is running.
  useEffect(() => {
    if (session.started) session.send({ type: 'session.language', language: locale });
  }, [session, locale]);

  useEffect(() => {
    // Only a URL with a query can carry attribution: the code that reads it loads only then.
    if (search) {
      void import('~/lib/attribution').then(({ captureAttribution }) => captureAttribution(search, brands[brandId]));
    }
  }, [search, brandId]);

  return null;
}
