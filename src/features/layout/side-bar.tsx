/**
 * The floating side bar of the desktop layout (docs/product.md#pages "Floating side bar"): contact a consultant (the
 * customer-service layer) and the help centre (an external document in a new window). Hovering or focusing
 * an item swaps its icon for the active one.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { brandArt } from '#shared/brand';
import { useAppActors } from '~/app/actors-context';
import { usePortalEnv } from '~/lib/portal-env';
import * as styles from './side-bar.css';

interface SideBarItemProps {
  /** The button's accessible name and tooltip. */
  label: string;
  /** What the 56 px bar shows under the icon (one line; a short form of `label` where a language needs it). */
  shortLabel: string;
  icon: string;
  activeIcon: string;
  onActivate: () => void;
  hasPopup?: 'dialog';
}

function SideBarItem({ label, shortLabel, icon, activeIcon, onActivate, hasPopup }: SideBarItemProps) {
  const [active, setActive] = useState(false);
  return (
    <button
      type="button"
      className={styles.item}
      data-active={active}
      aria-haspopup={hasPopup}
      onMouseEnter={() => setActive(true)}
      onMouseLeave={() => setActive(false)}
      onFocus={() => setActive(true)}
      onBlur={() => setActive(false)}
      onClick={onActivate}
      title={label}
      aria-label={label}
    >
      <img className={styles.icon} src={active ? activeIcon : icon} alt="" width={24} height={24} />
      <span className={styles.label} aria-hidden="true">
        {shortLabel}
      </span>
    </button>
  );
}

export function SideBar() {
  const { t } = useLingui();
  const { layer } = useAppActors();
  const { brand, edition } = usePortalEnv();
  return (
    <aside className={styles.bar} aria-label={t`快捷入口`}>
      <ul className={styles.list}>
        <li>
          <SideBarItem
            label={t`联系顾问`}
            shortLabel={t({ message: '联系顾问', context: 'side bar' })}
            icon="/icons/sidebar-consultant.svg"
            activeIcon={brandArt(brand.id, 'sidebar-consultant-active')}
            hasPopup="dialog"
            onActivate={() => layer.send({ type: 'layer.open', layerType: 'customerService' })}
          />
        </li>
        <li>
          <SideBarItem
            label={t`帮助中心`}
            shortLabel={t({ message: '帮助中心', context: 'side bar' })}
            icon="/icons/sidebar-help.svg"
            activeIcon={brandArt(brand.id, 'sidebar-help-active')}
            onActivate={() => window.open(brand.helpCenter[edition], '_blank', 'noopener')}
          />
        </li>
      </ul>
    </aside>
  );
}
