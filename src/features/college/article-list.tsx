/** A page of a section's (or the whole college's) articles, newest first, with page links. */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { CollegeSection } from '#shared/college-sections';
import type { ArticleList, ArticleSummary } from '#shared/contract/college';
import { localizePath } from '#shared/locale';
import { useLocale } from '~/lib/use-locale';
import * as styles from './college.css';
import { CoverImage } from './cover';
import { COLLEGE_DESCRIPTION, COLLEGE_NAME, SECTION_DESCRIPTIONS, SECTION_LABELS } from './labels';
import { Pagination } from './navigation';
import { articlePath, type CollegeFamily, listPath } from './paths';

export function ArticleMeta({ article, showSection }: { article: ArticleSummary; showSection?: boolean }) {
  const { i18n } = useLingui();
  return (
    <p className={styles.meta}>
      {showSection ? <span className={styles.resultSection}>{i18n._(SECTION_LABELS[article.section])}</span> : null}
      <time dateTime={article.date}>{article.date}</time>
      {article.tags.map((tag) => (
        <span key={tag} className={styles.tag}>
          {tag}
        </span>
      ))}
    </p>
  );
}

export function ArticleListView({
  family,
  section,
  list,
}: {
  family: CollegeFamily;
  section: CollegeSection | null;
  list: ArticleList;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  return (
    <section aria-labelledby="college-list-title">
      <h1 id="college-list-title" className={styles.heading}>
        {i18n._(section ? SECTION_LABELS[section] : COLLEGE_NAME)}
      </h1>
      <p className={styles.lead}>{i18n._(section ? SECTION_DESCRIPTIONS[section] : COLLEGE_DESCRIPTION)}</p>
      {list.items.length === 0 ? (
        <p className={styles.empty}>{t`这里还没有文章。`}</p>
      ) : (
        <ol className={styles.cardList}>
          {list.items.map((article) => (
            <li key={article.id} className={article.cover ? `${styles.card} ${styles.cardWithCover}` : styles.card}>
              <div>
                <h2 className={styles.cardTitle}>
                  <Link
                    className={styles.cardLink}
                    to={localizePath(articlePath(family, article.section, article.id), locale)}
                  >
                    {article.title}
                  </Link>
                </h2>
                <p className={styles.cardSummary}>{article.summary}</p>
                <ArticleMeta article={article} showSection={section === null} />
              </div>
              <CoverImage cover={article.cover} title={article.title} className={styles.cardCover} lazy decorative />
            </li>
          ))}
        </ol>
      )}
      <Pagination path={listPath(family, section)} page={list.page} pages={list.pages} />
    </section>
  );
}
