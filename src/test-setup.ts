import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { CARRIED_TOAST_KEY } from '~/components/toast/toast';

afterEach(() => {
  cleanup();
  // A toast carried to the next page (toast.carry) belongs to a page load that jsdom never makes.
  if (typeof window !== 'undefined') window.sessionStorage.removeItem(CARRIED_TOAST_KEY);
});
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
  // jsdom has no pointer capture; sonner's toasts take it on a press (to follow a swipe).
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
}

// Tests start machines synchronously, as the app does once XState has loaded.
await import('~/lib/machines-module').then(({ machinesModule }) => machinesModule.load());
