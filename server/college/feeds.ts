/**
 * The college's RSS 2.0 feeds (the `feed` package): the newest published articles of a language, of every section
 * (`/business-college/feed.xml`, `/en/business-college/feed.xml`) or of one (`/business-college/<section>/feed.xml`),
 * with the request's brand and public origin. Read from the live copy at each request (never kept in memory, so a
 * publish shows at once); `no-cache` with an ETag, so a reader asking again gets a 304 until something changes.
 */
import { createHash } from 'node:crypto';
import { Feed } from 'feed';
import { Hono } from 'hono';
import { brands } from '../../shared/brand';
import { type CollegeSection, isCollegeSection } from '../../shared/college-sections';
import { localizePath } from '../../shared/locale';
import { type Lang, translate } from '../api/catalog';
import type { Settings } from '../config/settings';
import type { Database } from '../db/database';
import { publicOrigin, requestBrand } from '../http/request';
import { matchesEtag } from '../pages/html-cache';
import { feedArticles } from './repository';

/** How many articles a feed lists. */
export const FEED_SIZE = 20;

const COLLEGE_TITLE = /*i18n*/ '{brand}商学院';
const SECTION_TITLE = /*i18n*/ '{brand}商学院 · {section}';
const COLLEGE_DESCRIPTION = /*i18n*/ '跨境短视频电商卖家的达人营销知识库：找达人、写邀约、做运营、看更新。';
const SECTION_NAMES: Record<CollegeSection, string> = {
  'ecommerce-intro': /*i18n*/ '电商入门',
  electricity: /*i18n*/ '问答中心',
  operate: /*i18n*/ '运营实操',
  'release-record': /*i18n*/ '更新记录',
  test: /*i18n*/ '实测分享',
};

/** The path of a feed, without the language prefix. */
export function feedPath(section?: CollegeSection | null): string {
  return section ? `/business-college/${section}/feed.xml` : '/business-college/feed.xml';
}

export async function collegeFeed(
  db: Database,
  input: { origin: string; lang: Lang; brandName: string; section?: CollegeSection },
): Promise<string> {
  const { origin, lang, brandName, section } = input;
  const link = (path: string) => `${origin}${localizePath(path, lang)}`;
  const values = { brand: brandName, section: section ? translate(SECTION_NAMES[section], lang) : '' };
  // The placeholders filled here too: a catalog without the message gives its source as it is.
  const title = translate({ id: section ? SECTION_TITLE : COLLEGE_TITLE, values }, lang).replace(
    /\{(brand|section)\}/g,
    (_match, name: 'brand' | 'section') => values[name],
  );
  const articles = await feedArticles(db, { lang, section, limit: FEED_SIZE, brandName });
  const feed = new Feed({
    id: link(section ? `/business-college/${section}` : '/business-college'),
    title,
    description: translate(COLLEGE_DESCRIPTION, lang),
    link: link(section ? `/business-college/${section}` : '/business-college'),
    language: lang === 'zh' ? 'zh-CN' : 'en',
    feedLinks: { rss: link(feedPath(section)) },
    updated: articles.reduce<Date | undefined>(
      (latest, article) => (!latest || article.updated > latest ? article.updated : latest),
      undefined,
    ),
    generator: false,
    copyright: brandName,
  });
  for (const article of articles) {
    const url = link(`/business-college/${article.section}/${article.id}`);
    feed.addItem({
      title: article.title,
      id: url,
      guid: url,
      link: url,
      date: article.published,
      description: article.summary,
      content: article.html,
      category: article.tags.map((name) => ({ name })),
      ...(article.cover ? { image: `${origin}${article.cover.url}` } : {}),
    });
  }
  return feed.rss2();
}

/** The feeds' routes, before the pages (a page route would answer these paths with a 404). */
export function feedRoutes(deps: { db: Database; settings: Settings }) {
  const app = new Hono();
  const answer = async (c: import('hono').Context, lang: Lang, section?: CollegeSection) => {
    const brandId = requestBrand(c, deps.settings);
    const xml = await collegeFeed(deps.db, {
      origin: publicOrigin(c, deps.settings, brandId),
      lang,
      brandName: brands[brandId].name[lang],
      section,
    });
    const etag = `"${createHash('sha1').update(xml).digest('base64url')}"`;
    const headers = {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': 'no-cache',
      ETag: etag,
    };
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    return c.body(xml, 200, headers);
  };
  for (const [prefix, lang] of [
    ['', 'zh'],
    ['/en', 'en'],
  ] as const) {
    app.get(`${prefix}/business-college/feed.xml`, (c) => answer(c, lang));
    app.get(`${prefix}/business-college/:section/feed.xml`, (c, next) => {
      const section = c.req.param('section');
      // Not a section: the pages answer (their 404).
      return isCollegeSection(section) ? answer(c, lang, section) : next();
    });
  }
  return app;
}
