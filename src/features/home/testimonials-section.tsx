import { Trans, useLingui } from '@lingui/react/macro';
import { SafeImage } from '~/components/safe-image/safe-image';
import { useBrandContents } from '~/lib/brand-contents';
import { useLocale } from '~/lib/use-locale';
import * as shared from './home.css';
import { SectionHeader } from './section-header';
import * as styles from './testimonials-section.css';

export const TESTIMONIALS_TITLE_ID = 'home-testimonials-title';

/**
 * Sellers' words with a concrete result each: the brand's testimonials (shared/brand-contents.ts); the section is
 * left out while the brand has none.
 */
export function TestimonialsSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const { testimonials } = useBrandContents();
  if (testimonials.length === 0) return null;
  return (
    <section className={shared.sectionAlt} aria-labelledby={TESTIMONIALS_TITLE_ID}>
      <div className={shared.container}>
        <SectionHeader
          id={TESTIMONIALS_TITLE_ID}
          eyebrow={<Trans>来自真实卖家</Trans>}
          title={<Trans>卖家反馈</Trans>}
          lead={<Trans>美妆、家居、服装、3C、宠物……不同类目、不同站点的卖家，都在用它找达人、做分销。</Trans>}
        />
        <ul className={styles.grid}>
          {testimonials.map((item) => {
            const name = item.author[locale];
            return (
              <li key={`${item.author.zh}-${item.store}`} className={styles.card}>
                <figure className={styles.figure}>
                  <p className={styles.result}>{item.result[locale]}</p>
                  <blockquote className={styles.quote}>
                    <p className={styles.quoteText}>{item.quote[locale]}</p>
                  </blockquote>
                  <figcaption className={styles.author}>
                    {item.avatar ? (
                      <SafeImage
                        className={styles.avatar}
                        src={item.avatar}
                        alt={t`${name}的头像`}
                        width={48}
                        height={48}
                        loading="lazy"
                        decoding="async"
                      />
                    ) : null}
                    <span className={styles.authorText}>
                      <span className={styles.name}>{name}</span>
                      <span className={styles.store}>
                        {item.store} · {item.category[locale]}
                      </span>
                    </span>
                    <span className={styles.market}>{item.market[locale]}</span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
