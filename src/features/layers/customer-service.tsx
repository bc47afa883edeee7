/**
 * The customer-service layer (docs/product.md#pages): a background picture per language with the contact QR code placed on
 * its white square, and the service hours (docs/product.md#constants). The picture's own heading is repeated as the dialog's
 * (visually hidden) title, so the picture itself is decorative.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { type BrandId, brandArt } from '#shared/brand';
import { SafeImage } from '~/components/safe-image/safe-image';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import * as styles from './customer-service.css';

export const serviceBackground = (brandId: BrandId, locale: string) =>
  brandArt(brandId, `service-bg-${locale === 'en' ? 'en' : 'zh'}`);

export function CustomerService() {
  const { t } = useLingui();
  const { brand } = usePortalEnv();
  const locale = useLocale();
  const brandName = brand.name[locale];

  return (
    <div className={styles.stage}>
      <SafeImage
        className={styles.background}
        src={serviceBackground(brand.id, locale)}
        alt=""
        width={580}
        height={670}
      />
      <SafeImage
        className={styles.qr}
        src={brand.serviceQr}
        alt={t`${brandName}专属顾问二维码`}
        width={200}
        height={200}
      />
      <p className={styles.caption}>
        <Trans>扫码添加专属顾问</Trans>
        <span className={styles.hours}>
          <Trans>服务时间：工作日 9:30–18:30</Trans>
        </span>
      </p>
    </div>
  );
}
