/**
 * A header entry with a popover sub-menu (docs/product.md#pages "Popover menu entries", #data "Popover sub-menu").
 *
 * Pointer: hovering the entry shows the sub-menu, leaving it hides it; a click on the entry opens its layer
 * directly. Keyboard (and screen readers, whose clicks carry no pointer detail): Enter, Space or ArrowDown
 * opens the sub-menu and focuses its first item, arrows move between items, Escape closes it and returns to
 * the entry, and tabbing out closes it. The item under the pointer or focus is "selected": its icon swaps
 * to the selected variant, and the selection is cleared when the pointer or focus leaves it.
 */
import { useLingui } from '@lingui/react/macro';
import { type FocusEvent, type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useAppActors } from '~/app/actors-context';
import * as styles from './header.css';
import type { PopoverEntry, PopoverItem } from './menu';

/** How long the sub-menu stays after the pointer leaves, so a small overshoot does not close it. */
const CLOSE_DELAY_MS = 120;

export function PopoverNavEntry({ entry, className }: { entry: PopoverEntry; className: string }) {
  const { i18n } = useLingui();
  const { layer } = useAppActors();
  const [open, setOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusItem, setFocusItem] = useState<number | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const popoverId = useId();
  const titleId = useId();
  const { items, title } = entry.popover;

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // Focus moves into the sub-menu only after it is shown (a hidden button cannot take focus).
  useEffect(() => {
    if (open && focusItem !== null) {
      itemRefs.current[focusItem]?.focus();
      setFocusItem(null);
    }
  }, [open, focusItem]);

  const close = () => {
    clearTimeout(closeTimer.current);
    setOpen(false);
    setSelectedId(null);
  };

  const openWithFocus = (index: number) => {
    clearTimeout(closeTimer.current);
    setOpen(true);
    setFocusItem(index);
  };

  const activate = (item: PopoverItem) => {
    close();
    if (item.layerType) layer.send({ type: 'layer.open', layerType: item.layerType });
    else if (item.href) window.location.assign(item.href);
  };

  const onTriggerClick = (event: MouseEvent<HTMLButtonElement>) => {
    // `detail` counts pointer clicks; 0 means the click came from the keyboard or assistive technology.
    if (event.detail === 0) {
      if (open) close();
      else openWithFocus(0);
      return;
    }
    close();
    layer.send({ type: 'layer.open', layerType: entry.layerType });
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openWithFocus(0);
    } else if (event.key === 'Escape' && open) {
      close();
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = itemRefs.current.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      triggerRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      itemRefs.current[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      itemRefs.current[event.key === 'Home' ? 0 : items.length - 1]?.focus();
    }
  };

  const onWrapperBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only previews the sub-menu; the button and its items carry the keyboard interaction.
    <div
      className={styles.navItem}
      onMouseEnter={() => {
        clearTimeout(closeTimer.current);
        setOpen(true);
      }}
      onMouseLeave={() => {
        clearTimeout(closeTimer.current);
        closeTimer.current = setTimeout(close, CLOSE_DELAY_MS);
      }}
      onBlur={onWrapperBlur}
    >
      <button
        ref={triggerRef}
        type="button"
        className={className}
        aria-expanded={open}
        aria-controls={popoverId}
        onClick={onTriggerClick}
        onKeyDown={onTriggerKeyDown}
      >
        {i18n._(entry.label)}
        <svg className={styles.caret} viewBox="0 0 10 10" aria-hidden="true" focusable="false">
          <path d="M2 3.5 5 6.5 8 3.5" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
        </svg>
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape and arrow keys bubble up from the item buttons. */}
      <div id={popoverId} className={styles.popover} hidden={!open} onKeyDown={onMenuKeyDown}>
        <div className={styles.popoverCard}>
          <p id={titleId} className={styles.popoverTitle}>
            {i18n._(title)}
          </p>
          <ul className={styles.popoverList} aria-labelledby={titleId}>
            {items.map((item, index) => {
              const selected = selectedId === item.id;
              return (
                <li key={item.id}>
                  <button
                    ref={(element) => {
                      itemRefs.current[index] = element;
                    }}
                    type="button"
                    className={styles.popoverItem}
                    data-selected={selected}
                    aria-haspopup={item.layerType ? 'dialog' : undefined}
                    onMouseEnter={() => setSelectedId(item.id)}
                    onMouseLeave={() => setSelectedId(null)}
                    onFocus={() => setSelectedId(item.id)}
                    onBlur={() => setSelectedId(null)}
                    onClick={() => activate(item)}
                  >
                    <img
                      className={styles.popoverIcon}
                      src={selected ? item.selectedIcon : item.icon}
                      alt=""
                      width={32}
                      height={32}
                    />
                    {i18n._(item.name)}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </div>
  );
}
