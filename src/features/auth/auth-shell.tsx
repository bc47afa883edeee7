/**
 * The frame of the three auth pages. Desktop: a brand panel with what the free trial gives, beside the form
 * card. Phones (spec §9: at most 750 px): the card alone, full width. The document modal (agreement, privacy
 * policy) is mounted by the desktop layout; on phones the shell mounts it, since the agreement notice opens it.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DocumentModal } from '~/app/layers';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import * as styles from './auth-page.css';

const PERKS = [
  msg`注册即享 3 天免费试用`,
  msg`800 万+ 带货达人库，筛选与导出`,
  msg`批量邀约、私信与达人邮件群发`,
  msg`AI 生成多语言回复话术`,
];

export interface AuthShellProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Above the title (e.g. the "you are logged in" banner). */
  banner?: ReactNode;
  children: ReactNode;
  /** Below the card (links to the other auth pages). */
  footer?: ReactNode;
}

export function AuthShell({ title, subtitle, banner, children, footer }: AuthShellProps) {
  const { i18n, t } = useLingui();
  const { brand, isMobile } = usePortalEnv();
  const locale = useLocale();

  const card = (
    <div className={styles.card}>
      {banner}
      <h1 className={styles.title}>{title}</h1>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      {children}
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </div>
  );

  if (isMobile) {
    return (
      <main className={styles.mobilePage}>
        {card}
        <DocumentModal />
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <div className={styles.frame}>
        <aside className={styles.panel} aria-label={t`免费试用权益`}>
          <img src={brand.mark} alt="" width={48} height={48} className={styles.panelMark} />
          <p className={styles.panelBrand}>{brand.name[locale]}</p>
          <p className={styles.panelSlogan}>{brand.slogan[locale]}</p>
          <ul className={styles.perks}>
            {PERKS.map((perk) => (
              <li key={perk.id} className={styles.perk}>
                <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
                  <circle cx="10" cy="10" r="9" fill="rgba(255,255,255,0.2)" />
                  <path
                    d="M6 10.5l2.5 2.5L14 7.5"
                    fill="none"
                    stroke="#fff"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                {i18n._(perk)}
              </li>
            ))}
          </ul>
        </aside>
        {card}
      </div>
    </main>
  );
}
