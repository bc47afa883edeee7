/**
 * The video player (docs/product.md#pages): it toggles between playing and paused; the pause overlay button shows when
 * paused or ended.
 *
 * paused ──user.toggle──▶ playing ──user.toggle──▶ paused
 * playing ──media.ended──▶ ended ──user.toggle──▶ playing (from the start)
 * The media element's own events keep the machine true to it: media.play / media.pause (native controls,
 * another script, the browser pausing a hidden tab).
 *
 * `play` and `pause` drive the element; they are supplied by the component.
 */
import { setup } from 'xstate';

import type { VideoEvent } from './video.selectors';

export * from './video.selectors';

export const videoMachine = setup({
  types: { events: {} as VideoEvent, tags: {} as 'overlay' },
  actions: {
    play: () => {},
    pause: () => {},
    restart: () => {},
  },
}).createMachine({
  id: 'video',
  initial: 'paused',
  states: {
    paused: {
      tags: ['overlay'],
      on: {
        'user.toggle': { target: 'playing', actions: 'play' },
        'media.play': 'playing',
      },
    },
    playing: {
      on: {
        'user.toggle': { target: 'paused', actions: 'pause' },
        'media.pause': 'paused',
        'media.ended': 'ended',
      },
    },
    ended: {
      tags: ['overlay'],
      on: {
        'user.toggle': { target: 'playing', actions: ['restart', 'play'] },
        'media.play': 'playing',
      },
    },
  },
});
