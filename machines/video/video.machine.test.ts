import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describePath, machinePaths } from '../testing/paths';
import { selectIsPlaying, selectOverlayShown, type VideoEvent, videoMachine } from './video.machine';

const videoEvents = [
  { type: 'user.toggle' },
  { type: 'media.play' },
  { type: 'media.pause' },
  { type: 'media.ended' },
] as const;

const paths = machinePaths(videoMachine, { events: videoEvents });

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

  // The machine has no invoke or after, so xstate/graph's test model accepts it: every generated path is
  // walked through the model against a real actor, checking after each step the state, the overlay and the
  // effects that step called (a click drives the element; the element's own events drive nothing).
  const model = createTestModel(videoMachine, { events: videoEvents });
  const toggleEffects = { paused: ['play'], playing: ['pause'], ended: ['restart', 'play'] } as const;

  it.each(paths.map((path) => [describePath(path, videoMachine).join(' → '), path] as const))(
    'path %s: the actor follows the model, calling the effects of each step',
    async (_name, path) => {
      const called: string[] = [];
      const actor = createActor(
        videoMachine.provide({
          actions: {
            play: () => void called.push('play'),
            pause: () => void called.push('pause'),
            restart: () => void called.push('restart'),
          },
        }),
      ).start();
      const send = ({ event }: { event: VideoEvent }) => {
        const from = actor.getSnapshot().value as keyof typeof toggleEffects;
        called.length = 0;
        actor.send(event);
        expect(called).toEqual(event.type === 'user.toggle' ? toggleEffects[from] : []);
      };
      // machinePaths types its events loosely (EventObject); these are the machine's own events.
      await model.testPath(path as Parameters<typeof model.testPath>[0], {
        events: Object.fromEntries(videoEvents.map((event) => [event.type, send])),
        states: {
          '*': (state) => {
            expect(actor.getSnapshot().value).toBe(state.value);
            expect(selectOverlayShown(actor.getSnapshot())).toBe(state.value !== 'playing');
          },
        },
      });
    },
  );
});

describe('video initial snapshot without XState', () => {
  it('matches the machine’s', async () => {
    const { initialVideoSnapshot } = await import('./video.selectors');
    const real = createActor(videoMachine).start().getSnapshot();
    expect(initialVideoSnapshot.value).toBe(real.value);
    expect(initialVideoSnapshot.hasTag('overlay')).toBe(real.hasTag('overlay'));
  });
});
