/** Loads what a page shows and keeps it with its loading and error states (a late answer never overwrites a newer one). */
import { useCallback, useEffect, useRef, useState } from 'react';

export type Loaded<T> =
  | { status: 'loading'; data?: T }
  | { status: 'error'; error: { message: string; code: number }; data?: T }
  | { status: 'ok'; data: T };

/** `deps`: what the load depends on (compared by value, so a new but equal filter object loads nothing). */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const generation = useRef(0);
  const latest = useRef(load);
  latest.current = load;
  const run = useCallback(() => {
    const mine = ++generation.current;
    setState((previous) => ({ status: 'loading', ...(previous.data !== undefined ? { data: previous.data } : {}) }));
    latest.current().then(
      (data) => {
        if (mine === generation.current) setState({ status: 'ok', data });
      },
      (error: { message?: string; code?: number }) => {
        if (mine === generation.current)
          setState({ status: 'error', error: { message: error?.message ?? '', code: error?.code ?? 0 } });
      },
    );
  }, []);
  const key = JSON.stringify(deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the caller's dependencies.
  useEffect(run, [run, key]);
  return { state, reload: run, set: (data: T) => setState({ status: 'ok', data }) };
}
