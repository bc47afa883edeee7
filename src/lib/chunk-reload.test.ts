import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadAfterChunkError } from './chunk-reload';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => values.set(key, value),
  };
}

describe('chunk reload guard', () => {
  it('recognises the browsers’ chunk load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, then not again within 60 s, then again after', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 1_000_000;
    const deps = { now: () => now, storage, reload };
    expect(reloadAfterChunkError(deps)).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    now += 59_999;
    expect(reloadAfterChunkError(deps)).toBe(false);
    now += 1;
    expect(reloadAfterChunkError(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('guarded page chunks', () => {
  it('turns a chunk failure the guard declines into a ChunkLoadFailure, and leaves other errors alone', async () => {
    const { guardChunk, ChunkLoadFailure, CHUNK_RELOAD_KEY: key } = await import('./chunk-reload');
    window.sessionStorage.setItem(key, String(Date.now()));
    const failing = guardChunk(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js')),
      10,
    );
    await expect(failing()).rejects.toBeInstanceOf(ChunkLoadFailure);
    const other = guardChunk(() => Promise.reject(new Error('boom')));
    await expect(other()).rejects.toThrow('boom');
    const fine = guardChunk(() => Promise.resolve(1));
    await expect(fine()).resolves.toBe(1);
  });

  it('waits the grace: a load cancelled by a navigation that starts meanwhile reloads nothing and settles never', async () => {
    const { guardChunk, noteLeaving, resetLeaving, CHUNK_RELOAD_KEY: key } = await import('./chunk-reload');
    window.sessionStorage.removeItem(key);
    vi.useFakeTimers();
    try {
      const cancelled = guardChunk(() => Promise.reject(new TypeError('Importing a module script failed.')), 50);
      let settled = false;
      cancelled().then(
        () => (settled = true),
        () => (settled = true),
      );
      // The navigation says so (pagehide) within the grace.
      noteLeaving();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(settled).toBe(false);
      expect(window.sessionStorage.getItem(key)).toBeNull();
    } finally {
      resetLeaving();
      vi.useRealTimers();
    }
  });
});
