/**
 * The data of every college page, loaded by the route loaders (imported on demand, so none of this is in
 * the home page's first load). On the server the loader runs before rendering, through the in-process API;
 * its result is written into the page and the browser hydrates from it without fetching again. On client-side
 * navigation it fetches `/api/v2/college/...`.
 *
 * Unknown ids, an id of another section and pages past the last answer notFound() (HTTP 404 on the server).
 * The like count is not part of it: pages are cached for minutes, so the count is fetched after hydration.
 */
import { msg } from '@lingui/core/macro';
import { notFound } from '@tanstack/react-router';
import { brands } from '#shared/brand';
import { type CollegeSection, MAX_QUERY_LENGTH, PAGE_SIZE } from '#shared/college-sections';
import type { ArticleList, ArticlePage, RankedArticle, SearchResults } from '#shared/contract/college';
import type { Locale } from '#shared/locale';
import type { PortalEnv } from '#shared/portal-env';
import type { ApiFetch } from '~/app/router-context';
import { i18nFor } from '~/lib/i18n';
import { CollegeApiError, collegeGet, collegeUrl } from './client';
import { COLLEGE_DESCRIPTION, COLLEGE_NAME, SECTION_DESCRIPTIONS, SECTION_LABELS } from './labels';
import { type CollegeFamily, familySection } from './paths';

export type CollegeView =
  | { kind: 'list'; list: ArticleList }
  | { kind: 'article'; article: ArticlePage; preview?: boolean }
  | { kind: 'search'; query: string; results: SearchResults | null };

export interface CollegePageData {
  family: CollegeFamily;
  /** The section the page belongs to (null: the college's index or a search). */
  section: CollegeSection | null;
  view: CollegeView;
  recommended: RankedArticle[];
  /** The page's title (with the brand) and meta description. */
  head: {
    title: string;
    description: string;
    article?: { published: string; modified: string };
    /** A page for no search index (a draft's preview). */
    noindex?: boolean;
    /** The page's trail for structured data: home, the college, the section, the article. */
    breadcrumb: { name: string; path: string }[];
  };
}

export interface CollegeLoaderInput {
  api: ApiFetch;
  locale: Locale;
  env: PortalEnv;
  family: CollegeFamily;
  /** The section of a `/business-college/<section>` route (the other families imply theirs). */
  section?: CollegeSection;
  /** The optional `:id` of the route, as written in the URL. */
  id?: string;
  page?: number;
  /** `?q=` of the college's index: a search. */
  q?: unknown;
  /** The token of a signed preview link: the draft's working copy (`/business-college/preview/<token>`). */
  preview?: string;
}

const ARTICLE_ID = /^[1-9]\d{0,8}$/;

/** The search words of `?q=`: trimmed and cut to the longest query the API accepts (undefined when empty). */
export function searchQueryOf(q: unknown): string | undefined {
  if (q === undefined || q === null || typeof q === 'object') return undefined;
  const text = String(q).trim();
  return text ? Array.from(text).slice(0, MAX_QUERY_LENGTH).join('').trim() : undefined;
}

function notFoundOn404(error: unknown): never {
  if (error instanceof CollegeApiError && (error.status === 404 || error.status === 400)) throw notFound();
  throw error;
}

export async function loadCollegePage(input: CollegeLoaderInput): Promise<CollegePageData> {
  const { api, locale, family } = input;
  const section = familySection(family, input.section ?? null);
  const i18n = i18nFor(locale);
  const brand = brands[input.env.brandId].name[locale];
  const college = i18n._(COLLEGE_NAME);
  const page = input.page ?? 1;
  const trail = (last?: CollegeSection | null) => [
    { name: brand, path: '/' },
    { name: college, path: '/business-college' },
    ...(last ? [{ name: i18n._(SECTION_LABELS[last]), path: `/business-college/${last}` }] : []),
  ];
  const query = section === null && input.id === undefined ? searchQueryOf(input.q) : undefined;

  const recommended = collegeGet<{ items: RankedArticle[] }>(
    api,
    collegeUrl('/recommended', locale, { section: section ?? undefined }),
    locale,
  ).then(
    (data) => data.items,
    () => [] as RankedArticle[],
  );

  if (input.preview !== undefined) {
    if (!input.preview) throw notFound();
    const article = await collegeGet<ArticlePage>(
      api,
      collegeUrl(`/preview/${encodeURIComponent(input.preview)}`, locale),
      locale,
    ).catch(notFoundOn404);
    return {
      family,
      section: article.article.section,
      view: { kind: 'article', article, preview: true },
      recommended: await recommended,
      head: {
        title: `${i18n._(msg`预览：${article.article.title}`)} - ${brand}`,
        description: article.article.summary,
        noindex: true,
        breadcrumb: trail(article.article.section),
      },
    };
  }

  if (input.id !== undefined) {
    if (!ARTICLE_ID.test(input.id)) throw notFound();
    const article = await collegeGet<ArticlePage>(api, collegeUrl(`/articles/${input.id}`, locale), locale).catch(
      notFoundOn404,
    );
    // An article shown under a section's path must belong to that section.
    if (section && article.article.section !== section) throw notFound();
    return {
      family,
      section: article.article.section,
      view: { kind: 'article', article },
      recommended: await recommended,
      head: {
        title: `${article.article.title} - ${brand}`,
        description: article.article.summary,
        article: { published: article.article.date, modified: article.article.updated },
        breadcrumb: [
          ...trail(article.article.section),
          {
            name: article.article.title,
            path: `/business-college/${article.article.section}/${article.article.id}`,
          },
        ],
      },
    };
  }

  if (query !== undefined) {
    // A failed search is shown on the page (with a retry), not as an error page.
    const results = await collegeGet<SearchResults>(
      api,
      collegeUrl('/search', locale, { q: query, page, pageSize: PAGE_SIZE }),
      locale,
    ).catch(() => null);
    if (results && page > 1 && page > results.pages) throw notFound();
    return {
      family,
      section: null,
      view: { kind: 'search', query, results },
      recommended: await recommended,
      head: {
        title: `${i18n._(msg`搜索：${query}`)} - ${college} - ${brand}`,
        description: i18n._(COLLEGE_DESCRIPTION),
        breadcrumb: trail(),
      },
    };
  }

  const list = await collegeGet<ArticleList>(
    api,
    collegeUrl('/articles', locale, { section: section ?? undefined, page, pageSize: PAGE_SIZE }),
    locale,
  ).catch(notFoundOn404);
  if (page > 1 && page > list.pages) throw notFound();
  const name = section ? `${i18n._(SECTION_LABELS[section])} - ${college}` : college;
  const pageSuffix = page > 1 ? ` (${page})` : '';
  return {
    family,
    section,
    view: { kind: 'list', list },
    recommended: await recommended,
    head: {
      title: `${name}${pageSuffix} - ${brand}`,
      description: i18n._(section ? SECTION_DESCRIPTIONS[section] : COLLEGE_DESCRIPTION),
      breadcrumb: trail(section),
    },
  };
}
