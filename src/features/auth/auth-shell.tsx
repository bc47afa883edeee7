/**
 * The frame of the three auth pages. Desktop: a brand panel with what the free trial gives (perks, figures and
 * a seller's words), beside the form card; on wide screens (1600 px and more) both grow, so a 1920 px window
 * does not show a small card in white space. Phones (docs/product.md#constants: at most 750 px): the card alone, full width. The document modal (agreement, privacy
 * policy) is mounted by the desktop layout; on phones the shell mounts it, since the agreement notice opens it.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Testimonial } from '#shared/brand-contents';
import { DocumentModal } from '~/app/layers';
import { useBrandContents } from '~/lib/brand-contents';
import { withFigures } from '~/lib/figures';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import * as styles from './auth-page.css';

const PERKS = [
  msg`注册即享 3 天免费试用`,
  msg({ message: '{creators} 带货达人库，筛选与导出' }),
  msg`批量邀约、私信与达人邮件群发`,
  msg`AI 生成多语言回复话术`,
];

/** The figures under the perks: they fill the panel as tall as the form is and say what the trial opens. */
const FIGURES = [
  { value: msg({ message: '{creators}' }), label: msg`带货达人` },
  { value: msg({ message: '{videos}' }), label: msg`短视频素材` },
  { value: msg`数万`, label: msg`日触达达人` },
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
  // The brand's first testimonial (shared/brand-contents.ts), signed as on the home page; none while it has none.
  const testimonial = useBrandContents().testimonials[0];

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
                {withFigures(i18n, perk)}
              </li>
            ))}
          </ul>
          <dl className={styles.figures}>
            {FIGURES.map((figure) => (
              <div key={figure.label.id} className={styles.figure}>
                <dt className={styles.figureLabel}>{i18n._(figure.label)}</dt>
                <dd className={styles.figureValue}>{withFigures(i18n, figure.value)}</dd>
              </div>
            ))}
          </dl>
          {testimonial ? <TestimonialQuote testimonial={testimonial} /> : null}
        </aside>
        {card}
      </div>
    </main>
  );
}

/** The quote and its author as the home page shows them (the brand's words in the page's language, no catalog). */
function TestimonialQuote({ testimonial }: { testimonial: Testimonial }) {
  const locale = useLocale();
  return (
    <figure className={styles.quote}>
      <blockquote className={styles.quoteText}>“{testimonial.quote[locale]}”</blockquote>
      <figcaption className={styles.quoteSource}>
        —— {testimonial.author[locale]} · {testimonial.store}
      </figcaption>
    </figure>
  );
}
