/** Loading, empty and error states, announced to screen readers; and the page heading that takes the focus. */
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef } from 'react';
import * as ui from '../styles/ui.css';

export function Loading() {
  return (
    <p className={ui.notice({ tone: 'info' })} role="status" aria-live="polite">
      <Trans>加载中…</Trans>
    </p>
  );
}

export function Empty({ children }: { children?: ReactNode }) {
  return <p className={ui.notice({ tone: 'info' })}>{children ?? <Trans>没有记录</Trans>}</p>;
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className={ui.notice({ tone: 'error' })} role="alert">
      <Trans>加载失败</Trans>
      {message ? `：${message}` : ''}{' '}
      {onRetry && (
        <button type="button" className={ui.button({ tone: 'link' })} onClick={onRetry}>
          <Trans>重试</Trans>
        </button>
      )}
    </div>
  );
}

/** The page's title: focused when the page opens, so a screen reader says where navigation led. */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className={ui.heading}>
      {children}
    </h1>
  );
}
