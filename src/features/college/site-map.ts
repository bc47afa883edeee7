/**
 * The data of the readable site map (the footer's "website map", docs/product.md#pages): every published article of every
 * college section, in the page's language, read through the same list API as the section pages (at most
 * MAX_PAGE_SIZE a call, so a long section takes a few). Loaded by the `/site-map` route on the server for the
 * first HTML, and fetched on client-side navigation.
 */
import { msg } from '@lingui/core/macro';
import { brands } from '#shared/brand';
import { COLLEGE_SECTIONS, type CollegeSection, MAX_PAGE_SIZE } from '#shared/college-sections';
import type { ArticleLink, ArticleList } from '#shared/contract/college';
import type { Locale } from '#shared/locale';
import type { PortalEnv } from '#shared/portal-env';
import type { ApiFetch } from '~/app/router-context';
import { i18nFor } from '~/lib/i18n';
import { collegeGet, collegeUrl } from './client';

export interface SiteMapData {
  sections: { section: CollegeSection; articles: ArticleLink[] }[];
  head: { title: string; description: string; breadcrumb: { name: string; path: string }[] };
}

export const SITE_MAP_PATH = '/site-map';
export const SITE_MAP_TITLE = msg`网站地图`;
const SITE_MAP_DESCRIPTION = msg`网站的全部页面：首页、登录与注册、下载、帮助，以及商学院每个栏目的全部文章。`;

async function sectionArticles(api: ApiFetch, locale: Locale, section: CollegeSection): Promise<ArticleLink[]> {
  const articles: ArticleLink[] = [];
  for (let page = 1; ; page++) {
    const list = await collegeGet<ArticleList>(
      api,
      collegeUrl('/articles', locale, { section, page, pageSize: MAX_PAGE_SIZE }),
      locale,
    );
    articles.push(...list.items.map(({ id, title }) => ({ id, title })));
    if (page >= list.pages) return articles;
  }
}

export async function loadSiteMap(input: { api: ApiFetch; locale: Locale; env: PortalEnv }): Promise<SiteMapData> {
  const { api, locale } = input;
  const i18n = i18nFor(locale);
  const brand = brands[input.env.brandId].name[locale];
  const title = i18n._(SITE_MAP_TITLE);
  const sections = await Promise.all(
    COLLEGE_SECTIONS.map(async (section) => ({ section, articles: await sectionArticles(api, locale, section) })),
  );
  return {
    sections,
    head: {
      title: `${title} - ${brand}`,
      description: i18n._(SITE_MAP_DESCRIPTION),
      breadcrumb: [
        { name: brand, path: '/' },
        { name: title, path: SITE_MAP_PATH },
      ],
    },
  };
}
