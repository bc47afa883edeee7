/**
 * Reads a value from an actor's snapshot and re-renders when it changes. It works with XState actors and the
 * lazy ones (src/lib/lazy-actor.ts). It stands in for @xstate/react's `useSelector`, whose CommonJS
 * `use-sync-external-store` shim would add 3 kB to every first load; React 19 has the hook built in.
 * Selectors return primitives or objects held by the snapshot, so equal snapshots give identical values.
 */
import { useCallback, useSyncExternalStore } from 'react';

export interface Subscribable<TSnapshot> {
  getSnapshot(): TSnapshot;
  subscribe(listener: (snapshot: TSnapshot) => void): { unsubscribe(): void };
}

export function useActorSelector<TSnapshot, T>(
  actor: Subscribable<TSnapshot>,
  selector: (snapshot: TSnapshot) => T,
): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const read = () => selector(actor.getSnapshot());
  return useSyncExternalStore(subscribe, read, read);
}
