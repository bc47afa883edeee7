/**
 * The recommended side list: five articles ranked 1 to 5 with the ranking badges (docs/product.md#constants). The server ranks
 * them (most liked, then newest); no like counts are shown here, since the page is cached.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { RankedArticle } from '#shared/contract/college';
import { localizePath } from '#shared/locale';
import { RankBadge, type RankPosition } from '~/components/rank-badge/rank-badge';
import { useLocale } from '~/lib/use-locale';
import * as styles from './college.css';
import { articlePath, COLLEGE_FAMILY } from './paths';

export function RecommendedList({ items }: { items: RankedArticle[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <aside className={styles.aside} aria-labelledby="college-recommended">
      <h2 id="college-recommended" className={styles.asideTitle}>
        {t`推荐阅读`}
      </h2>
      {items.length === 0 ? (
        <p className={styles.rankDate}>{t`暂无推荐文章`}</p>
      ) : (
        <ol className={styles.rankList}>
          {items.slice(0, 5).map((item) => (
            <li key={item.id} className={styles.rankItem}>
              <RankBadge position={item.rank as RankPosition} />
              <span className={styles.rankText}>
                <Link
                  className={styles.cardLink}
                  to={localizePath(articlePath(COLLEGE_FAMILY, item.section, item.id), locale)}
                >
                  {item.title}
                </Link>
                <span className={styles.rankDate}>{item.date}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
