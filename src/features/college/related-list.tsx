/** "Related articles" under an article: those sharing its tags, else the newest of its section (server-chosen). */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ArticleSummary } from '#shared/contract/college';
import { localizePath } from '#shared/locale';
import { useLocale } from '~/lib/use-locale';
import * as styles from './college.css';
import { articlePath, COLLEGE_FAMILY, type CollegeFamily, familySection } from './paths';

export function RelatedArticles({ family, items }: { family: CollegeFamily; items: ArticleSummary[] | undefined }) {
  const { t } = useLingui();
  const locale = useLocale();
  if (!items?.length) return null;
  // An article of another section than the family's own (`/article/report/…`) is linked under the college's paths.
  const pathOf = (item: ArticleSummary) =>
    articlePath(item.section === familySection(family, item.section) ? family : COLLEGE_FAMILY, item.section, item.id);
  return (
    <section className={styles.related} aria-labelledby="college-related-title">
      <h2 id="college-related-title" className={styles.relatedTitle}>
        {t`相关文章`}
      </h2>
      <ul className={styles.relatedList}>
        {items.map((item) => (
          <li key={item.id} className={styles.relatedItem}>
            <Link className={styles.cardLink} to={localizePath(pathOf(item), locale)}>
              {item.title}
            </Link>
            <time className={styles.rankDate} dateTime={item.date}>
              {item.date}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}
