import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { brandArt } from '#shared/brand';
import { SafeImage } from '~/components/safe-image/safe-image';
import { usePortalEnv } from '~/lib/portal-env';
import * as shared from './home.css';
import * as styles from './safety-section.css';
import { SectionHeader } from './section-header';

export const SAFETY_TITLE_ID = 'home-safety-title';

const POINTS: readonly { title: MessageDescriptor; body: MessageDescriptor }[] = [
  {
    title: msg`模拟真人操作节奏`,
    body: msg`邀约和私信按随机间隔逐条发送，每日发送量控制在平台允许的范围内，不会短时间内集中轰炸。`,
  },
  {
    title: msg`店铺环境独立隔离`,
    body: msg`每个店铺在独立的环境中运行，登录状态、任务和数据互不共享，多店铺运营也不会互相牵连。`,
  },
  {
    title: msg`数据加密，不存店铺密码`,
    body: msg`店铺通过平台官方页面登录授权，我们不保存你的店铺账号密码；达人资料和沟通记录全程加密传输和存储。`,
  },
  {
    title: msg`遵守平台规则`,
    body: msg`功能设计遵循平台的达人合作与消息规则，内置发送频率上限和敏感词检查，降低违规风险。`,
  },
];

/** What keeps the seller's marketplace account safe while the tool works for them. */
export function SafetySection() {
  const { i18n } = useLingui();
  const { brand } = usePortalEnv();
  return (
    <section className={shared.section} aria-labelledby={SAFETY_TITLE_ID}>
      <div className={shared.container}>
        <SectionHeader
          id={SAFETY_TITLE_ID}
          eyebrow={<Trans>账号安全有保障</Trans>}
          title={<Trans>安全</Trans>}
          lead={<Trans>店铺是你的生意根本。效率再高，也要先把账号安全放在第一位。</Trans>}
        />
        <div className={styles.layout}>
          <ul className={styles.points}>
            {POINTS.map((point) => (
              <li key={point.title.id} className={styles.point}>
                <span className={styles.check} aria-hidden="true" />
                <h3 className={styles.pointTitle}>{i18n._(point.title)}</h3>
                <p className={shared.pointBody}>{i18n._(point.body)}</p>
              </li>
            ))}
          </ul>
          <SafeImage
            className={styles.image}
            src={brandArt(brand.id, 'safety')}
            alt={i18n._(msg`店铺账号安全防护示意图`)}
            width={560}
            height={360}
            loading="lazy"
            decoding="async"
          />
        </div>
      </div>
    </section>
  );
}
