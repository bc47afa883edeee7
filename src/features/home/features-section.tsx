import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useRef, useState } from 'react';
import { type FeatureId, WORKBENCH_PICTURES, workbenchPicture } from '#shared/brand';
import { SafeImage } from '~/components/safe-image/safe-image';
import { withFigures } from '~/lib/figures';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import * as styles from './features-section.css';
import * as shared from './home.css';
import { SectionHeader } from './section-header';
import { TrialLink } from './trial-link';

export const FEATURES_TITLE_ID = 'home-features-title';

export type { FeatureId };

interface Feature {
  id: FeatureId;
  /** The short name on the tab. */
  tab: MessageDescriptor;
  title: MessageDescriptor;
  body: MessageDescriptor;
}

/** The ten claimed features of docs/product.md#what-it-does-and-for-whom, in the spec's order. */
export const FEATURES: readonly Feature[] = [
  {
    id: 'invite',
    tab: msg`批量邀约与私信`,
    title: msg`批量邀约、私信，一次触达上百位达人`,
    body: msg`按类目、粉丝量和带货数据筛好达人后，一键发送定向邀约和私信。话术里可插入达人昵称和商品名，发送进度、已读和回复状态实时可查。`,
  },
  {
    id: 'database',
    tab: msg`达人数据库`,
    title: msg({ message: '{creators} 带货达人库，筛选后一键导出' }),
    body: msg`按站点、类目、粉丝数、近 30 天销售额、平均播放量和是否留有联系方式筛选达人，结果一键导出 Excel，团队分头跟进。`,
  },
  {
    id: 'materials',
    tab: msg`短视频素材库`,
    title: msg({ message: '{videos} 短视频素材，爆款思路随时查' }),
    body: msg`按商品、类目和播放量检索同类带货视频，拆解开头钩子和脚本结构；给达人写拍摄要求时，直接附上参考视频。`,
  },
  {
    id: 'email',
    tab: msg`邮件群发`,
    title: msg`达人邮件群发，私信之外再多一条路`,
    body: msg`给留有邮箱的达人批量发送个性化合作邮件，内置邀约模板，自动跳过已回复和退订的地址，打开率、回复率一目了然。`,
  },
  {
    id: 'ai-reply',
    tab: msg`AI 多语言回复`,
    title: msg`AI 生成多语言回复话术`,
    body: msg`达人用英语、泰语、越南语或西班牙语回复时，AI 结合上下文写出地道的回复草稿，报价、寄样、佣金谈判都能及时接住，发送前可随时修改。`,
  },
  {
    id: 'buyer-message',
    tab: msg`买家消息`,
    title: msg`给下单买家发消息，也能用聊天应用沟通`,
    body: msg`向已下单的买家批量发送物流提醒、售后关怀和评价邀请，还能通过聊天应用和买家、达人保持联系，提升复购和店铺评分。`,
  },
  {
    id: 'competitor',
    tab: msg`竞品达人`,
    title: msg`找到竞品商品和店铺的带货达人`,
    body: msg`输入竞品商品链接或店铺名称，就能看到哪些达人在为它带货、出单表现如何，把验证过的达人直接加入你的邀约计划。`,
  },
  {
    id: 'plan',
    tab: msg`定向邀约计划`,
    title: msg`定向邀约计划，无效计划一键清理`,
    body: msg`按商品、佣金比例和达人层级创建定向邀约计划；已过期、被拒绝或商品已下架的无效计划一键清理，计划列表清清爽爽。`,
  },
  {
    id: 'crm',
    tab: msg`达人管理系统`,
    title: msg`达人管理系统，合作进度一目了然`,
    body: msg`从首次联系、寄样、发布视频到出单，每位达人的合作阶段、沟通记录和带货数据都有据可查，支持标签、备注和分配负责人。`,
  },
  {
    id: 'multistore',
    tab: msg`多店铺多账号`,
    title: msg`多个店铺、多个账号同时运营`,
    body: msg`一个工作台管理多个站点的店铺和子账号，各店铺任务并行运行、数据互不串扰，团队成员按权限分工协作。`,
  },
];

const tabId = (id: FeatureId) => `home-feature-tab-${id}`;
const panelId = (id: FeatureId) => `home-feature-panel-${id}`;

/**
 * The ten features as a vertical tablist (WAI-ARIA tabs, automatic activation): arrow keys move between tabs,
 * Home/End jump to the ends. Every panel is in the server HTML; the inactive ones carry `hidden`.
 */
export function FeaturesSection() {
  const { i18n } = useLingui();
  const { brand } = usePortalEnv();
  const locale = useLocale();
  const picture = WORKBENCH_PICTURES.feature;
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const next = (index + FEATURES.length) % FEATURES.length;
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: selected + 1,
      ArrowRight: selected + 1,
      ArrowUp: selected - 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: FEATURES.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <section className={shared.section} aria-labelledby={FEATURES_TITLE_ID}>
      <div className={shared.container}>
        <SectionHeader
          id={FEATURES_TITLE_ID}
          eyebrow={<Trans>十大核心功能</Trans>}
          title={<Trans>功能介绍</Trans>}
          lead={<Trans>从找达人、发邀约到管合作、做复购，建联的每一步都帮你省下重复劳动。</Trans>}
        />
        <div className={styles.layout}>
          <div
            className={styles.tabList}
            role="tablist"
            aria-orientation="vertical"
            aria-labelledby={FEATURES_TITLE_ID}
            onKeyDown={onKeyDown}
          >
            {FEATURES.map((feature, index) => {
              const active = index === selected;
              return (
                <button
                  key={feature.id}
                  ref={(element) => {
                    tabRefs.current[index] = element;
                  }}
                  type="button"
                  role="tab"
                  id={tabId(feature.id)}
                  aria-selected={active}
                  aria-controls={panelId(feature.id)}
                  tabIndex={active ? 0 : -1}
                  className={styles.tab}
                  onClick={() => setSelected(index)}
                >
                  <span className={styles.tabNumber} aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  {i18n._(feature.tab)}
                </button>
              );
            })}
          </div>
          {FEATURES.map((feature, index) => (
            <div
              key={feature.id}
              role="tabpanel"
              id={panelId(feature.id)}
              aria-labelledby={tabId(feature.id)}
              hidden={index !== selected}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel holds no focusable content, so it takes focus itself (WAI-ARIA tabs pattern)
              tabIndex={0}
              className={styles.panel}
            >
              <div className={styles.panelCopy}>
                <h3 className={styles.panelTitle}>{withFigures(i18n, feature.title)}</h3>
                <p className={styles.panelBody}>{i18n._(feature.body)}</p>
                <TrialLink className={styles.panelAction}>
                  <Trans>立即免费试用</Trans>
                  <span aria-hidden="true"> →</span>
                </TrialLink>
              </div>
              {/* The feature's view of the workbench (scripts/make-workbench.ts), sharp on dense screens. */}
              <SafeImage
                className={styles.panelImage}
                src={workbenchPicture(brand.id, feature.id, locale, picture.width)}
                srcSet={picture.widths
                  .map((width) => `${workbenchPicture(brand.id, feature.id, locale, width)} ${width}w`)
                  .join(', ')}
                sizes={`${picture.width}px`}
                alt={withFigures(i18n, feature.title)}
                width={picture.width}
                height={picture.height}
                loading="lazy"
                decoding="async"
              />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
