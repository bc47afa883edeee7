/**
 * The readable site map behind the footer's "website map" (docs/product.md#pages): the site's pages, the downloads and
 * documents (they open their layer, as in the footer), the help centre, and every college section with all
 * of its published articles, in the page's language.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { DocumentType, LayerType } from '#machines/layer/layer.selectors';
import { helpCenterLink } from '#shared/brand-contents';
import { localizePath } from '#shared/locale';
import { useAppActors } from '~/app/actors-context';
import { TrialLink } from '~/components/trial-link/trial-link';
import { useBrandContents } from '~/lib/brand-contents';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import { visuallyHidden } from '~/styles/a11y.css';
import * as styles from './college.css';
import { SECTION_LABELS } from './labels';
import { articlePath, COLLEGE_FAMILY, COLLEGE_HOME } from './paths';
import type { SiteMapData } from './site-map';
import * as map from './site-map.css';

function Group({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={className ?? map.group}>
      <h2 id={id} className={map.groupTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A button that opens a layer (the downloads) or the document modal (the legal documents), as the footer's do. */
function DialogButton({
  children,
  ...target
}: { children: React.ReactNode } & ({ layer: LayerType } | { document: DocumentType })) {
  const { layer, documentModal } = useAppActors();
  const open = () =>
    'layer' in target
      ? layer.send({ type: 'layer.open', layerType: target.layer })
      : documentModal.send({ type: 'layer.open', layerType: target.document });
  return (
    <button type="button" className={map.link} aria-haspopup="dialog" onClick={open}>
      {children}
    </button>
  );
}

function PageLink({ path, children }: { path: string; children: React.ReactNode }) {
  const locale = useLocale();
  return (
    <Link to={localizePath(path, locale)} className={map.link}>
      {children}
    </Link>
  );
}

export function SiteMapPage({ data }: { data: SiteMapData }) {
  const { t, i18n } = useLingui();
  const { brand, edition } = usePortalEnv();
  const brandName = brand.name[useLocale()];
  const help = helpCenterLink(useBrandContents(), edition);

  return (
    <main className={styles.page}>
      <div className={styles.banner}>
        <div className={styles.container}>
          <h1 className={styles.bannerTitle}>{t`网站地图`}</h1>
          <p className={styles.bannerLead}>{t`${brandName}网站的全部页面与商学院文章，一页找到。`}</p>
        </div>
      </div>
      <div className={`${styles.container} ${map.groups}`}>
        <Group title={t`网站`}>
          <ul className={map.list}>
            <li>
              <PageLink path="/">{t`首页`}</PageLink>
            </li>
            <li>
              <TrialLink className={map.link}>{t`注册并免费试用`}</TrialLink>
            </li>
            <li>
              <PageLink path="/login">{t`登录`}</PageLink>
            </li>
            <li>
              <PageLink path="/forget_password">{t`找回密码`}</PageLink>
            </li>
            <li>
              <PageLink path={COLLEGE_HOME}>{t`商学院`}</PageLink>
            </li>
          </ul>
        </Group>
        <Group title={t`下载与帮助`}>
          <ul className={map.list}>
            <li>
              <DialogButton layer="clientDownload">{t`客户端下载`}</DialogButton>
            </li>
            <li>
              <DialogButton layer="pluginDownload">{t`插件下载`}</DialogButton>
            </li>
            <li>
              {help.external ? (
                <a href={help.href} target="_blank" rel="noopener" className={map.link}>
                  {t`帮助中心`}
                  <span className={visuallyHidden}>{t`（在新标签页打开）`}</span>
                </a>
              ) : (
                <PageLink path={help.path}>{t`帮助中心`}</PageLink>
              )}
            </li>
          </ul>
        </Group>
        <Group title={t`法律法规`}>
          <ul className={map.list}>
            <li>
              <DialogButton document="agreement">{t`用户协议`}</DialogButton>
            </li>
            <li>
              <DialogButton document="privacy">{t`隐私政策`}</DialogButton>
            </li>
          </ul>
        </Group>
        <Group title={t`商学院`} className={map.college}>
          <ul className={map.sections}>
            {data.sections.map(({ section, articles }) => (
              <li key={section}>
                <PageLink path={`${COLLEGE_HOME}/${section}`}>
                  <strong>{i18n._(SECTION_LABELS[section])}</strong>
                </PageLink>
                {articles.length ? (
                  <ul className={map.articles}>
                    {articles.map((article) => (
                      <li key={article.id}>
                        <PageLink path={articlePath(COLLEGE_FAMILY, section, article.id)}>{article.title}</PageLink>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className={map.link}>{t`暂无文章`}</p>
                )}
              </li>
            ))}
          </ul>
        </Group>
      </div>
    </main>
  );
}
