/**
 * A list read page by page with the server's cursor: the first page loads with `deps` (useLoad), "load more" appends
 * the next. A page that arrives after the list was loaded again (new filters, a retry) is dropped, and a second
 * "load more" while one is on its way does nothing (the same page would be appended twice).
 */
import { useRef, useState } from 'react';
import { useLoad } from './use-load';

export interface CursorPage<T> {
  items: T[];
  nextCursor?: string | null;
}

export interface CursorList<T> {
  /** The first page's load state (loading, error with its retry, ok). */
  state: ReturnType<typeof useLoad<CursorPage<T>>>['state'];
  reload: () => void;
  /** Every row loaded so far. */
  items: T[];
  /** There is a next page to ask for. */
  hasMore: boolean;
  /** A next page is on its way. */
  busy: boolean;
  /** Why the last "load more" failed ('' when it did not). */
  moreError: string;
  loadMore: () => void;
}

/** `load(cursor)` reads one page: the first without a cursor. `fallbackError` words a failure without a message. */
export function useCursorList<T>(
  load: (cursor?: string) => Promise<CursorPage<T>>,
  deps: readonly unknown[],
  fallbackError: string,
): CursorList<T> {
  const generation = useRef(0);
  const inFlight = useRef(false);
  const [more, setMore] = useState<{ items: T[]; cursor: string | null }>({ items: [], cursor: null });
  const [busy, setBusy] = useState(false);
  const [moreError, setMoreError] = useState('');
  const { state, reload } = useLoad(async () => {
    const mine = ++generation.current;
    inFlight.current = false;
    setBusy(false);
    setMoreError('');
    const page = await load();
    if (mine === generation.current) setMore({ items: [], cursor: page.nextCursor ?? null });
    return page;
  }, deps);

  const loadMore = () => {
    if (!more.cursor || inFlight.current) return;
    const mine = generation.current;
    inFlight.current = true;
    setBusy(true);
    setMoreError('');
    const settle = () => {
      inFlight.current = false;
      setBusy(false);
    };
    load(more.cursor).then(
      (page) => {
        if (mine !== generation.current) return;
        settle();
        setMore((previous) => ({ items: [...previous.items, ...page.items], cursor: page.nextCursor ?? null }));
      },
      (error: Error) => {
        if (mine !== generation.current) return;
        settle();
        setMoreError(error.message || fallbackError);
      },
    );
  };

  return {
    state,
    reload,
    items: state.status === 'ok' ? [...state.data.items, ...more.items] : [],
    hasMore: state.status === 'ok' && more.cursor !== null,
    busy,
    moreError,
    loadMore,
  };
}
