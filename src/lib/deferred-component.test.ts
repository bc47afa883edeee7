import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, LEAVE_GRACE_MS, noteLeaving, resetLeaving } from './chunk-reload';
import { deferredPart } from './deferred-component';

const cancelled = () => new TypeError('error loading dynamically imported module: http://x/assets/footer.js');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetLeaving();
  sessionStorage.clear();
});

describe('a deferred part whose code fails', () => {
  it('hands React the reason of a failure that is not a chunk load (not a reasonless rejection)', async () => {
    const boom = new Error('the part threw while loading');
    const loaded = deferredPart(() => Promise.reject(boom)).loaded() as Promise<unknown> & {
      status?: string;
      reason?: unknown;
    };
    await expect(loaded).rejects.toBe(boom);
    expect(loaded.status).toBe('rejected');
    expect(loaded.reason).toBe(boom);
  });

  it('keeps the server HTML and logs nothing when the page is left within the grace (Firefox cancelled it)', async () => {
    vi.useFakeTimers();
    // The guard reloaded less than a minute ago: only the grace keeps the error out of the console.
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const loaded = deferredPart(() => Promise.reject(cancelled())).loaded() as Promise<unknown> & { status?: string };
    await vi.advanceTimersByTimeAsync(10);
    noteLeaving();
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS + 10);
    expect(loaded.status).toBe('pending');
    expect(error).not.toHaveBeenCalled();
  });

  it('logs the failure after the grace when the page stayed and the guard reloaded less than a minute ago', async () => {
    vi.useFakeTimers();
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    deferredPart(() => Promise.reject(cancelled())).loaded();
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS - 100);
    expect(error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(error).toHaveBeenCalledWith('[portal] a part of the page could not load:', expect.any(TypeError));
  });
});
