/**
 * When the customer-service layer opens by itself.
 *
 * Decision: once per browser, 30 s after the page first loads, on desktop, on the home page only. The timer
 * starts when the app first mounts (a full page load) and is not restarted by client-side navigation; when it
 * fires, the layer opens only if the visitor is on the home page (`/` or `/en`) at that moment, has never
 * closed the customer-service layer (localStorage `isCustomerServiceShow` is not 'false'; closing it stores
 * 'false', docs/product.md#data) and nothing else is open (another layer or the agreement modal) — it never interrupts.
 * It does not retry later in the same page load. Automated browsers (`navigator.webdriver`) are skipped so
 * tests and accessibility scans see the page they asked for.
 */
import { useEffect } from 'react';
import { hasServiceContact } from '#shared/brand-contents';
import { stripLocale } from '#shared/locale';
import { useBrandContents } from '~/lib/brand-contents';
import { readLocal } from '~/lib/local-storage';
import { CUSTOMER_SERVICE_CLOSED_KEY } from '~/lib/storage-keys';

export const AUTO_OPEN_DELAY_MS = 30_000;

export interface AutoOpenConditions {
  isMobile: boolean;
  /** The current path, with its language prefix. */
  pathname: string;
  /** The stored `isCustomerServiceShow` value (null when never set). */
  storedFlag: string | null;
  /** Another layer or the document modal is open. */
  somethingOpen: boolean;
  /** `navigator.webdriver`: the page is driven by automation. */
  automated: boolean;
}

export function shouldAutoOpenCustomerService(conditions: AutoOpenConditions): boolean {
  const onHome = stripLocale(conditions.pathname) === '/';
  return (
    !conditions.isMobile &&
    !conditions.automated &&
    onHome &&
    conditions.storedFlag !== 'false' &&
    !conditions.somethingOpen
  );
}

export interface AutoOpenOptions {
  isMobile: boolean;
  isSomethingOpen: () => boolean;
  open: () => void;
  delayMs?: number;
}

/** Schedules the one automatic opening on mount; the checks run when the timer fires. */
export function useCustomerServiceAutoOpen({
  isMobile,
  isSomethingOpen,
  open,
  delayMs = AUTO_OPEN_DELAY_MS,
}: AutoOpenOptions) {
  // A layer with no way to reach anyone yet (shared/brand-contents.ts) is not worth interrupting for.
  const hasContact = hasServiceContact(useBrandContents());
  // biome-ignore lint/correctness/useExhaustiveDependencies: scheduled once per page load; the callbacks read live state
  useEffect(() => {
    if (isMobile || navigator.webdriver || !hasContact) return;
    const timer = window.setTimeout(() => {
      const allowed = shouldAutoOpenCustomerService({
        isMobile,
        pathname: window.location.pathname,
        storedFlag: readLocal(CUSTOMER_SERVICE_CLOSED_KEY),
        somethingOpen: isSomethingOpen(),
        automated: navigator.webdriver,
      });
      if (allowed) open();
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, []);
}
