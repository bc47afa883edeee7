/**
 * Sonner's toaster, loaded with the first toast (see toast-host.tsx): centred under the header, at most three,
 * each leaving after TOAST_DURATION_MS unless hovered or focused, with a close button in the page's language.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import 'sonner/dist/styles.css';
import { layout } from '~/styles/theme.css';
import {
  CARRIED_TOAST_KEY,
  CARRIED_TOAST_MAX_AGE_MS,
  connectToaster,
  toast as portalToast,
  TOAST_DURATION_MS,
  type ToastItem,
} from './toast';

/** The toast an earlier page of this tab carried over (toast.carry), shown once if it is still fresh. */
export function showCarriedToast(now = Date.now()): void {
  let carried: unknown;
  try {
    const stored = window.sessionStorage.getItem(CARRIED_TOAST_KEY);
    if (stored === null) return;
    window.sessionStorage.removeItem(CARRIED_TOAST_KEY);
    carried = JSON.parse(stored);
  } catch {
    return;
  }
  if (typeof carried !== 'object' || carried === null) return;
  const { kind, message, at } = carried as Partial<ToastItem & { at: number }>;
  const known = kind === 'success' || kind === 'error' || kind === 'warning';
  if (
    !known ||
    typeof message !== 'string' ||
    typeof at !== 'number' ||
    now - at > CARRIED_TOAST_MAX_AGE_MS ||
    at > now
  )
    return;
  portalToast[kind](message);
}

export function Toaster() {
  const { t } = useLingui();
  useEffect(() => {
    const disconnect = connectToaster(toast);
    showCarriedToast();
    return disconnect;
  }, []);
  return (
    <Sonner
      position="top-center"
      offset={layout.headerHeight + 16}
      duration={TOAST_DURATION_MS}
      visibleToasts={3}
      richColors
      closeButton
      containerAriaLabel={t`通知`}
      toastOptions={{ closeButtonAriaLabel: t`关闭通知` }}
    />
  );
}
