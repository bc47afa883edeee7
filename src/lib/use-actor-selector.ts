/**
 * Reads a value from an app-lifetime actor's snapshot (the lazy ones of src/lib/lazy-actor.ts, on every page's
 * first load) and re-renders when it changes. Parts that load later use @xstate/react; importing it here would
 * bring XState itself into every first load (docs/decisions/043-ordinary-hydration.md).
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
