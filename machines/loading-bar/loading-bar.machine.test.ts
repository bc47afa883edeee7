import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { describePath, machinePaths } from '../testing/paths';
import { replayPath } from '../testing/replay';
import { loadingBarMachine, selectBarVisible } from './loading-bar.machine';

const events = [{ type: 'nav.start' }, { type: 'nav.done' }, { type: 'nav.fail' }] as const;

describe('loading bar machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never shows the bar for a navigation that ends within the throttle', () => {
    const actor = createActor(loadingBarMachine).start();
    const seen: boolean[] = [];
    actor.subscribe((snapshot) => seen.push(selectBarVisible(snapshot)));
    actor.send({ type: 'nav.start' });
    vi.advanceTimersByTime(199);
    actor.send({ type: 'nav.done' });
    vi.advanceTimersByTime(10_000);
    expect(seen).not.toContain(true);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('shows the bar at 200 ms and hides it 500 ms after the navigation finishes', () => {
    const actor = createActor(loadingBarMachine).start();
    actor.send({ type: 'nav.start' });
    vi.advanceTimersByTime(200);
    expect(selectBarVisible(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'nav.done' });
    expect(actor.getSnapshot().value).toBe('finishing');
    vi.advanceTimersByTime(499);
    expect(selectBarVisible(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(1);
    expect(selectBarVisible(actor.getSnapshot())).toBe(false);
  });

  it('keeps waiting at full length after 5000 ms until the navigation ends, then shows the failure', () => {
    const actor = createActor(loadingBarMachine).start();
    actor.send({ type: 'nav.start' });
    vi.advanceTimersByTime(200 + 5000);
    expect(actor.getSnapshot().value).toBe('stalled');
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().value).toBe('stalled');
    actor.send({ type: 'nav.fail' });
    expect(actor.getSnapshot().value).toBe('failed');
    vi.advanceTimersByTime(500);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  const paths = machinePaths(loadingBarMachine, { events });

  it('has a generated path for every transition', () => {
    // 13 transitions: idle 1, waiting 3, running 3, stalled 2, finishing 2, failed 2.
    expect(paths).toHaveLength(13);
  });

  it.each(paths.map((path) => [describePath(path, loadingBarMachine).join(' → '), path] as const))(
    'replays with real timers: %s',
    async (_name, path) => {
      const actor = createActor(loadingBarMachine).start();
      await replayPath(path, loadingBarMachine, {
        send: (event) => actor.send(event as (typeof events)[number]),
        wait: (ms) => {
          vi.advanceTimersByTime(ms);
        },
        check: (state) => expect(actor.getSnapshot().value).toEqual(state.value),
      });
    },
  );
});

describe('loading bar initial snapshot without XState', () => {
  it('matches the machine’s', async () => {
    const { initialLoadingBarSnapshot } = await import('./loading-bar.selectors');
    const real = createActor(loadingBarMachine).start().getSnapshot();
    expect(initialLoadingBarSnapshot.value).toBe(real.value);
    expect(initialLoadingBarSnapshot.hasTag('visible')).toBe(real.hasTag('visible'));
  });
});
