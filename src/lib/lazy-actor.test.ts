import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { layerMachine } from '#machines/layer/layer.machine';
import { initialLayerSnapshot, selectIsOpen, selectLayerType } from '#machines/layer/layer.selectors';
import { CHUNK_RELOAD_KEY, ChunkLoadFailure, LEAVE_GRACE_MS } from './chunk-reload';
import { LazyActor, ModuleLoader } from './lazy-actor';

const start = () => createActor(layerMachine).start() as never;

describe('lazy actor', () => {
  it('shows the initial snapshot, queues events until the machine loads, then is the real actor', async () => {
    let resolve: (value: unknown) => void = () => {};
    const loader = new ModuleLoader(() => new Promise((r) => (resolve = r)));
    const actor = new LazyActor(initialLayerSnapshot, loader, start);
    const seen: boolean[] = [];
    actor.subscribe((snapshot) => seen.push(selectIsOpen(snapshot as never)));
    actor.send({ type: 'layer.open', layerType: 'pluginDownload' } as never);
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    resolve({});
    await actor.load();
    expect(selectLayerType(actor.getSnapshot() as never)).toBe('pluginDownload');
    expect(seen.at(-1)).toBe(true);
    actor.send({ type: 'layer.close' } as never);
    expect(selectIsOpen(actor.getSnapshot() as never)).toBe(false);
  });

  it('starts at once when the module is already loaded', async () => {
    const loader = new ModuleLoader(async () => ({}));
    await loader.load();
    const actor = new LazyActor(initialLayerSnapshot, loader, start);
    expect(actor.started).toBe(true);
  });

  it('retries a load that failed', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue({});
    const loader = new ModuleLoader(importer);
    const actor = new LazyActor(initialLayerSnapshot, loader, start);
    await expect(actor.load()).rejects.toThrow('chunk failed');
    await actor.load();
    expect(actor.started).toBe(true);
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('guards its import: a chunk that fails to load goes through the reload guard, which ends in ChunkLoadFailure once it declines', async () => {
    vi.useFakeTimers();
    try {
      window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
      const loader = new ModuleLoader(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/machines.js')),
      );
      const loading = loader.load();
      const failed = expect(loading).rejects.toBeInstanceOf(ChunkLoadFailure);
      await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS);
      await failed;
    } finally {
      window.sessionStorage.removeItem(CHUNK_RELOAD_KEY);
      vi.useRealTimers();
    }
  });

  it('has the same initial snapshot as the machine, so the page looks the same before and after loading', () => {
    const real = createActor(layerMachine).start().getSnapshot();
    expect(initialLayerSnapshot.value).toBe(real.value);
    expect(initialLayerSnapshot.context).toEqual(real.context);
  });
});
