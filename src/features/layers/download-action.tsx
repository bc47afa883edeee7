/**
 * A download button: a link to the file when the deployment has configured one, otherwise the spec's "dev..."
 * placeholder (docs/product.md#constants: it marks unfinished features) — a disabled button with a short note, never a link that
 * answers 404.
 */
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { visuallyHidden } from '~/styles/a11y.css';
import * as styles from './download-action.css';

export function DownloadAction({
  href,
  className,
  block = false,
  compact = false,
  children,
}: {
  href: string | null | undefined;
  className: string;
  /** Takes the full width of its card (the button and its note), rather than its label's. */
  block?: boolean;
  /** The note is the button's description and tooltip only, not a line under it (a row of small tiles). */
  compact?: boolean;
  children: ReactNode;
}) {
  const noteId = useId();
  if (href) {
    return (
      <a className={className} href={href} download>
        {children}
      </a>
    );
  }
  return (
    <span className={block || compact ? `${styles.pending} ${styles.pendingBlock}` : styles.pending}>
      <button type="button" className={`${className} ${styles.pendingButton}`} disabled aria-describedby={noteId}>
        {children}
        <span className={styles.devMark}>dev...</span>
      </button>
      <span id={noteId} className={compact ? visuallyHidden : styles.pendingNote}>
        <Trans>该下载即将开放，敬请期待</Trans>
      </span>
    </span>
  );
}
