/**
 * The one modal dialog of the site, a thin wrapper around Radix Dialog. It has no trigger and no state of its
 * own: a machine says whether it is open (`open`) and hears about every way of closing it (`onClose`: the close
 * button, Escape, a click on the overlay). Radix supplies the focus trap, `aria-modal`, the title/description
 * wiring and outside-click dismissal. The overlay is a plain element and the page's scroll is locked here:
 * Radix's own overlay locks scrolling by inserting a `<style>` element, which the Content-Security-Policy
 * (no inline styles) refuses.
 */
import { useLingui } from '@lingui/react/macro';
import * as RadixDialog from '@radix-ui/react-dialog';
import { type CSSProperties, type ReactNode, useLayoutEffect, useRef } from 'react';
import { visuallyHidden } from '~/styles/a11y.css';
import * as styles from './dialog.css';

export interface DialogProps {
  open: boolean;
  /** Called once for any way of closing; the owner updates its machine and passes `open={false}`. */
  onClose: () => void;
  /** Names the dialog for screen readers; always rendered (visually hidden with `hideTitle`). */
  title: ReactNode;
  /** Hides the title and description on screen when the content shows its own (e.g. a picture). */
  hideTitle?: boolean;
  /** Shown next to the title, outside the accessible name (e.g. a version badge). */
  titleAside?: ReactNode;
  /** Centres the header (title and description). */
  centerHeader?: boolean;
  description?: ReactNode;
  width: number;
  height?: number;
  /** Caps a dialog without a fixed height; the body scrolls inside it. */
  maxHeight?: number | string;
  radius?: number;
  padding?: number | string;
  showClose?: boolean;
  /**
   * For long text: the scrolling body becomes a tab stop and takes the first focus, so the keyboard scrolls it
   * (a scrollable region without anything focusable in it cannot be scrolled from the keyboard).
   */
  focusBody?: boolean;
  /** Stays below the scrolling body (e.g. a second close button). */
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
}

const OVERLAY_STYLE: CSSProperties = { pointerEvents: 'auto' };

export function Dialog({
  open,
  onClose,
  title,
  hideTitle = false,
  titleAside,
  centerHeader = false,
  description,
  width,
  height,
  maxHeight,
  radius,
  padding = 24,
  showClose = true,
  focusBody = false,
  footer,
  children,
  className,
}: DialogProps) {
  const { t } = useLingui();
  const returnFocusTo = useReturnFocus(open);
  const bodyRef = useRef<HTMLDivElement>(null);
  useScrollLock(open);

  const size: CSSProperties = { width, height, maxHeight, borderRadius: radius, padding };
  const headerClass = [hideTitle ? visuallyHidden : styles.header, !hideTitle && centerHeader && styles.headerCentered]
    .filter(Boolean)
    .join(' ');

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        {/* Radix turns pointer events off on the body while a modal is open: the overlay still takes the click
            that closes the dialog. (Set by script, as a style property: allowed by the policy.) */}
        <div className={styles.overlay} style={OVERLAY_STYLE} data-dialog-overlay="" aria-hidden="true" />
        <RadixDialog.Content
          className={[styles.content, className].filter(Boolean).join(' ')}
          style={size}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            if (!focusBody) return;
            event.preventDefault();
            bodyRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // There is no Radix trigger (a machine opens the dialog), so focus goes back to whatever opened it.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className={headerClass}>
            <div className={styles.titleRow}>
              <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
              {!hideTitle && titleAside}
            </div>
            {description ? (
              <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
            ) : null}
          </div>
          <div ref={bodyRef} className={styles.body} tabIndex={focusBody ? 0 : undefined}>
            {children}
          </div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
          {showClose ? (
            <RadixDialog.Close className={styles.close} aria-label={t`关闭`}>
              <svg className={styles.closeIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </RadixDialog.Close>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * Remembers the element that had focus when the dialog opened. A layout effect runs before Radix moves focus
 * into the dialog (its focus scope uses a passive effect), so it still sees the opener.
 */
function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return opener;
}

/**
 * While open, the page behind does not scroll. Set through the CSSOM (allowed by the policy, unlike a
 * `<style>` element), keeping the scroll bar's width as padding so the page does not shift sideways.
 */
function useScrollLock(locked: boolean) {
  useLayoutEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const { overflow, paddingRight } = root.style;
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.overflow = 'hidden';
    if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
    return () => {
      root.style.overflow = overflow;
      root.style.paddingRight = paddingRight;
    };
  }, [locked]);
}
