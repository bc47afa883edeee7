/**
 * The like button and count of an article. The count is fetched after the page has hydrated (pages are cached
 * on the server for minutes, so a count in the HTML could be stale); a like is counted once per visitor by
 * the server (visitor cookie), so a second click or a reload never adds another. A count of 0 reads as an
 * invitation ("be the first to like this") rather than a verdict.
 */
import { Plural, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { ApiFetch } from '~/app/router-context';
import { useLocale } from '~/lib/use-locale';
import { fetchLikes, postLike } from './client';
import * as styles from './college.css';

type LikeView =
  | { status: 'loading' }
  | { status: 'ready'; likes: number; liked: boolean; sending: boolean; failed: boolean }
  | { status: 'unavailable' };

export function LikeButton({ api, articleId }: { api: ApiFetch; articleId: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [view, setView] = useState<LikeView>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setView({ status: 'loading' });
    fetchLikes(api, articleId, locale, controller.signal).then(
      (state) => setView({ status: 'ready', likes: state.likes, liked: state.liked, sending: false, failed: false }),
      () => {
        if (!controller.signal.aborted) setView({ status: 'unavailable' });
      },
    );
    return () => controller.abort();
  }, [api, articleId, locale]);

  const like = () => {
    if (view.status !== 'ready' || view.liked || view.sending) return;
    setView({ ...view, sending: true, failed: false });
    postLike(api, articleId, locale).then(
      (state) => setView({ status: 'ready', likes: state.likes, liked: true, sending: false, failed: false }),
      () => setView({ ...view, sending: false, failed: true }),
    );
  };

  const liked = view.status === 'ready' && view.liked;
  const sending = view.status === 'ready' && view.sending;
  const count = view.status === 'ready' ? view.likes : null;
  return (
    <div>
      <div className={styles.likeBox}>
        <button
          type="button"
          className={styles.likeButton}
          aria-pressed={liked}
          aria-busy={sending || undefined}
          aria-disabled={view.status !== 'ready' || liked || sending || undefined}
          onClick={like}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M2 21h4V9H2v12Zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6V3a1.5 1.5 0 0 0-.44-1.06L13.2 1 6.6 7.6A2 2 0 0 0 6 9v10a2 2 0 0 0 2 2h9a2 2 0 0 0 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2Z"
            />
          </svg>
          {liked ? t`已点赞` : t`点赞`}
        </button>
        <span className={styles.likeCount} role="status" aria-label={t`点赞数`}>
          {count === null ? (
            view.status === 'loading' ? (
              '…'
            ) : (
              '—'
            )
          ) : (
            <Plural value={count} _0="成为第一个点赞的人" other="# 人点赞" />
          )}
        </span>
      </div>
      {view.status === 'ready' && view.failed ? (
        <p className={styles.likeError} role="alert">
          {t`点赞没有成功，请稍后再试。`}
        </p>
      ) : null}
    </div>
  );
}
