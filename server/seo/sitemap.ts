/**
 * `/sitemap.xml` and `/robots.txt` of the request's brand at its public origin: every public page and published
 * article in both languages with its alternates (aliases are left out: their pages name the canonical one).
 */
import { Hono } from 'hono';
import { COLLEGE_SECTIONS } from '../../shared/college-sections';
import { type Locale, localizePath } from '../../shared/locale';
import { PAGES, SITEMAP_PATHS } from '../../shared/routes';
import type { Settings } from '../config/settings';
import type { Database } from '../db/database';
import { markup } from '../http/html';
import { publicOrigin } from '../http/request';

interface SitemapEntry {
  path: string;
  lastmod?: string;
}

async function sitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const articles = await db.query<{ id: number; section: string; lastmod: string }>(
    // The content's own date: the database's write time would say "today" on every fresh install.
    `select id, min(section) as section, to_char(max(published_on), 'YYYY-MM-DD') as lastmod
       from college_articles where published group by id order by id`,
  );
  return [
    ...SITEMAP_PATHS.map((path) => ({ path })),
    ...COLLEGE_SECTIONS.map((section) => ({ path: `${PAGES.college.path}/${section}` })),
    ...articles.map((article) => ({
      path: `${PAGES.college.path}/${article.section}/${article.id}`,
      lastmod: article.lastmod,
    })),
  ];
}

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const url = (path: string, locale: Locale) => `${origin}${localizePath(path, locale)}`;
  const urls = entries.flatMap((entry) =>
    (['zh', 'en'] as const).map(
      (locale) => markup`  <url>
    <loc>${url(entry.path, locale)}</loc>${
      entry.lastmod
        ? markup`
    <lastmod>${entry.lastmod}</lastmod>`
        : ''
    }
    <xhtml:link rel="alternate" hreflang="zh-CN" href="${url(entry.path, 'zh')}"/>
    <xhtml:link rel="alternate" hreflang="en" href="${url(entry.path, 'en')}"/>
    <xhtml:link rel="alternate" hreflang="x-default" href="${url(entry.path, 'zh')}"/>
  </url>
`,
    ),
  );
  return markup`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls}</urlset>
`.toString();
}

export function robotsTxt(origin: string): string {
  return `User-agent: *
Allow: /
Disallow: /api/
Disallow: /wx-sim
Disallow: /wx/
Disallow: /workbench/

Sitemap: ${origin}/sitemap.xml
`;
}

export function seoRoutes(deps: { db: Database; settings: Settings }) {
  const app = new Hono();
  const cacheFor = { 'Cache-Control': 'public, max-age=3600' };
  app.get('/sitemap.xml', async (c) =>
    c.body(sitemapXml(publicOrigin(c, deps.settings), await sitemapEntries(deps.db)), 200, {
      ...cacheFor,
      'Content-Type': 'application/xml; charset=utf-8',
    }),
  );
  app.get('/robots.txt', (c) =>
    c.body(robotsTxt(publicOrigin(c, deps.settings)), 200, {
      ...cacheFor,
      'Content-Type': 'text/plain; charset=utf-8',
    }),
  );
  return app;
}
