/**
 * Visit analytics and ad conversions (docs/product.md#calls "analytics and ads scripts", #data click ids), per
 * brand and off by default: the server puts the brand's `AnalyticsConfig` into the page only when one is set.
 *
 * - The analytics script (a Baidu Tongji style `hm.js` with its `_hmt` command queue) is added after the page
 *   is idle, never before hydration; its automatic page view is turned off and one page view is pushed for the
 *   first page and one for every route change (path and query), so a visit counts each page once.
 * - A registration reports a conversion for every ad click id kept in `registeInfo` that has a configured
 *   address: a beacon to the ad platform's URL with the id in place of `{clickId}` (sent with `sendBeacon`, so
 *   it survives the page load of the workbench that follows), plus a `register` event in the analytics queue.
 * - Nothing at all happens when the visitor asks not to be tracked (Do Not Track or Global Privacy Control).
 *
 * The page-view part loads as its own chunk; the conversion part is imported by the registration forms.
 */
import type { AnyRouter } from '@tanstack/react-router';
import type { AnalyticsConfig } from '#shared/portal-env';
import type { Attribution } from './attribution';

type Command = readonly unknown[];
type Queue = { push: (command: Command) => unknown };

declare global {
  interface Window {
    _hmt?: Queue | Command[];
  }
}

/** How long the page may stay busy before the script is added anyway. */
export const ANALYTICS_IDLE_TIMEOUT_MS = 3000;

interface PrivacySignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

/** Do Not Track (`navigator.doNotTrack`, or the older `window.doNotTrack`) or Global Privacy Control is on. */
export function trackingRefused(
  nav: PrivacySignals = navigator as Navigator & PrivacySignals,
  win: { doNotTrack?: string | null } = window as Window & { doNotTrack?: string | null },
): boolean {
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1' || win.doNotTrack === '1';
}

function queue(): Queue | Command[] {
  window._hmt ??= [];
  return window._hmt;
}

function push(command: Command) {
  queue().push(command);
}

/** The address a page view is counted under: path and query, no fragment. */
export function pageViewPath(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}

/** The conversion beacons a registration sends: one per configured click id present in `registeInfo`. */
export function conversionUrls(config: AnalyticsConfig | undefined, registeInfo: Attribution | undefined): string[] {
  if (!config || !registeInfo) return [];
  return config.conversions.flatMap(({ param, url }) => {
    const clickId = registeInfo[param];
    return clickId ? [url.replace('{clickId}', encodeURIComponent(clickId))] : [];
  });
}

function beacon(url: string) {
  try {
    if (navigator.sendBeacon?.(url)) return;
  } catch {
    // A refused beacon falls back to a keep-alive request.
  }
  fetch(url, { method: 'POST', mode: 'no-cors', keepalive: true, credentials: 'omit' }).catch(() => {
    // Reporting never gets in the way of the visitor.
  });
}

/** Reports a successful registration (call it before leaving for the workbench). */
export function reportRegistration(config: AnalyticsConfig | undefined, registeInfo: Attribution | undefined) {
  if (!config || trackingRefused()) return;
  const urls = conversionUrls(config, registeInfo);
  for (const url of urls) beacon(url);
  if (config.script) push(['_trackEvent', 'account', 'register', urls.length ? 'ad' : 'direct']);
}

function whenIdle(run: () => void) {
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(run, { timeout: ANALYTICS_IDLE_TIMEOUT_MS })
      : setTimeout(run, ANALYTICS_IDLE_TIMEOUT_MS);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Starts page-view analytics once the page is idle: queues the first page view, adds the script, and counts
 * every later route change. Does nothing without a script or when the visitor refuses tracking.
 */
export function startAnalytics(config: AnalyticsConfig | undefined, router: AnyRouter) {
  if (!config?.script || trackingRefused()) return;
  const script = config.script;
  whenIdle(() => {
    push(['_setAutoPageview', false]);
    push(['_trackPageview', pageViewPath(window.location)]);
    router.subscribe('onResolved', ({ toLocation, hrefChanged }) => {
      if (!hrefChanged) return;
      push(['_trackPageview', `${toLocation.pathname}${toLocation.searchStr}`]);
    });
    const element = document.createElement('script');
    element.src = script;
    element.async = true;
    document.head.append(element);
  });
}
