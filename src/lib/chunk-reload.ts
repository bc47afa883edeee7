/**
 * A script chunk that fails to load (usually after a deploy replaced the hashed files) forces one full page
 * reload, at most once per 60 s (spec §4, §8), so a broken deploy cannot loop the page.
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

export function reloadInBrowser(): boolean {
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
