import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { describePath, machinePaths } from '../testing/paths';
import { selectIsPlaying, selectOverlayShown, videoMachine } from './video.machine';

const videoEvents = [
  { type: 'user.toggle' },
  { type: 'media.play' },
  { type: 'media.pause' },
  { type: 'media.ended' },
] as const;

describe('video machine', () => {
  it('starts paused with the overlay shown', () => {
    const snapshot = createActor(videoMachine).start().getSnapshot();
    expect(selectOverlayShown(snapshot)).toBe(true);
    expect(selectIsPlaying(snapshot)).toBe(false);
  });

  it('toggles play and pause through its effects, and restarts after the end', () => {
    const play = vi.fn();
    const pause = vi.fn();
    const restart = vi.fn();
    const actor = createActor(videoMachine.provide({ actions: { play, pause, restart } })).start();
    actor.send({ type: 'user.toggle' });
    expect(play).toHaveBeenCalledTimes(1);
    expect(selectOverlayShown(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.toggle' });
    expect(pause).toHaveBeenCalledTimes(1);
    actor.send({ type: 'media.play' });
    actor.send({ type: 'media.ended' });
    expect(selectOverlayShown(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.toggle' });
    expect(restart).toHaveBeenCalledTimes(1);
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('covers every transition with a generated path', () => {
    const paths = machinePaths(videoMachine, { events: videoEvents });
    const described = paths.map((path) => describePath(path, videoMachine).at(-1));
    expect(described).toEqual(
      expect.arrayContaining([
        'paused --user.toggle--> playing',
        'paused --media.play--> playing',
        'playing --user.toggle--> paused',
        'playing --media.pause--> paused',
        'playing --media.ended--> ended',
        'ended --user.toggle--> playing',
        'ended --media.play--> playing',
      ]),
    );
    expect(paths).toHaveLength(7);
  });
});

describe('video initial snapshot without XState', () => {
  it('matches the machine’s', async () => {
    const { initialVideoSnapshot } = await import('./video.selectors');
    const real = createActor(videoMachine).start().getSnapshot();
    expect(initialVideoSnapshot.value).toBe(real.value);
    expect(initialVideoSnapshot.hasTag('overlay')).toBe(real.hasTag('overlay'));
  });
});
