/**
 * Toasts (docs/product.md#errors-and-messages: the 429 warning, the logout failure, the forms' success and failure messages). This is
 * the imperative side: a tiny store any code can push to — `toast.success('注册成功')` — with no React and no
 * styles, so it costs next to nothing on the first load. `<ToastHost />` (mounted once by the layout) shows
 * them and loads the toaster's UI on the first toast.
 */
export type ToastKind = 'success' | 'error' | 'warning';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

/** How long a toast stays (paused while hovered or focused). */
export const TOAST_DURATION_MS = 3000;
/** At most this many toasts at once; the oldest goes first. */
const MAX_TOASTS = 3;

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string): number {
  // The same message already showing (ten requests all answered 429) is not stacked again.
  const same = items.find((item) => item.kind === kind && item.message === message);
  if (same) return same.id;
  const id = nextId++;
  items = [...items, { id, kind, message }].slice(-MAX_TOASTS);
  emit();
  return id;
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  dismiss(id: number) {
    if (!items.some((item) => item.id === id)) return;
    items = items.filter((item) => item.id !== id);
    emit();
  },
  /** Removes every toast (tests). */
  clear() {
    if (!items.length) return;
    items = [];
    emit();
  },
};

export function getToasts(): readonly ToastItem[] {
  return items;
}

const none: readonly ToastItem[] = [];
export const getServerToasts = () => none;

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
