/**
 * The page loading bar (docs/product.md#states, #constants): it follows route navigation.
 *
 * idle ──nav.start──▶ waiting ──after throttle (200 ms)──▶ running ──after duration (5000 ms)──▶ stalled
 *                       │ nav.done / nav.fail: the navigation was fast, no bar is ever shown ──▶ idle
 * running | stalled ──nav.done──▶ finishing (bar at 100 %) ──after hideDelay (500 ms)──▶ idle
 * running | stalled ──nav.fail──▶ failed (failed colour)   ──after hideDelay (500 ms)──▶ idle
 * finishing | failed ──nav.start──▶ waiting (a new navigation begins)
 *
 * The bar's width animates from 0 to 100 % over `duration` while running; the component reads the
 * `visible` tag and the state name, never a copy of its own.
 */
import { setup } from 'xstate';

import { LOADING_BAR_TIMING, type LoadingBarEvent } from './loading-bar.selectors';

export * from './loading-bar.selectors';

export const loadingBarMachine = setup({
  types: { events: {} as LoadingBarEvent, tags: {} as 'visible' },
  delays: {
    throttle: LOADING_BAR_TIMING.throttle,
    duration: LOADING_BAR_TIMING.duration,
    hideDelay: LOADING_BAR_TIMING.hideDelay,
  },
}).createMachine({
  id: 'loadingBar',
  initial: 'idle',
  states: {
    idle: {
      on: { 'nav.start': 'waiting' },
    },
    waiting: {
      after: { throttle: 'running' },
      on: { 'nav.done': 'idle', 'nav.fail': 'idle' },
    },
    running: {
      tags: ['visible'],
      after: { duration: 'stalled' },
      on: { 'nav.done': 'finishing', 'nav.fail': 'failed' },
    },
    stalled: {
      tags: ['visible'],
      on: { 'nav.done': 'finishing', 'nav.fail': 'failed' },
    },
    finishing: {
      tags: ['visible'],
      after: { hideDelay: 'idle' },
      on: { 'nav.start': 'waiting' },
    },
    failed: {
      tags: ['visible'],
      after: { hideDelay: 'idle' },
      on: { 'nav.start': 'waiting' },
    },
  },
});
