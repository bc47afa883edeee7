/**
 * Pages that hydrate on the first interaction (/register, /login: src/lib/deferred-hydration.ts): what a spec
 * needs to watch and steer them.
 */
import type { Page, Request } from 'playwright-core';
import { eventually } from './wait';

/** The client entry's chunk (`/assets/entry-client-<hash>.js`). */
export const isEntryChunk = (url: string) => /\/assets\/entry-client-[^/]*\.js$/.test(new URL(url).pathname);

/** Whether the page's app has hydrated (the loader's state says so; pages hydrated at load have no loader). */
export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const state = (window as { __portalDefer?: { h: number } }).__portalDefer;
    return state ? state.h === 1 : true;
  });
}

/** Waits until the page has hydrated. */
export async function waitForHydration(page: Page, timeout = 10_000): Promise<void> {
  await eventually(
    async () => {
      if (!(await isHydrated(page))) throw new Error('the page has not hydrated yet');
    },
    { timeout, interval: 50 },
  );
}

/** Every script the page requests, in order. */
export function watchScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script' || /\.m?js(\?|$)/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/**
 * Holds the client entry's response back until `release()` (the page cannot hydrate meanwhile), so a spec can
 * act on the page before hydration whatever the machine's speed.
 */
export async function holdEntry(page: Page): Promise<{ requested: () => boolean; release: () => void }> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(
    (url) => isEntryChunk(url.href),
    async (route) => {
      requested = true;
      await gate;
      await route.continue();
    },
  );
  return { requested: () => requested, release: () => release() };
}
