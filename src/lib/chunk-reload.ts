/**
 * A script chunk that fails to load (usually after a deploy replaced the hashed files) forces one full page
 * reload, at most once per 60 s (docs/product.md#states, #errors-and-messages), so a broken deploy cannot loop the page.
 */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

interface ReloadDeps {
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
}

/** Reloads unless a reload happened less than 60 s ago; returns whether it reloaded. */
export function reloadAfterChunkError(deps: ReloadDeps): boolean {
  const now = deps.now();
  const last = Number(deps.storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (last && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  deps.storage.setItem(CHUNK_RELOAD_KEY, String(now));
  deps.reload();
  return true;
}

/**
 * Once the page has started to leave (a full navigation, a link to another document, the tab unloading) the
 * browser cancels the loads still in flight, and Firefox and WebKit report each as a failed chunk. Those are not
 * a replaced deploy: reloading would replace the navigation under way (a sign-in would reload the login page
 * instead of opening the workbench).
 */
let leaving = false;

/** Says the page is leaving: chunk failures from now on are the navigation's doing and reload nothing. */
export function noteLeaving(): void {
  leaving = true;
}

export function isLeaving(): boolean {
  return leaving;
}

/**
 * Watches for the page leaving by itself (`pagehide`); the app's own full navigations say so first
 * (src/features/auth/navigation.ts), since the browser cancels loads as soon as one starts. A page restored from
 * the back/forward cache is staying again. No `beforeunload` listener: it would keep Firefox from putting the
 * page in that cache.
 */
export function watchLeaving(win: Window = window): void {
  win.addEventListener('pagehide', noteLeaving);
  win.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) leaving = false;
  });
}

/**
 * How long a failed load waits before it counts as a failure. Firefox cancels the page's loads as soon as a
 * navigation starts, before `pagehide` (which comes once the next document answers), and reports each as a failed
 * import: a page being left would reload itself over the navigation or log an error. A page that is left never
 * runs the callback (its timers die with it); a page still here after the grace has a real failure.
 */
export const LEAVE_GRACE_MS = 2000;

/** Runs `decide` after the grace unless the page has started to leave by then. */
export function unlessLeavingSoon(decide: () => void, graceMs = LEAVE_GRACE_MS): void {
  setTimeout(() => {
    if (!leaving) decide();
  }, graceMs);
}

/** Forgets that the page was leaving (tests). */
export function resetLeaving(): void {
  leaving = false;
}

/**
 * Reloads through the guard; returns whether the failure is handled (reloaded, or the page is leaving anyway,
 * when nothing must happen).
 */
export function reloadInBrowser(): boolean {
  if (leaving) return true;
  try {
    return reloadAfterChunkError({
      now: Date.now,
      storage: window.sessionStorage,
      reload: () => window.location.reload(),
    });
  } catch {
    return false;
  }
}

/** A page's code could not be loaded and the guard did not reload (it already did less than 60 s ago). */
export class ChunkLoadFailure extends Error {
  constructor(cause: unknown) {
    super('The page code could not be loaded', { cause });
    this.name = 'ChunkLoadFailure';
  }
}

/** Resolves after the grace unless the page has started to leave by then (it stays pending: nothing to do). */
function afterLeaveGrace(graceMs = LEAVE_GRACE_MS): Promise<void> {
  return new Promise((resolve) => unlessLeavingSoon(resolve, graceMs));
}

/**
 * Wraps a dynamic import: a failure reloads the page through the guard; when the guard declines, the failure
 * becomes a `ChunkLoadFailure` for the error page (and not a module-not-found error, which the router would
 * answer with a reload of its own that ignores the 60 s limit). The failure waits the grace first: a load the
 * browser cancelled because a navigation started (one the page did not make: an address typed, a bookmark) must
 * not reload the page over that navigation.
 */
export function guardChunk<T>(load: () => Promise<T>, graceMs = LEAVE_GRACE_MS): () => Promise<T> {
  return () =>
    load().catch(async (error: unknown) => {
      if (!isChunkLoadError(error)) throw error;
      if (!leaving) await afterLeaveGrace(graceMs);
      if (reloadInBrowser()) return new Promise<T>(() => {});
      throw new ChunkLoadFailure(error);
    });
}
