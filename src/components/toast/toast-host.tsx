/**
 * Where toasts appear. Mounted once by the layout; it renders nothing until the first toast, which loads sonner's
 * toaster (toaster.tsx).
 */
import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react';
import { guardChunk, isLeaving } from '~/lib/chunk-reload';
import { mayFetchAhead } from '~/lib/prefetch-rule';
import { hasCarriedToast, hasWaitingToasts, subscribeToasts } from './toast';

/** The toaster's code, through the chunk guard (a replaced deploy reloads the page; a page leaving waits for it). */
const loadToaster = guardChunk(() => import('./toaster'));

export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToasts, hasWaitingToasts, () => false);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  // A toast an earlier page carried here (toast.carry): the toaster reads and shows it once mounted.
  const [carried, setCarried] = useState(false);

  // Loaded once the page has hydrated, where code may be fetched ahead (not on 2g or with data saver): a success
  // toast may be shown just before a full navigation (one it cannot be carried across), which would cancel a load
  // started by the toast.
  useEffect(() => {
    if (hasCarriedToast()) setCarried(true);
    if (mayFetchAhead()) loadToaster().catch(() => {});
  }, []);

  useEffect(() => {
    if (!(wanted || carried) || Toaster) return;
    let live = true;
    loadToaster().then(
      (module) => live && setToaster(() => module.Toaster),
      (error: unknown) => {
        if (!isLeaving()) console.error('[toast] the toaster could not load:', error);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, carried, Toaster]);

  return Toaster ? <Toaster /> : null;
}
