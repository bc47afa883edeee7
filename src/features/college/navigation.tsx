/** The college's way-finding: the menu of the five sections, the breadcrumb and the page links. */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { COLLEGE_SECTIONS, type CollegeSection } from '#shared/college-sections';
import { localizePath } from '#shared/locale';
import { useLocale } from '~/lib/use-locale';
import * as styles from './college.css';
import { SECTION_LABELS } from './labels';
import { COLLEGE_HOME } from './paths';

/** The five sections; the current one is highlighted (and marked as the current page on its own list). */
export function SectionMenu({ current, onList }: { current: CollegeSection | null; onList: boolean }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  return (
    <nav aria-label={t`商学院栏目`}>
      <ul className={styles.menu}>
        {COLLEGE_SECTIONS.map((section) => {
          const active = section === current;
          return (
            <li key={section}>
              <Link
                className={styles.menuLink}
                to={localizePath(`${COLLEGE_HOME}/${section}`, locale)}
                data-active={active}
                aria-current={active && onList ? 'page' : undefined}
                activeOptions={{ exact: true, includeSearch: false }}
                activeProps={{}}
              >
                {i18n._(SECTION_LABELS[section])}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export interface Crumb {
  label: string;
  /** Path without the language prefix; the last crumb (the current page) has none. */
  path?: string;
}

export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <nav className={styles.breadcrumb} aria-label={t`面包屑导航`}>
      <ol className={styles.breadcrumbList}>
        {crumbs.map((crumb, index) => (
          <li key={crumb.path ?? crumb.label} className={styles.breadcrumbItem}>
            {crumb.path !== undefined && index < crumbs.length - 1 ? (
              <Link
                className={styles.breadcrumbLink}
                to={localizePath(crumb.path, locale)}
                activeOptions={{ exact: true }}
              >
                {crumb.label}
              </Link>
            ) : (
              <span className={styles.breadcrumbCurrent} aria-current="page">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Page numbers around the current one, with the first and the last, and gaps as null. */
export function pageWindow(current: number, pages: number, radius = 2): (number | null)[] {
  const shown = new Set<number>([1, pages]);
  for (let page = current - radius; page <= current + radius; page++) if (page >= 1 && page <= pages) shown.add(page);
  const sorted = [...shown].filter((page) => page >= 1).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [index, page] of sorted.entries()) {
    if (index > 0 && page - sorted[index - 1] > 1) result.push(null);
    result.push(page);
  }
  return result;
}

export function Pagination({
  path,
  page,
  pages,
  query,
}: {
  /** The list's path without the language prefix. */
  path: string;
  page: number;
  pages: number;
  /** The search words, kept on every page link of a search. */
  query?: string;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  if (pages <= 1) return null;
  const to = localizePath(path, locale);
  const search = (target: number) => ({ ...(query ? { q: query } : {}), page: target > 1 ? target : undefined });
  return (
    <nav className={styles.pagination} aria-label={t`分页`}>
      <ul className={styles.pageList}>
        {page > 1 ? (
          <li>
            <Link className={styles.pageLink} to={to} search={search(page - 1)}>
              {t`上一页`}
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pages).map((target, index) =>
          target === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className={styles.pageLink}>
              …
            </li>
          ) : (
            <li key={target}>
              <Link
                className={styles.pageLink}
                to={to}
                search={search(target)}
                aria-current={target === page ? 'page' : undefined}
                aria-label={t`第 ${target} 页`}
                activeOptions={{ includeSearch: true }}
                activeProps={{}}
              >
                {target}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link className={styles.pageLink} to={to} search={search(page + 1)}>
              {t`下一页`}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
