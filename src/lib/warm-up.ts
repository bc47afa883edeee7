/**
 * Code the page may need at the visitor's first tap (the layers' dialogs, the "get code" logic, the toaster,
 * XState and the machines) is loaded once the page has hydrated and the browser is idle, so the tap answers at
 * once instead of waiting for a download. Modules say what to keep ready with `keepReady` when they are
 * evaluated; the entry calls `warmUpWhenIdle` after hydrating. Nothing is loaded on a 2g connection or with
 * data saver on (the same rule as the link prefetch, src/app/prefetch.ts): there it loads on first use, as before.
 */
import { shouldPrefetch } from './prefetch-rule';

type Load = () => Promise<unknown>;

const waiting: Load[] = [];
let started = false;

/** Keeps this code ready once the page is idle (loads it then, or at once when the warm-up has started). */
export function keepReady(load: Load): void {
  if (started) run(load);
  else waiting.push(load);
}

function run(load: Load) {
  load().catch(() => {
    // Loaded again on first use, where a failure is handled.
  });
}

function idle(next: () => void) {
  // WebKit has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(next, { timeout: 1000 });
  else setTimeout(next, 50);
}

/** Starts the warm-up: one load per idle period, in the order the modules asked. */
export function warmUpWhenIdle(): void {
  if (started) return;
  started = true;
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } })
    .connection;
  if (!shouldPrefetch(connection)) return;
  const next = () => {
    const load = waiting.shift();
    if (!load) return;
    run(load);
    idle(next);
  };
  idle(next);
}
