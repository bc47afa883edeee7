/**
 * A part of the page that loads on first use (a dialog) but renders in the same task as the tap that shows it
 * once its code and messages are ready. React.lazy suspends on its first render even when the import has settled,
 * and React then holds the content back for up to 300 ms (its throttle for revealing what replaces a fallback), so
 * a layer opened by a click answered a third of a second late although its code had been kept ready at idle.
 *
 * `keep` loads the code and fetches the messages without handing them over (for `keepReady`, src/lib/warm-up.ts);
 * `prepare`, called in the event that shows the part, hands fetched messages to the language's instance there and
 * then; `<Ready part={…} />` renders the component when both are in, and loads them first otherwise (the cold
 * path: a tap before the warm-up).
 */
import { type ComponentType, useEffect, useSyncExternalStore } from 'react';
import { type Locale, localeFromPath } from '#shared/locale';
import { areasReady, type CatalogArea, handOverFetched, loadLocale, prefetchLocale } from './i18n';

export interface ReadyPart {
  /** Loads the code and fetches the messages without handing them over (for `keepReady`). */
  keep(): Promise<unknown>;
  /** Hands fetched messages to the page language's instance (in the event that shows the part). */
  prepare(): void;
  /** Loads the code and hands the messages over (the cold path); `Ready` renders again once both are in. */
  ensure(): void;
  /** The component once its code has loaded and its messages are in, else null; a failed load's error. */
  current(): ComponentType | Error | null;
  subscribe(listener: () => void): () => void;
}

const pageLocale = (): Locale => localeFromPath(window.location.pathname);

export function readyPart(load: () => Promise<{ default: ComponentType }>, areas: readonly CatalogArea[]): ReadyPart {
  let loaded: ComponentType | undefined;
  let failed: Error | null = null;
  let code: Promise<ComponentType> | undefined;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const loadCode = () => {
    code ??= load().then(
      (module) => {
        loaded = module.default;
        return module.default;
      },
      (error: unknown) => {
        // Tried again at the next use (the chunk guard decides about reloading the page).
        code = undefined;
        throw error;
      },
    );
    return code;
  };
  return {
    keep: () => Promise.all([loadCode(), prefetchLocale(pageLocale(), areas)]),
    prepare: () => {
      if (handOverFetched(pageLocale(), areas) && loaded) notify();
    },
    ensure: () => {
      failed = null;
      Promise.all([loadCode(), loadLocale(pageLocale(), areas)]).then(notify, (error: unknown) => {
        failed = error instanceof Error ? error : new Error(String(error));
        notify();
      });
    },
    current: () => {
      if (failed) return failed;
      return loaded && areasReady(pageLocale(), areas) ? loaded : null;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Renders a ready part: at once when it is ready; otherwise nothing until it is (no Suspense: React.lazy's
 * fallback throttle would hold it back 300 ms more). A failed load goes to the route's error boundary.
 */
export function Ready({ part }: { part: ReadyPart }) {
  const current = useSyncExternalStore(part.subscribe, part.current, part.current);
  useEffect(() => {
    if (!current) part.ensure();
  }, [current, part]);
  if (current instanceof Error) throw current;
  const Component = current;
  return Component ? <Component /> : null;
}
