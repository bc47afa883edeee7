/**
 * Toasts (docs/product.md#errors-and-messages: the 429 warning, the logout failure, the forms' success and failure messages), shown by
 * sonner. Calling code imports only this small module: `toast.success('注册成功')`. Sonner (its toaster and
 * styles) stays out of the first load: the first toast asks `<ToastHost />` to load it and is shown once the
 * toaster is mounted (sonner's toaster shows only what is added after it mounts).
 */
import type { toast as sonnerToast } from 'sonner';

export type ToastKind = 'success' | 'error' | 'warning';

export interface ToastItem {
  kind: ToastKind;
  message: string;
}

/** How long a toast stays (sonner pauses it while hovered or focused). */
export const TOAST_DURATION_MS = 3000;

/** The toast handed to the next page of this tab across a full page load (a sign-in's welcome), and how long it keeps. */
export const CARRIED_TOAST_KEY = 'portal.toast.next';
export const CARRIED_TOAST_MAX_AGE_MS = 15_000;

/** Sonner's `toast`, once its module has loaded; `mounted` while a toaster shows what it adds. */
let sonner: typeof sonnerToast | undefined;
let mounted = false;
let waiting: readonly ToastItem[] = [];
const listeners = new Set<() => void>();

function show(kind: ToastKind, message: string): void {
  // The message is the id: the same one already showing (ten requests all answered 429) is not stacked again.
  if (sonner && mounted) {
    sonner[kind](message, { id: `${kind}:${message}` });
    return;
  }
  if (waiting.some((item) => item.kind === kind && item.message === message)) return;
  waiting = [...waiting, { kind, message }];
  for (const listener of listeners) listener();
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  /**
   * Shows the toast on the next page of this tab when `target` (same origin) is loaded within
   * CARRIED_TOAST_MAX_AGE_MS (toaster.tsx reads it): a success toast queued right before a full page load is
   * otherwise gone before it is read (the welcome of a new account). When it cannot be carried (another origin,
   * blocked storage) it shows on this page.
   */
  carry(kind: ToastKind, message: string, target: string) {
    try {
      if (new URL(target, window.location.href).origin === window.location.origin) {
        window.sessionStorage.setItem(CARRIED_TOAST_KEY, JSON.stringify({ kind, message, at: Date.now() }));
        return;
      }
    } catch {
      // Blocked storage: shown here.
    }
    show(kind, message);
  },
  /** Removes every toast (a sign-out, tests). */
  clear() {
    waiting = [];
    sonner?.dismiss();
  },
};

/** The mounted toaster hands over sonner's `toast`; what waited is shown now. Returns the disconnect. */
export function connectToaster(toaster: typeof sonnerToast): () => void {
  sonner = toaster;
  mounted = true;
  const shown = waiting;
  waiting = [];
  for (const item of shown) show(item.kind, item.message);
  return () => {
    mounted = false;
  };
}

/** The toasts waiting for the toaster and those it shows (tests read what a flow said). */
export function getToasts(): ToastItem[] {
  const active = (sonner?.getToasts() ?? []).flatMap((item) =>
    'type' in item && (item.type === 'success' || item.type === 'error' || item.type === 'warning')
      ? [{ kind: item.type, message: String(item.title) }]
      : [],
  );
  return [...waiting, ...active];
}

export const hasWaitingToasts = () => waiting.length > 0;

/** Whether an earlier page of this tab carried a toast here (toast.carry): the host then loads the toaster. */
export function hasCarriedToast(): boolean {
  try {
    return window.sessionStorage.getItem(CARRIED_TOAST_KEY) !== null;
  } catch {
    return false;
  }
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
