import { Trans } from '@lingui/react/macro';
import { useLocale } from '~/lib/use-locale';
import * as shared from './home.css';
import { SectionHeader } from './section-header';
import * as styles from './welfare-section.css';

export const WELFARE_TITLE_ID = 'home-welfare-title';

/** The two files of the welfare pack, in the page's language. */
export function welfareFiles(locale: 'zh' | 'en') {
  return {
    invitationTemplates: `/downloads/welfare/invitation-templates-${locale}.csv`,
    operationSop: `/downloads/welfare/operation-sop-${locale}.md`,
  };
}

/** The free welfare pack (docs/product.md#what-it-does-and-for-whom): an invitation template and an operation SOP, as real downloads. */
export function WelfareSection() {
  const files = welfareFiles(useLocale());
  return (
    <section className={shared.sectionAlt} aria-labelledby={WELFARE_TITLE_ID}>
      <div className={shared.container}>
        <SectionHeader
          id={WELFARE_TITLE_ID}
          eyebrow={<Trans>免费领取</Trans>}
          title={<Trans>福利包</Trans>}
          lead={<Trans>我们把帮卖家建联上万达人的经验整理成两份资料，不用注册，直接下载。</Trans>}
        />
        <ul className={styles.files}>
          <li className={styles.file}>
            <span className={styles.fileType} aria-hidden="true">
              CSV
            </span>
            <div className={styles.fileText}>
              <h3 className={styles.fileTitle}>
                <Trans>达人邀约话术模板</Trans>
              </h3>
              <p className={styles.fileMeta}>
                <Trans>CSV 表格 · 可用 Excel 或 WPS 打开</Trans>
              </p>
              <p className={styles.fileDescription}>
                <Trans>
                  覆盖首次邀约、跟进、寄样、佣金邀约、发布提醒、再次合作和大促预热等场景，每条都附使用提示，替换商品和达人信息即可发送。
                </Trans>
              </p>
              <a className={styles.download} href={files.invitationTemplates} download>
                <span className={styles.downloadIcon} aria-hidden="true" />
                <Trans>下载话术模板</Trans>
              </a>
            </div>
          </li>
          <li className={styles.file}>
            <span className={styles.fileType} aria-hidden="true">
              MD
            </span>
            <div className={styles.fileText}>
              <h3 className={styles.fileTitle}>
                <Trans>达人运营 SOP</Trans>
              </h3>
              <p className={styles.fileMeta}>
                <Trans>Markdown 文档 · 任意文本编辑器可打开</Trans>
              </p>
              <p className={styles.fileDescription}>
                <Trans>
                  从目标分工、达人筛选、邀约计划和消息节奏，到样品管理、每日每周例行工作和核心
                  KPI，附快速检查清单，新人照着做就能上手。
                </Trans>
              </p>
              <a className={styles.download} href={files.operationSop} download>
                <span className={styles.downloadIcon} aria-hidden="true" />
                <Trans>下载运营 SOP</Trans>
              </a>
            </div>
          </li>
        </ul>
      </div>
    </section>
  );
}
