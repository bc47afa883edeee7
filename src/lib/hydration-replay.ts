/**
 * The client's half of hydration at idle (./deferred-hydration.ts has the loader): once the document has
 * hydrated, the clicks and submissions the loader held back run again.
 *
 * Nothing here waits for the page's own parts to hydrate (React hydrates each Suspense boundary, so each route
 * match, in a later pass than the shell): React's root listens from the moment `hydrateRoot` is called, and a
 * click, a key or a change on a part not hydrated yet makes React hydrate that part at once, then handle the
 * event there. A submission is not such an event, so a held-back submission is replayed as a click on its
 * submit button (the browser then submits a form that React handles). What was typed needs no replay: every
 * field adopts its DOM value as it hydrates (src/features/auth/fields.tsx). What the loader answered by itself (a
 * field's message, a form's way) is set again by the replayed press; the messages' marks go in the same task, so
 * no frame shows neither.
 */
import type { DeferState } from './deferred-hydration';

const SUBMIT_BUTTON = 'button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]';

/** Runs the held-back clicks and submissions again (elements no longer in the page are skipped). */
export function replayQueue(queue: DeferState['q']): void {
  for (const action of queue) {
    if ('c' in action) {
      if (action.c.isConnected) action.c.click();
      continue;
    }
    const form = action.f;
    if (!form.isConnected) continue;
    const submitter =
      action.s?.isConnected && action.s.matches(SUBMIT_BUTTON) && form.contains(action.s)
        ? action.s
        : form.querySelector<HTMLElement>(SUBMIT_BUTTON);
    if (submitter) submitter.click();
    else {
      // No submit button: a click on the form hydrates it first, then the submission reaches React.
      form.click();
      form.requestSubmit();
    }
  }
}

/**
 * Called once the document's shell has hydrated (src/routes/root.tsx): a page that hydrated at load has no
 * loader state and nothing happens. Otherwise the loader stops holding events back, and the queued actions run
 * a task later (after the effects of this commit).
 */
export function finishDeferredHydration(win: Window = window): void {
  const state = win.__portalDefer;
  if (!state || state.h) return;
  state.h = 1;
  state.d = null;
  for (const element of win.document.querySelectorAll('[data-held]')) element.removeAttribute('data-held');
  const queue = state.q.splice(0);
  if (queue.length) win.setTimeout(() => replayHeld(win, queue), 0);
}

/** The text fields a visitor types into. */
function typingField(element: Element | null): HTMLElement | null {
  if (element?.tagName === 'TEXTAREA') return element as HTMLElement;
  const type = (element as HTMLInputElement | null)?.type;
  return element?.tagName === 'INPUT' && !/^(button|checkbox|file|image|radio|reset|submit)$/.test(type ?? '')
    ? (element as HTMLElement)
    : null;
}

/**
 * Replays the queue, then takes away what the loader answered by itself (the app has just set the same, or,
 * where the visitor has typed since, less). A replayed check focuses its first invalid field: a visitor typing
 * into another field by then keeps the focus, so no key goes elsewhere.
 */
function replayHeld(win: Window, queue: DeferState['q']): void {
  const typing = typingField(win.document.activeElement);
  replayQueue(queue);
  if (typing?.isConnected && win.document.activeElement !== typing) typing.focus();
  for (const element of win.document.querySelectorAll('[data-held-error]')) element.removeAttribute('data-held-error');
}
