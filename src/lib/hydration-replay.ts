/**
 * The client's half of hydration on the first interaction (./deferred-hydration.ts has the loader): once the
 * page has hydrated, what the visitor did before reaches React.
 *
 * - Text typed and boxes ticked before hydration are not in React's state: React keeps the DOM's value when it
 *   hydrates a controlled field, starts tracking it from there (no change event follows), and puts the field
 *   back to its state at the next re-render. The loader recorded each field's last value; each one that differs
 *   from the server's default gets a change React sees: the tracked value is set to something else through the
 *   element's own setter, the visitor's value put back through the prototype's, and an `input` event dispatched
 *   (a checkbox or radio is set to the other state and clicked into the visitor's).
 * - The clicks and submissions the loader held back run again, after React has committed those changes.
 */
import type { DeferState } from './deferred-hydration';

type Field = HTMLInputElement | HTMLTextAreaElement;
const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Hands the recorded values to React; returns how many fields it changed. */
export function replayFieldValues(values: DeferState['v']): number {
  let changed = 0;
  for (const [field, [value, checked]] of values) {
    if (!field.isConnected) continue;
    if (isCheckable(field)) {
      if (checked === field.defaultChecked || (field.type === 'radio' && !checked)) continue;
      field.checked = !checked;
      field.click();
      changed++;
      continue;
    }
    if (value === field.defaultValue) continue;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    field.value = field.defaultValue;
    if (setValue) setValue.call(field, value);
    else field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    changed++;
  }
  return changed;
}

/** Runs the held-back clicks and submissions again (elements no longer in the page are skipped). */
export function replayQueue(queue: DeferState['q']): void {
  for (const action of queue) {
    if ('c' in action) {
      if (action.c.isConnected) action.c.click();
    } else if (action.f.isConnected) {
      try {
        action.f.requestSubmit(action.s?.isConnected ? action.s : undefined);
      } catch {
        // The submitter is no longer this form's submit button.
        action.f.requestSubmit();
      }
    }
  }
}

/**
 * Whether React has hydrated an element: it then carries React's own fiber key. React hydrates each Suspense
 * boundary (every route match has one) in a later pass than the document's shell, so the root's effect runs
 * before the page's fields are React's; this is the one way to know without a signal in every page.
 */
export const isReactElement = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/** Waits no longer than this for the page's fields to hydrate, then replays anyway. */
export const HYDRATION_WAIT_MS = 5000;

interface FinishOptions {
  isHydrated?: (element: Element) => boolean;
  now?: () => number;
}

/**
 * Called once the document's shell has hydrated (src/routes/root.tsx): a page that hydrated at load has no
 * loader state and nothing happens. Otherwise, once every form control of the page (and the elements of the
 * queued actions) are React's (checked every frame, at most HYDRATION_WAIT_MS), the loader stops holding events back, the values
 * reach React, and the queued actions run again.
 */
export function finishDeferredHydration(
  win: Window = window,
  { isHydrated = isReactElement, now = () => Date.now() }: FinishOptions = {},
): void {
  const state = win.__portalDefer;
  if (!state || state.h || state.w) return;
  state.w = 1;
  // Values the browser put in without an event (a restored form): still the DOM's before the page re-renders.
  for (const field of win.document.querySelectorAll<Field>('input, textarea')) {
    const changed = isCheckable(field) ? field.checked !== field.defaultChecked : field.value !== field.defaultValue;
    if (changed && !state.v.has(field)) state.v.set(field, [field.value, isCheckable(field) && field.checked]);
  }
  const deadline = now() + HYDRATION_WAIT_MS;
  const ready = () => {
    // Every control of the page, not only those touched so far: a field typed into after this point is only
    // recorded while the loader still holds on.
    const elements: Element[] = [...win.document.querySelectorAll('input, textarea, select, button, form')];
    elements.push(...state.v.keys());
    for (const action of state.q) elements.push('c' in action ? action.c : action.f);
    return elements.every((element) => !element.isConnected || isHydrated(element));
  };
  const finish = () => {
    if (!ready() && now() < deadline) {
      win.setTimeout(finish, 16);
      return;
    }
    state.h = 1;
    replayFieldValues(state.v);
    state.v.clear();
    const queue = state.q.splice(0);
    // After React has committed the state the change events set (a task later), so a submit sees the typed values.
    if (queue.length) win.setTimeout(() => replayQueue(queue), 0);
  };
  finish();
}
