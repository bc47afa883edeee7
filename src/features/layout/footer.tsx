/**
 * The desktop footer (docs/product.md#pages "Footer"): logo, the link groups of `footerGroups`, contact and customer
 * service, friendly links and the copyright line. Brand 1 also shows its company blurb and address. Phone, e-mail and
 * friendly links are the brand's contents (shared/brand-contents.ts): each shows only once it is set.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { FRIENDLY_LINK_KINDS } from '#shared/brand-contents';
import { localizePath } from '#shared/locale';
import { useAppActors } from '~/app/actors-context';
import { useBrandContents } from '~/lib/brand-contents';
import { FILING_SITE_URL } from '~/lib/links';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import { visuallyHidden } from '~/styles/a11y.css';
import * as styles from './footer.css';
import { type FooterGroup, type FooterLink, footerGroups } from './footer-menu';

/** The first year of the copyright line (docs/product.md#pages "Copyright line with the years 2020 to the current year"). */
const FIRST_YEAR = 2020;

function FooterLinkView({ link }: { link: FooterLink }) {
  const { i18n, t } = useLingui();
  const { layer, documentModal } = useAppActors();
  const locale = useLocale();
  const title = i18n._(link.title);
  switch (link.type) {
    case 'internalLink':
      return (
        <Link
          to={localizePath(link.path, locale)}
          className={styles.link}
          activeOptions={{ exact: true, includeSearch: false }}
        >
          {title}
        </Link>
      );
    case 'externalLink':
      return (
        <a href={link.href} target="_blank" rel="noopener" className={styles.link}>
          {title}
          <span className={visuallyHidden}>{t`（在新标签页打开）`}</span>
        </a>
      );
    case 'layer':
      return (
        <button
          type="button"
          className={styles.link}
          aria-haspopup="dialog"
          onClick={() => layer.send({ type: 'layer.open', layerType: link.layerType })}
        >
          {title}
        </button>
      );
    case 'document':
      return (
        <button
          type="button"
          className={styles.link}
          aria-haspopup="dialog"
          onClick={() => documentModal.send({ type: 'layer.open', layerType: link.documentType })}
        >
          {title}
        </button>
      );
  }
}

function LinkGroup({ group }: { group: FooterGroup }) {
  const { i18n } = useLingui();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.groupTitle}>
        {i18n._(group.title)}
      </h2>
      <ul className={styles.groupList}>
        {group.links.map((link) => (
          <li key={link.id}>
            <FooterLinkView link={link} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ContactGroup() {
  const { t } = useLingui();
  const { layer } = useAppActors();
  const { phone, email } = useBrandContents();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.groupTitle}>
        {t`联系方式`}
      </h2>
      <ul className={styles.groupList}>
        {phone && (
          <li className={styles.contactLine}>
            {t`联系电话：`}
            <a href={`tel:${phone.replace(/\s+/g, '')}`} className={`${styles.link} ${styles.contactStrong}`}>
              {phone}
            </a>
          </li>
        )}
        {email && (
          <li className={styles.contactLine}>
            <a href={`mailto:${email}`} className={styles.link}>
              {email}
            </a>
          </li>
        )}
        <li className={styles.contactLine}>{t`服务时间：工作日 9:30–18:30`}</li>
        <li>
          <button
            type="button"
            className={styles.serviceButton}
            aria-haspopup="dialog"
            onClick={() => layer.send({ type: 'layer.open', layerType: 'customerService' })}
          >
            <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M4 12a8 8 0 0 1 16 0v4a2 2 0 0 1-2 2h-1v-6h3M4 12v4a2 2 0 0 0 2 2h1v-6H4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            {t`在线客服`}
          </button>
        </li>
      </ul>
    </section>
  );
}

export function Footer() {
  const { t } = useLingui();
  const locale = useLocale();
  const { brand, edition, year } = usePortalEnv();
  const contents = useBrandContents();
  const friendlyTitleId = useId();
  const companyName = brand.companyName[locale];
  const friendlyLinks = FRIENDLY_LINK_KINDS.flatMap((kind) => {
    const link = contents.friendlyLinks[kind];
    return link ? [{ kind, ...link }] : [];
  });

  return (
    <footer className={styles.footer}>
      <div className={styles.inner[locale]}>
        <div className={styles.top}>
          <div className={styles.brandColumn}>
            <Link
              to={localizePath('/', locale)}
              className={styles.logoLink}
              activeOptions={{ exact: true, includeSearch: false }}
            >
              {/* The full logo is drawn for white backgrounds; on the dark footer the mark and the name are shown. */}
              <img src={brand.mark} alt="" width={32} height={32} className={styles.mark} />
              <span className={styles.brandName}>{brand.name[locale]}</span>
            </Link>
            <p className={styles.slogan}>{brand.slogan[locale]}</p>
            {brand.footerContact && (
              <>
                <p className={styles.blurb}>{brand.footerContact.blurb[locale]}</p>
                <p className={styles.address}>
                  {t`地址：`}
                  {brand.footerContact.address[locale]}
                </p>
              </>
            )}
          </div>
          {footerGroups({ contents, edition }).map((group) => (
            <LinkGroup key={group.id} group={group} />
          ))}
          <ContactGroup />
        </div>

        {friendlyLinks.length > 0 && (
          <section className={styles.friendlyRow} aria-labelledby={friendlyTitleId}>
            <h2 id={friendlyTitleId} className={styles.friendlyTitle}>
              {t`友情链接`}
            </h2>
            <ul className={styles.friendlyList}>
              {friendlyLinks.map((link) => (
                <li key={link.kind}>
                  <a href={link.href} target="_blank" rel="noopener nofollow" className={styles.friendlyLink}>
                    {link.name[locale]}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}

        <p className={styles.copyright}>
          © {FIRST_YEAR}-{year} {companyName}{' '}
          <a href={FILING_SITE_URL} target="_blank" rel="noopener nofollow" className={styles.filingLink}>
            {brand.filingNumber}
          </a>
        </p>
      </div>
    </footer>
  );
}
