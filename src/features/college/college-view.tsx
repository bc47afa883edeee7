/**
 * The business college (docs/product.md#pages): banner with search, the menu of the five sections, breadcrumb, the page's
 * content (a list, an article or search results) and the recommended side list. Every college route renders
 * this view (college-page.tsx) with the data its loader fetched (loaders.ts).
 */
import { useLingui } from '@lingui/react/macro';
import type { ApiFetch } from '~/app/router-context';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import { ArticleListView } from './article-list';
import { ArticleView } from './article-view';
import * as styles from './college.css';
import { COLLEGE_NAME, SECTION_LABELS } from './labels';
import type { CollegePageData } from './loaders';
import { Breadcrumb, type Crumb, SectionMenu } from './navigation';
import { COLLEGE_HOME, listPath } from './paths';
import { RecommendedList } from './recommended-list';
import { SearchBox, SearchResultsView } from './search';

export function CollegeView({ data, api }: { data: CollegePageData; api: ApiFetch }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { brand } = usePortalEnv();
  const brandName = brand.name[locale];
  const { view, family, section } = data;

  const crumbs: Crumb[] = [
    { label: t`首页`, path: '/' },
    { label: i18n._(COLLEGE_NAME), path: COLLEGE_HOME },
  ];
  if (view.kind === 'search') crumbs.push({ label: t`搜索结果` });
  else if (section) crumbs.push({ label: i18n._(SECTION_LABELS[section]), path: listPath(family, section) });
  if (view.kind === 'article') crumbs.push({ label: view.article.article.title });

  return (
    <main className={styles.page}>
      <div className={styles.banner}>
        <div className={`${styles.container} ${styles.bannerInner}`}>
          <div>
            <p className={styles.bannerTitle}>{t`${brandName}商学院`}</p>
            <p className={styles.bannerLead}>{t`从找达人、写邀约到做运营，跨境卖家的达人营销实战课堂。`}</p>
          </div>
          <SearchBox query={view.kind === 'search' ? view.query : ''} />
        </div>
      </div>
      <div className={styles.container}>
        <SectionMenu current={section} onList={view.kind === 'list'} />
        <Breadcrumb crumbs={crumbs} />
        <div className={styles.columns}>
          <div className={styles.content}>
            {view.kind === 'article' ? (
              <ArticleView family={family} page={view.article} api={api} preview={view.preview} />
            ) : view.kind === 'search' ? (
              <SearchResultsView query={view.query} results={view.results} />
            ) : (
              <ArticleListView family={family} section={section} list={view.list} />
            )}
          </div>
          <RecommendedList items={data.recommended} />
        </div>
      </div>
    </main>
  );
}
