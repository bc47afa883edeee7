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

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
