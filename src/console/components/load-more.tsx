/** The "load more" of a cursor list (../lib/use-cursor-list.ts): its failure with a retry, then the button. */
import { Trans } from '@lingui/react/macro';
import type { CursorList } from '../lib/use-cursor-list';
import * as ui from '../styles/ui.css';
import { ErrorState } from './states';

export function LoadMore({ list }: { list: Pick<CursorList<unknown>, 'hasMore' | 'busy' | 'moreError' | 'loadMore'> }) {
  return (
    <>
      {list.moreError && <ErrorState message={list.moreError} onRetry={list.loadMore} />}
      {list.hasMore && (
        <p>
          <button type="button" className={ui.button()} onClick={list.loadMore} aria-busy={list.busy}>
            <Trans>加载更多</Trans>
          </button>
        </p>
      )}
    </>
  );
}
