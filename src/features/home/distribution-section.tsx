import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { brandArt } from '#shared/brand';
import { RankBadge, type RankPosition } from '~/components/rank-badge/rank-badge';
import { SafeImage } from '~/components/safe-image/safe-image';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import * as styles from './distribution-section.css';
import * as shared from './home.css';
import { SectionHeader } from './section-header';
import { TOP_CATEGORY_SHARES } from './top-categories';

export const DISTRIBUTION_TITLE_ID = 'home-distribution-title';
const RANKING_TITLE_ID = 'home-ranking-title';

const POINTS: readonly { title: MessageDescriptor; body: MessageDescriptor }[] = [
  {
    title: msg`一个后台覆盖多个站点`,
    body: msg`美国、英国和东南亚各站点的达人统一检索，邀约话术按站点语言自动切换，新店开张当天就能开始建联。`,
  },
  {
    title: msg`按类目匹配对口达人`,
    body: msg`根据商品类目、客单价和目标人群，推荐近期带过同类商品的达人，合作更容易谈成。`,
  },
  {
    title: msg`佣金与寄样灵活配置`,
    body: msg`按达人层级设置公开佣金、定向佣金和免费寄样规则，头部达人和中小达人分开运营。`,
  },
  {
    title: msg`出单数据回流复盘`,
    body: msg`每位达人带来的订单和销售额自动汇总，把预算和样品集中到真正能出单的达人身上。`,
  },
];

/** This week's most-invited categories: share of all invitations sent with the tool. */
const TOP_CATEGORIES: readonly { position: RankPosition; name: MessageDescriptor; share: number }[] = [
  { position: 1, name: msg`美妆个护`, share: TOP_CATEGORY_SHARES[0] },
  { position: 2, name: msg`家居日用`, share: TOP_CATEGORY_SHARES[1] },
  { position: 3, name: msg`女装与内衣`, share: TOP_CATEGORY_SHARES[2] },
  { position: 4, name: msg`手机数码配件`, share: TOP_CATEGORY_SHARES[3] },
  { position: 5, name: msg`运动户外`, share: TOP_CATEGORY_SHARES[4] },
];

function RankingBoard() {
  const { i18n } = useLingui();
  return (
    <div className={styles.board}>
      <div className={styles.boardHeader}>
        <h3 id={RANKING_TITLE_ID} className={styles.boardTitle}>
          <Trans>本周热门带货类目 Top 5</Trans>
        </h3>
        <p className={styles.boardNote}>
          <Trans>按本周用户发出的达人邀约量统计</Trans>
        </p>
      </div>
      <ol className={styles.rankList} aria-labelledby={RANKING_TITLE_ID}>
        {TOP_CATEGORIES.map(({ position, name, share }) => (
          <li key={position} className={styles.rankItem}>
            <RankBadge position={position} className={styles.rankBadge} />
            <span className={styles.rankName}>{i18n._(name)}</span>
            <span className={styles.rankBar} aria-hidden="true">
              <span className={`${styles.rankBarFill} ${styles.rankBarWidth[position]}`} />
            </span>
            <span className={styles.rankShare}>
              <Trans>邀约占比 {share}%</Trans>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** How sellers distribute products through creators across markets, with this week's top categories. */
export function DistributionSection() {
  const { i18n } = useLingui();
  const { brand } = usePortalEnv();
  // The map's labels are in the page's language.
  const locale = useLocale();
  return (
    <section className={shared.sectionAlt} aria-labelledby={DISTRIBUTION_TITLE_ID}>
      <div className={shared.container}>
        <SectionHeader
          id={DISTRIBUTION_TITLE_ID}
          eyebrow={<Trans>多站点 · 多类目</Trans>}
          title={<Trans>分销</Trans>}
          lead={<Trans>把商品交给对的达人，在每个站点同时铺开：找人、谈佣金、寄样到看出单，一条线走完。</Trans>}
        />
        <div className={styles.layout}>
          <SafeImage
            className={styles.image}
            src={brandArt(brand.id, `distribution-${locale}`)}
            alt={i18n._(msg`通过达人把商品分销到多个站点的示意图`)}
            width={560}
            height={360}
            loading="lazy"
            decoding="async"
          />
          <ul className={styles.points}>
            {POINTS.map((point, index) => (
              <li key={point.title.id} className={styles.point}>
                <span className={styles.pointIndex} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className={styles.pointTitle}>{i18n._(point.title)}</h3>
                  <p className={shared.pointBody}>{i18n._(point.body)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <RankingBoard />
      </div>
    </section>
  );
}
