/**
 * The customer-service layer (docs/product.md#pages): a background picture per language with the brand's contact QR
 * code placed on its white square, the service hours (docs/product.md#constants) and the brand's phone and e-mail
 * where set. The contacts are the brand's contents (shared/brand-contents.ts): until one is set, the square offers
 * the site's own Q&A section instead. The picture's own heading is repeated as the dialog's (visually hidden) title,
 * so the picture itself is decorative.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { type BrandId, brandArt } from '#shared/brand';
import { hasServiceContact, QA_CENTER_PATH } from '#shared/brand-contents';
import { localizePath } from '#shared/locale';
import { SafeImage } from '~/components/safe-image/safe-image';
import { useBrandContents } from '~/lib/brand-contents';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import * as styles from './customer-service.css';

export const serviceBackground = (brandId: BrandId, locale: string) =>
  brandArt(brandId, `service-bg-${locale === 'en' ? 'en' : 'zh'}`);

export function CustomerService() {
  const { t } = useLingui();
  const { brand } = usePortalEnv();
  const contents = useBrandContents();
  const locale = useLocale();
  const brandName = brand.name[locale];
  const { serviceQr, phone, email } = contents;

  return (
    <div className={styles.stage}>
      <SafeImage
        className={styles.background}
        src={serviceBackground(brand.id, locale)}
        alt=""
        width={580}
        height={670}
      />
      {serviceQr ? (
        <SafeImage className={styles.qr} src={serviceQr} alt={t`${brandName}专属顾问二维码`} width={200} height={200} />
      ) : (
        <div className={styles.square}>
          {/* The words are the header's and footer's (their catalog is on every desktop page). */}
          {hasServiceContact(contents) ? (
            <p className={styles.squareText}>{t`联系方式`}</p>
          ) : (
            // A plain link: the layer also shows outside the router's tree, and the page it opens closes it.
            <a href={localizePath(QA_CENTER_PATH, locale)} className={styles.squareLink}>
              {t`问答中心`}
            </a>
          )}
        </div>
      )}
      <div className={styles.caption}>
        {serviceQr ? (
          <p className={styles.captionLine}>
            <Trans>扫码添加专属顾问</Trans>
          </p>
        ) : null}
        {phone ? (
          <p className={styles.captionLine}>
            {t`联系电话：`}
            <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
          </p>
        ) : null}
        {email ? (
          <p className={styles.captionLine}>
            <a href={`mailto:${email}`}>{email}</a>
          </p>
        ) : null}
        <p className={styles.hours}>
          <Trans>服务时间：工作日 9:30–18:30</Trans>
        </p>
      </div>
    </div>
  );
}
