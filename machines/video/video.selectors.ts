/** Pure selectors and the initial snapshot of the video machine (no XState import; see lazy-actor.ts). */
export type VideoEvent =
  | { type: 'user.toggle' }
  | { type: 'media.play' }
  | { type: 'media.pause' }
  | { type: 'media.ended' };

export interface VideoSnapshot {
  value: unknown;
  hasTag: (tag: 'overlay') => boolean;
}

export const initialVideoSnapshot: VideoSnapshot = { value: 'paused', hasTag: (tag) => tag === 'overlay' };

export const selectOverlayShown = (snapshot: VideoSnapshot) => snapshot.hasTag('overlay');
export const selectIsPlaying = (snapshot: VideoSnapshot) => snapshot.value === 'playing';
