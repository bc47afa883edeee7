import { Trans, useLingui } from '@lingui/react/macro';
import { SafeImage } from '~/components/safe-image/safe-image';
import { useBrandContents } from '~/lib/brand-contents';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import * as shared from './home.css';
import * as styles from './scan-section.css';

export const SCAN_TITLE_ID = 'home-scan-title';

/**
 * Scan the brand's community QR (shared/brand-contents.ts) with WeChat to add a contact: welfare pack and one-to-one
 * onboarding. The block is left out while the brand has no QR code.
 */
export function ScanSection() {
  const { t } = useLingui();
  const { brand } = usePortalEnv();
  const brandName = brand.name[useLocale()];
  const { communityQr } = useBrandContents();
  if (!communityQr) return null;
  return (
    <section className={shared.section} aria-labelledby={SCAN_TITLE_ID}>
      <div className={shared.container}>
        <div className={styles.card}>
          <div className={styles.copy}>
            <p className={styles.eyebrow}>
              <Trans>1 对 1 上手指导</Trans>
            </p>
            <h2 id={SCAN_TITLE_ID} className={styles.title}>
              <Trans>扫码添加</Trans>
            </h2>
            <p className={styles.lead}>
              <Trans>打开微信扫一扫，添加{brandName}运营顾问为好友，领取福利包，预约一对一上手指导。</Trans>
            </p>
            <ul className={styles.benefits}>
              <li className={styles.benefit}>
                <Trans>免费领取福利包：邀约话术模板 + 达人运营 SOP</Trans>
              </li>
              <li className={styles.benefit}>
                <Trans>一对一上手指导：陪你配好第一个邀约计划</Trans>
              </li>
              <li className={styles.benefit}>
                <Trans>加入卖家交流群：平台规则变化和新功能第一时间知道</Trans>
              </li>
            </ul>
          </div>
          <figure className={styles.qr}>
            <SafeImage
              className={styles.qrImage}
              src={communityQr}
              alt={t`添加${brandName}运营顾问的微信二维码`}
              width={168}
              height={168}
              loading="lazy"
              decoding="async"
            />
            <figcaption className={styles.qrCaption}>
              <Trans>微信扫一扫</Trans>
            </figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}
