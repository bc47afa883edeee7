import { Trans } from '@lingui/react/macro';
import { SafeImage } from '~/components/safe-image/safe-image';
import * as shared from './home.css';
import * as styles from './partners-section.css';
import { SectionHeader } from './section-header';

export const PARTNERS_TITLE_ID = 'home-partners-title';

/** Partner brands in the order of their logo files (`/home/partners/partner-<n>.svg`); names are not translated. */
export const PARTNERS = [
  'Lumina Home',
  'Peakfit',
  'Oceanleaf Beauty',
  'Urban Kettle',
  'Nordbeam',
  'Kittycraft',
  'Sunvale Foods',
  'Voltwise',
] as const;

export function PartnersSection() {
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
          {PARTNERS.map((name, index) => (
            <li key={name} className={styles.tile}>
              <SafeImage
                className={styles.logo}
                src={`/home/partners/partner-${index + 1}.svg`}
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
