/**
 * The window event `user-login-out` (docs/product.md#states: the site fires it after a successful logout, the browser plug-in
 * fires it to log the site out). An init script records every one a page sees, with its detail, in
 * localStorage, so the record survives the navigation to login and every tab of a context shares it.
 */
import type { BrowserContext, Page } from 'playwright-core';

export const LOGOUT_EVENT = 'user-login-out';
const RECORD_KEY = 'e2e:logout-events';

export interface RecordedLogoutEvent {
  /** The event's detail (null for a plain Event or a CustomEvent without one). */
  detail: unknown;
  /** The page's path when it fired. */
  path: string;
}

/** Runs in the page before its own scripts (installed with `addInitScript`). */
function recordLogoutEvents(names: { event: string; key: string }) {
  window.addEventListener(names.event, (event) => {
    try {
      const detail = (event as CustomEvent).detail ?? null;
      const list = JSON.parse(localStorage.getItem(names.key) ?? '[]');
      list.push({ detail: JSON.parse(JSON.stringify(detail)), path: location.pathname });
      localStorage.setItem(names.key, JSON.stringify(list));
    } catch {
      // A frame without storage records nothing.
    }
  });
}

export async function recordLogoutEventsIn(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(recordLogoutEvents, { event: LOGOUT_EVENT, key: RECORD_KEY });
}

export async function recordedLogoutEvents(page: Page): Promise<RecordedLogoutEvent[]> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]'), RECORD_KEY);
}

/** Fires a plain `new Event('user-login-out')`, as the plug-in does when it logs out by itself. */
export async function firePlainLogoutEvent(page: Page): Promise<void> {
  await page.evaluate((event) => window.dispatchEvent(new Event(event)), LOGOUT_EVENT);
}

/**
 * Fires the event exactly as the plug-in's content script relays it from another tab (public/downloads/
 * <brand>/…-plugin-v1.0.5.zip, content.js): a CustomEvent whose detail says it was relayed by the plug-in.
 */
export async function fireLogoutAsPlugin(page: Page, pluginSource = 'starreach-plugin'): Promise<void> {
  await page.evaluate(
    ({ event, source }) =>
      window.dispatchEvent(new CustomEvent(event, { detail: { relayed: true, source, detail: { source: 'portal' } } })),
    { event: LOGOUT_EVENT, source: pluginSource },
  );
}
