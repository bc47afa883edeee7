/**
 * A part of the page whose code is not in the first load although the server renders it in full: the server
 * loads the code as it starts, so its HTML has the part; the browser loads the code when it is next idle after
 * hydrating (at most a second later) and hydrates the part then. Until then React keeps the server's HTML as it
 * is (a suspended boundary keeps its content), links in it work as plain links, and its styles must be in the
 * entry's stylesheet (import the part's `.css` module where the part is used).
 *
 * A click on a button of a part not live yet would be lost: React drops a click on a part it cannot hydrate at
 * once. It is held instead (the button shows it as taken, `data-held`), the part's code is asked for at once,
 * and the click runs again once the part is live. The part's box (`data-part-pending` until then) is
 * `display: contents`, so it changes no layout.
 */
import { type ComponentType, memo, Suspense, use, useEffect, useState } from 'react';
import { isChunkLoadError, reloadInBrowser, unlessLeavingSoon } from './chunk-reload';
import * as styles from './deferred-component.css';
import { replayQueue } from './hydration-replay';

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
  /** The part's name, unique in the page (its box's `data-part-pending` until it is live). */
  name: string;
  loaded(): Promise<ComponentType>;
  /** Asks for the code now instead of when the browser is next idle. */
  hurry(): void;
}

const parts = new Map<string, DeferredPart>();
/** The clicks held per part, until it is live. */
const held = new Map<string, HTMLElement[]>();

/**
 * `name`: the part's name, unique in the page; `load`: a dynamic import of the part's module, resolving to its
 * component (without props).
 */
export function deferredPart(name: string, load: () => Promise<ComponentType>): DeferredPart {
  let component = import.meta.env.SSR ? tracked(load()) : undefined;
  let wake: (() => void) | undefined;
  let hurried = false;
  const part: DeferredPart = {
    name,
    loaded() {
      // The code comes when the browser is next idle, or at once when a held click hurries it.
      const hurry = () =>
        new Promise<void>((resolve) => {
          wake = resolve;
          if (hurried) resolve();
        });
      component ??= tracked(Promise.race([whenIdle(), hurry()]).then(load).catch(keepServerHtml));
      return component;
    },
    hurry() {
      hurried = true;
      wake?.();
    },
  };
  parts.set(name, part);
  return part;
}

/** What a held click is for: a button-like element (links and form fields work without the part's code). */
const PRESSABLE = 'button, [role="button"], summary, input[type="submit"], input[type="button"]';

/** Holds a click on a part not live yet (a capturing listener on the window: before React's, on its root). */
function holdClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const box = target?.closest<HTMLElement>('[data-part-pending]');
  if (!target || !box || target.closest('a[href]')) return;
  const pressed = target.closest<HTMLElement>(PRESSABLE);
  if (!pressed || !box.contains(pressed)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  pressed.setAttribute('data-held', '');
  const name = box.getAttribute('data-part-pending') ?? '';
  held.set(name, [...(held.get(name) ?? []), pressed]);
  parts.get(name)?.hurry();
}

if (typeof window !== 'undefined' && !import.meta.env.SSR) window.addEventListener('click', holdClick, true);

/** Runs the clicks held for a part that has just become live. */
function replayHeld(name: string): void {
  const clicks = held.get(name) ?? [];
  held.delete(name);
  for (const element of clicks) element.removeAttribute('data-held');
  replayQueue(clicks.map((element) => ({ c: element })));
}

function Loaded({ part, onLive }: { part: DeferredPart; onLive: (live: true) => void }) {
  const Component = use(part.loaded());
  useEffect(() => onLive(true), [onLive]);
  return <Component />;
}

/**
 * Memoised: the layout renders again soon after hydrating, and an update that reaches a boundary still waiting
 * for its code makes React give up the server's HTML and show the fallback (nothing) until the code is there.
 * The page would shrink under the visitor for a moment (a scrolled page jumped up, a pressed button moved away).
 * The part takes no props but itself, so nothing needs to reach it.
 */
export const Deferred = memo(function Deferred({ part }: { part: DeferredPart }) {
  const [live, setLive] = useState(false);
  // Once the box no longer says pending (this commit), the held clicks reach the part's own handlers.
  useEffect(() => {
    if (live) replayHeld(part.name);
  }, [live, part.name]);
  return (
    <div className={styles.box} data-part-pending={live ? undefined : part.name}>
      <Suspense fallback={null}>
        <Loaded part={part} onLive={setLive} />
      </Suspense>
    </div>
  );
});
