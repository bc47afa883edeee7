/**
 * Where toasts appear. Mounted once by the layout; it is tiny on purpose: the two live regions exist from the
 * start (so screen readers announce what is added to them), and the toaster's UI and styles load with the
 * first toast.
 */
import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react';
import { getServerToasts, getToasts, subscribeToasts, type ToastItem } from './toast';
import * as styles from './toast-host.css';

type ToastListProps = { items: readonly ToastItem[] };
type Loaded = { List: ComponentType<ToastListProps> };

export function ToastHost() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const wanted = items.length > 0;

  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    import('./toaster').then(
      ({ ToastList }) => live && setLoaded({ List: ToastList }),
      (error: unknown) => console.error('[toast] the toaster could not load:', error),
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
