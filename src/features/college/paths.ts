/**
 * Where the college's pages live. Each route family keeps its own links: an article opened under
 * `/article/report/4010` links its neighbours as `/article/report/…`; the menu, the recommended list and
 * search results always lead to `/business-college/<section>/<id>`. Paths are without the language prefix.
 */
import { ARTICLE_KIND_SECTIONS, type ArticleKind, type CollegeSection, DETAIL_SECTION } from '#shared/college-sections';

export type CollegeFamily = { type: 'college' } | { type: 'article'; kind: ArticleKind } | { type: 'detail' };

export const COLLEGE_FAMILY: CollegeFamily = { type: 'college' };

export const COLLEGE_HOME = '/business-college';

/** The section a family shows (null: the college's index, every section). */
export function familySection(family: CollegeFamily, section: CollegeSection | null): CollegeSection | null {
  if (family.type === 'article') return ARTICLE_KIND_SECTIONS[family.kind];
  if (family.type === 'detail') return DETAIL_SECTION;
  return section;
}

export function listPath(family: CollegeFamily, section: CollegeSection | null): string {
  if (family.type === 'article') return `/article/${family.kind}`;
  if (family.type === 'detail') return '/electricity-detail';
  return section ? `${COLLEGE_HOME}/${section}` : COLLEGE_HOME;
}

export function articlePath(family: CollegeFamily, section: CollegeSection, id: number): string {
  if (family.type === 'article') return `/article/${family.kind}/${id}`;
  if (family.type === 'detail') return `/electricity-detail/${id}`;
  return `${COLLEGE_HOME}/${section}/${id}`;
}
