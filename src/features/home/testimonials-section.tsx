import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { brandArt } from '#shared/brand';
import { SafeImage } from '~/components/safe-image/safe-image';
import { usePortalEnv } from '~/lib/portal-env';
import * as shared from './home.css';
import { SectionHeader } from './section-header';
import * as styles from './testimonials-section.css';

export const TESTIMONIALS_TITLE_ID = 'home-testimonials-title';

interface Testimonial {
  /** Avatar number: the brand's copy of `seller-<n>.svg` (scripts/media/art). */
  avatar: number;
  name: MessageDescriptor;
  /** Shop names are brand names and stay as they are in every language. */
  store: string;
  category: MessageDescriptor;
  market: MessageDescriptor;
  quote: MessageDescriptor;
  result: MessageDescriptor;
}

const TESTIMONIALS: readonly Testimonial[] = [
  {
    avatar: 1,
    name: msg`陈曼`,
    store: 'GlowLab',
    category: msg`美妆个护`,
    market: msg`美国站`,
    quote: msg`以前三个运营每天手动私信，一人最多发两百条。现在设好筛选条件和话术，一晚上就能触达两千多位达人，回复的基本都是真正在带货的。`,
    result: msg`月合作达人从 30 位增至 210 位`,
  },
  {
    avatar: 2,
    name: msg`林浩`,
    store: 'Casa Nest',
    category: msg`家居日用`,
    market: msg`英国站`,
    quote: msg`竞品达人这个功能特别实用。我们把对手店铺的带货达人直接拉进邀约计划，第一周就有 12 位达人同意寄样。`,
    result: msg`首周 12 位达人同意寄样`,
  },
  {
    avatar: 3,
    name: msg`周婷`,
    store: 'Lumi Wear',
    category: msg`女装`,
    market: msg`泰国站`,
    quote: msg`团队里没人会泰语，AI 回复帮了大忙。达人问尺码、问佣金都能当场回复，沟通再也不卡在翻译上。`,
    result: msg`达人回复率从 8% 提升到 23%`,
  },
  {
    avatar: 4,
    name: msg`黄志强`,
    store: 'ChargeUp',
    category: msg`手机数码配件`,
    market: msg`马来西亚站`,
    quote: msg`我们同时做四个店铺，以前要开四台电脑轮流登录。现在一个客户端全搞定，每个店铺的数据分得清清楚楚。`,
    result: msg`运营人手从 5 人减到 2 人`,
  },
  {
    avatar: 5,
    name: msg`Siti Rahman`,
    store: 'Nur Modest',
    category: msg`穆斯林女装`,
    market: msg`印度尼西亚站`,
    quote: msg`达人库能按近 30 天的带货数据筛选，我们只联系真正出单的达人，寄出去的样品浪费少了很多。`,
    result: msg`41% 的寄样带来了订单`,
  },
  {
    avatar: 6,
    name: msg`王磊`,
    store: 'PawPal',
    category: msg`宠物用品`,
    market: msg`越南站`,
    quote: msg`无效的邀约计划一键就能清掉，再配合福利包里的运营 SOP，新来的运营两天就能独立上手。`,
    result: msg`新人上手时间从 2 周缩短到 2 天`,
  },
];

/** Six sellers from different categories and markets, each with a concrete result. */
export function TestimonialsSection() {
  const { i18n, t } = useLingui();
  const { brand } = usePortalEnv();
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
          {TESTIMONIALS.map((item) => {
            const name = i18n._(item.name);
            return (
              <li key={item.avatar} className={styles.card}>
                <figure className={styles.figure}>
                  <p className={styles.result}>{i18n._(item.result)}</p>
                  <blockquote className={styles.quote}>
                    <p className={styles.quoteText}>{i18n._(item.quote)}</p>
                  </blockquote>
                  <figcaption className={styles.author}>
                    <SafeImage
                      className={styles.avatar}
                      src={brandArt(brand.id, `seller-${item.avatar}`)}
                      alt={t`${name}的头像`}
                      width={48}
                      height={48}
                      loading="lazy"
                      decoding="async"
                    />
                    <span className={styles.authorText}>
                      <span className={styles.name}>{name}</span>
                      <span className={styles.store}>
                        {item.store} · {i18n._(item.category)}
                      </span>
                    </span>
                    <span className={styles.market}>{i18n._(item.market)}</span>
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
