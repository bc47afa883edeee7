/**
 * A part of the page whose code is not in the first load although the server renders it in full: the server
 * loads the code as it starts, so its HTML has the part; the browser loads the code when it is next idle after
 * hydrating (at most a second later) and hydrates the part then. Until then React keeps the server's HTML as it
 * is (a suspended boundary keeps its content), links in it work as plain links, and its styles must be in the
 * entry's stylesheet (import the part's `.css` module where the part is used).
 */
import { type ComponentType, memo, Suspense, use } from 'react';
import { isChunkLoadError, reloadInBrowser, unlessLeavingSoon } from './chunk-reload';

/** A promise React's `use` reads at once when it has settled (its `status` and `value`). */
function tracked<T>(promise: Promise<T>): Promise<T> {
  const result = promise as Promise<T> & { status: string; value?: T };
  result.status = 'pending';
  result.then(
    (value) => {
      result.status = 'fulfilled';
      result.value = value;
    },
    (reason: unknown) => {
      result.status = 'rejected';
      // React rethrows the reason; without it, it throws its own error #600 and the cause is lost.
      (result as { reason?: unknown }).reason = reason;
    },
  );
  return result;
}

const whenIdle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });

/**
 * A part whose code did not arrive keeps the server's HTML (the boundary stays suspended) instead of sending an
 * error to the route's boundary, which would replace the whole page and log it. Most such failures are loads that
 * Firefox cancelled because the page is being left. The chunk guard decides at once (one reload a minute); when it
 * declines, the failure is logged only if the page is still there after the grace.
 */
function keepServerHtml(error: unknown): Promise<ComponentType> {
  if (!isChunkLoadError(error)) throw error;
  // The guard decides at once, as for any chunk (a later reload would land under a visitor already acting).
  if (!reloadInBrowser()) unlessLeavingSoon(() => console.error('[portal] a part of the page could not load:', error));
  return new Promise<ComponentType>(() => {});
}

export interface DeferredPart {
  loaded(): Promise<ComponentType>;
}

/** `load`: a dynamic import of the part's module, resolving to its component (without props). */
export function deferredPart(load: () => Promise<ComponentType>): DeferredPart {
  let component = import.meta.env.SSR ? tracked(load()) : undefined;
  return {
    loaded() {
      component ??= tracked(whenIdle().then(load).catch(keepServerHtml));
      return component;
    },
  };
}

function Loaded({ part }: { part: DeferredPart }) {
  const Component = use(part.loaded());
  return <Component />;
}

/**
 * Memoised: the layout renders again soon after hydrating, and an update that reaches a boundary still waiting
 * for its code makes React give up the server's HTML and show the fallback (nothing) until the code is there.
 * The page would shrink under the visitor for a moment (a scrolled page jumped up, a pressed button moved away).
 * The part takes no props but itself, so nothing needs to reach it.
 */
export const Deferred = memo(function Deferred({ part }: { part: DeferredPart }) {
  return (
    <Suspense fallback={null}>
      <Loaded part={part} />
    </Suspense>
  );
});
