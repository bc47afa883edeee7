import { Trans } from '@lingui/react/macro';
import { SafeImage } from '~/components/safe-image/safe-image';
import { useBrandContents } from '~/lib/brand-contents';
import * as shared from './home.css';
import * as styles from './partners-section.css';
import { SectionHeader } from './section-header';

export const PARTNERS_TITLE_ID = 'home-partners-title';

/** The brand's partners (shared/brand-contents.ts) by logo; the section is left out while the brand has none. */
export function PartnersSection() {
  const { partners } = useBrandContents();
  if (partners.length === 0) return null;
  return (
    <section className={shared.section} aria-labelledby={PARTNERS_TITLE_ID}>
      <div className={shared.container}>
        <SectionHeader
          id={PARTNERS_TITLE_ID}
          eyebrow={<Trans>值得信赖</Trans>}
          title={<Trans>合作伙伴</Trans>}
          lead={<Trans>家居、运动、美妆、食品、数码等类目的品牌，正在用它连接海外达人。</Trans>}
        />
        <ul className={styles.grid}>
          {partners.map(({ name, logo }) => (
            <li key={name} className={styles.tile}>
              <SafeImage
                className={styles.logo}
                src={logo}
                alt={name}
                width={160}
                height={56}
                loading="lazy"
                decoding="async"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
