/**
 * The business college's five sections (docs/product.md#pages) and how the other article routes map onto them. Plain data,
 * shared by the server (content loader, API) and the pages; no React, no strings to translate.
 */
export const COLLEGE_SECTIONS = ['ecommerce-intro', 'electricity', 'operate', 'release-record', 'test'] as const;
export type CollegeSection = (typeof COLLEGE_SECTIONS)[number];

export function isCollegeSection(value: unknown): value is CollegeSection {
  return typeof value === 'string' && (COLLEGE_SECTIONS as readonly string[]).includes(value);
}

/**
 * `/article/<kind>/:id?` shows the articles of one section: `ecommerce` the e-commerce primer, `operate` the
 * operation articles and `report` the release records (the reports of what changed in the client and plug-in).
 */
export const ARTICLE_KINDS = ['ecommerce', 'operate', 'report'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];
export const ARTICLE_KIND_SECTIONS: Record<ArticleKind, CollegeSection> = {
  ecommerce: 'ecommerce-intro',
  operate: 'operate',
  report: 'release-record',
};

/** `/electricity-detail/:id?` is the detail page of the Q&A section (the header's Q&A Center). */
export const DETAIL_SECTION: CollegeSection = 'electricity';

/** The page size of article lists on the pages; the API accepts 1 to MAX_PAGE_SIZE. */
export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
/** Highest page number the API accepts (anything larger is a 400, not a slow empty query). */
export const MAX_PAGE = 10_000;
/** Longest search query accepted, in characters (after trimming). */
export const MAX_QUERY_LENGTH = 100;
/** At most this many words of a query are matched (each one must appear). */
export const MAX_QUERY_TERMS = 5;
/** Positions with a ranking badge (docs/product.md#constants). */
export const RECOMMENDED_COUNT = 5;
/** The token in article text replaced by the brand's name for the request's brand and language. */
export const BRAND_NAME_TOKEN = '{brandName}';
