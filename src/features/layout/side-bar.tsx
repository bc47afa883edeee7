/**
 * The floating side bar of the desktop layout (docs/product.md#pages "Floating side bar"): contact a consultant (the
 * customer-service layer) and the help centre (an external document in a new window, or the site's Q&A section
 * while the brand has none, shared/brand-contents.ts). Hovering or focusing
 * an item swaps its icon for the active one.
 */
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { brandArt } from '#shared/brand';
import { helpCenterLink } from '#shared/brand-contents';
import { localizePath } from '#shared/locale';
import { useAppActors } from '~/app/actors-context';
import { useBrandContents } from '~/lib/brand-contents';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
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
  const help = helpCenterLink(useBrandContents(), edition);
  const locale = useLocale();
  const navigate = useNavigate();
  // The brand's help document opens in a new window; while it is unset, the site's Q&A section opens in place.
  const openHelp = help.external
    ? () => window.open(help.href, '_blank', 'noopener')
    : () => navigate({ to: localizePath(help.path, locale) });
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
            onActivate={openHelp}
          />
        </li>
      </ul>
    </aside>
  );
}
