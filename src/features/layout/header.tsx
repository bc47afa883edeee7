/**
 * The site header (docs/product.md#pages "Layout", "Header entries"). Desktop: logo, the eight entries of `headerMenu`,
 * then the user centre and the language switcher. Mobile: logo and language switcher only.
 * The two widgets on the right are in the server's HTML, inside fixed-size slots: the language is the page's,
 * and the user widget's logged-in state comes from the session cookie the server saw (the name fills in after
 * hydration, from the browser's storage).
 */
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { localizePath, stripLocale } from '#shared/locale';
import { useAppActors } from '~/app/actors-context';
import { useBrandContents } from '~/lib/brand-contents';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import { visuallyHidden } from '~/styles/a11y.css';
import * as styles from './header.css';
import { LanguageSwitcher } from './language-switcher';
import { headerMenu, isActivePath, type MenuEntry } from './menu';
import { PopoverNavEntry } from './popover-nav-entry';
import { UserCentre } from './user-centre';

function HomeLogo({ className, imageClassName, width, height }: LogoProps) {
  const { brand } = usePortalEnv();
  const locale = useLocale();
  return (
    <Link to={localizePath('/', locale)} className={className} activeOptions={{ exact: true, includeSearch: false }}>
      <img src={brand.logo[locale]} alt={brand.name[locale]} width={width} height={height} className={imageClassName} />
    </Link>
  );
}

interface LogoProps {
  className?: string;
  imageClassName: string;
  width: number;
  height: number;
}

function ExternalMark() {
  return (
    <svg className={styles.externalMark} viewBox="0 0 10 10" aria-hidden="true" focusable="false">
      <path d="M3.5 1.5h5v5M8.5 1.5 2 8" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" />
    </svg>
  );
}

function NavEntry({ entry, currentPath }: { entry: MenuEntry; currentPath: string }) {
  const { i18n, t } = useLingui();
  const { layer } = useAppActors();
  const locale = useLocale();
  const className = locale === 'en' ? `${styles.navLink} ${styles.navLinkEn}` : styles.navLink;
  const label = i18n._(entry.label);

  switch (entry.type) {
    case 'internalLink':
      return (
        <Link
          to={localizePath(entry.path, locale)}
          className={className}
          aria-current={isActivePath(entry.path, currentPath) ? 'page' : undefined}
          // TanStack marks links of parent routes active too; the spec wants an exact path match only.
          activeOptions={{ exact: true, includeSearch: false }}
        >
          {label}
        </Link>
      );
    case 'externalLink':
      return entry.newTab ? (
        <a href={entry.href} target="_blank" rel="noopener" className={className}>
          {label}
          <ExternalMark />
          <span className={visuallyHidden}>{t`（在新标签页打开）`}</span>
        </a>
      ) : (
        <a href={entry.href} className={className}>
          {label}
        </a>
      );
    case 'layer':
      return (
        <button
          type="button"
          className={className}
          aria-haspopup="dialog"
          onClick={() => layer.send({ type: 'layer.open', layerType: entry.layerType })}
        >
          {label}
        </button>
      );
    case 'popover':
      return <PopoverNavEntry entry={entry} className={className} />;
  }
}

export function Header() {
  const env = usePortalEnv();
  const { t } = useLingui();
  const locale = useLocale();
  const currentPath = useLocation({ select: (location) => stripLocale(location.pathname) });
  const contents = useBrandContents();
  const entries = headerMenu({ contents, edition: env.edition, workbenchUrl: env.workbenchUrl });

  return (
    <header className={styles.header}>
      <div className={styles.inner[locale]}>
        <HomeLogo className={styles.logoLink} imageClassName={styles.logo} width={144} height={32} />
        <nav className={styles.nav} aria-label={t`主导航`}>
          <ul className={styles.navList}>
            {entries.map((entry) => (
              <li key={entry.id} className={styles.navItem}>
                <NavEntry entry={entry} currentPath={currentPath} />
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          <div className={styles.userSlot}>
            <UserCentre />
          </div>
          <div className={styles.languageSlot}>
            <LanguageSwitcher />
          </div>
        </div>
      </div>
    </header>
  );
}

/** The mobile header: logo and language switcher (docs/product.md#pages "Layout"). */
export function MobileHeader() {
  return (
    <header className={styles.mobileHeader}>
      <HomeLogo imageClassName={styles.mobileLogo} width={126} height={28} />
      <div className={styles.languageSlot}>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
