/** Pure selectors and the initial snapshot of the loading-bar machine (no XState import; see lazy-actor.ts). */
export type LoadingBarEvent = { type: 'nav.start' } | { type: 'nav.done' } | { type: 'nav.fail' };
export type LoadingBarPhase = 'idle' | 'waiting' | 'running' | 'stalled' | 'finishing' | 'failed';

export interface LoadingBarSnapshot {
  value: unknown;
  hasTag: (tag: 'visible') => boolean;
}

export const LOADING_BAR_TIMING = { throttle: 200, duration: 5000, hideDelay: 500 } as const;

export const initialLoadingBarSnapshot: LoadingBarSnapshot = { value: 'idle', hasTag: () => false };

export const selectBarVisible = (snapshot: LoadingBarSnapshot) => snapshot.hasTag('visible');
export const selectBarPhase = (snapshot: LoadingBarSnapshot) => snapshot.value as LoadingBarPhase;
