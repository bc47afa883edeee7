/**
 * Pages that hydrate at idle (/register, /login: src/lib/deferred-hydration.ts) and pages whose entry a spec
 * holds back: what a spec needs to watch and steer them.
 */
import type { Locator, Page, Request } from 'playwright-core';
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

/**
 * Waits until React has hydrated this element (on any page, with or without the loader). A test may look at
 * React's own mark on the element (`__reactFiber$…`); the app never does.
 */
export async function waitForReactElement(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.evaluate(
    (element, ms) =>
      new Promise<void>((resolve, reject) => {
        const deadline = performance.now() + ms;
        const check = () => {
          if (Object.keys(element).some((key) => key.startsWith('__reactFiber$'))) resolve();
          else if (performance.now() > deadline) reject(new Error('the element did not hydrate'));
          else setTimeout(check, 20);
        };
        check();
      }),
    timeout,
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
