/**
 * Where toasts appear. Mounted once by the layout; it is tiny on purpose: the two live regions exist from the
 * start (so screen readers announce what is added to them), and the toaster's UI and styles load with the
 * first toast.
 */
import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react';
import { isLeaving } from '~/lib/chunk-reload';
import { getServerToasts, getToasts, subscribeToasts, type ToastItem } from './toast';
import * as styles from './toast-host.css';

/** The toaster's code. (The module resolves to nothing when the chunk guard took a failure.) */
const loadToaster = () => import('./toaster') as Promise<typeof import('./toaster') | undefined>;

type ToastListProps = { items: readonly ToastItem[] };
type Loaded = { List: ComponentType<ToastListProps> };

export function ToastHost() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const wanted = items.length > 0;

  // Loaded once the page has hydrated: a success toast is shown just before a full navigation (a sign-in), which
  // would cancel a load started by the toast.
  useEffect(() => {
    loadToaster().catch(() => {});
  }, []);

  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    loadToaster().then(
      // No module: the chunk guard took the failure (the page is leaving, or it reloads).
      (module) => module && live && setLoaded({ List: module.ToastList }),
      (error: unknown) => {
        if (!isLeaving()) console.error('[toast] the toaster could not load:', error);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded]);

  const List = loaded?.List;
  // Errors and warnings interrupt (role=alert); successes wait their turn (role=status).
  const urgent = items.filter((item) => item.kind !== 'success');
  const polite = items.filter((item) => item.kind === 'success');
  return (
    <div className={styles.host}>
      <div role="alert" aria-live="assertive">
        {List && urgent.length > 0 ? <List items={urgent} /> : null}
      </div>
      <div role="status" aria-live="polite">
        {List && polite.length > 0 ? <List items={polite} /> : null}
      </div>
    </div>
  );
}
