/**
 * The toaster's UI, loaded with the first toast (see toast-host.tsx). Each toast leaves after
 * `TOAST_DURATION_MS`, but not while the pointer is on it or focus is in it (WCAG 2.2.1); its close button and
 * Escape (with focus in the toast) dismiss it at once.
 */
import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { TOAST_DURATION_MS, type ToastItem, toast } from './toast';
import * as styles from './toaster.css';

const glyph = { success: '✓', error: '!', warning: '!' } as const;

function Toast({ item }: { item: ToastItem }) {
  const { t } = useLingui();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => toast.dismiss(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, item.id]);

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      toast.dismiss(item.id);
    }
  };

  return (
    <li
      className={`${styles.toast} ${styles.accentEdge[item.kind]}`}
      data-kind={item.kind}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <span className={styles.icon[item.kind]} aria-hidden="true">
        {glyph[item.kind]}
      </span>
      <span className={styles.message}>{item.message}</span>
      <button type="button" className={styles.close} aria-label={t`关闭通知`} onClick={() => toast.dismiss(item.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

export function ToastList({ items }: { items: readonly ToastItem[] }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </ul>
  );
}
