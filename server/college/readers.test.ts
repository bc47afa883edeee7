// @vitest-environment node
/**
 * The readers' side of the college on both databases: related articles by shared tags (then the section's newest),
 * covers with their stored size, the RSS feeds per language and section, the signed preview of a working copy, the
 * view count (once per visitor per article per day, no bots, no drafts) and its sweep; and the public lists, search,
 * sitemap and likes ranking reading only the live published rows.
 */
import { describe, expect, it } from 'vitest';
import { shanghaiDay as viewDay } from '../../shared/shanghai-day';
import { sweepExpired } from '../accounts/sweep';
import { createApi } from '../api/index';
import { readSettings } from '../config/settings';
import { createRateLimiter } from '../limits/rate-limiter';
import { seoRoutes } from '../seo/sitemap';
import { bilingual, type FixtureArticle, seedFixtureBeforeEach } from '../testing/college';
import { describeDatabases } from '../testing/databases';
import { insertMediaRow } from '../testing/media-fixtures';
import { feedRoutes } from './feeds';
import { previewSecret, signPreviewToken } from './preview-token';
import { findArticle, listArticles, recommendedArticles, relatedArticles, searchArticles } from './repository';
import { articleViews, recordView, viewCounter } from './views';

const day = (n: number) => `2026-02-${String(n).padStart(2, '0')}`;

/** 301 has tags a, b, c; 302 shares a and b; 303 shares c; 304 none (same section); 305 none, other section. */
const ARTICLES: FixtureArticle[] = [
  ...bilingual(
    301,
    'operate',
    'base',
    { title: '基础篇', tags: ['寄样', '达人', '视频'], date: day(1) },
    { title: 'Base', tags: ['samples', 'creators', 'video'], date: day(1) },
  ),
  ...bilingual(
    302,
    'test',
    'two-tags',
    { title: '两个标签', tags: ['寄样', '达人'], date: day(2) },
    { title: 'Two tags', tags: ['samples', 'creators'], date: day(2) },
  ),
  ...bilingual(
    303,
    'ecommerce-intro',
    'one-tag',
    { title: '一个标签', tags: ['视频'], date: day(3), body: '关于**视频**的正文。' },
    { title: 'One tag', tags: ['video'], date: day(3), body: 'About **video**.' },
  ),
  ...bilingual(
    304,
    'operate',
    'same-section',
    { title: '同栏目', tags: ['别的'], date: day(4) },
    { title: 'Same section', tags: ['other'], date: day(4) },
  ),
  ...bilingual(
    305,
    'electricity',
    'unrelated',
    { title: '无关', tags: ['别的'], date: day(5) },
    { title: 'Unrelated', tags: ['other'], date: day(5) },
  ),
];

const MEDIA_ID = 'ab'.repeat(16);
const BRAND = { zh: '星达通', en: 'StarReach' };

describeDatabases('the college for readers', (getDb) => {
  seedFixtureBeforeEach(getDb, ARTICLES);
  const settings = readSettings({});
  const api = () => createApi({ db: getDb(), settings, now: () => new Date(), limiter: createRateLimiter() });
  const json = async <T>(path: string) => {
    const response = await api().request(path);
    return { status: response.status, headers: response.headers, body: (await response.json()) as { data: T } };
  };

  describe('related articles', () => {
    it('ranks by tags in common, then fills with the section, never the article itself', async () => {
      const related = await relatedArticles(getDb(), {
        id: 301,
        lang: 'zh',
        section: 'operate',
        tags: ['寄样', '达人', '视频'],
        brandName: BRAND.zh,
      });
      expect(related.map((item) => item.id)).toEqual([302, 303, 304]);
      const found = await findArticle(getDb(), 301, 'en', BRAND.en);
      expect(found?.related.map((item) => [item.id, item.title])).toEqual([
        [302, 'Two tags'],
        [303, 'One tag'],
        [304, 'Same section'],
      ]);
    });

    it('leaves out unpublished articles, and comes in the public answer', async () => {
      await getDb().query('update college_articles set published = false where id = 302');
      const { status, body } = await json<{ related: { id: number }[] }>('/v2/college/articles/301?lang=zh');
      expect(status).toBe(200);
      expect(body.data.related.map((item) => item.id)).toEqual([303, 304]);
    });
  });

  describe('covers', () => {
    it('come with the stored WebP size, or without a size when the picture is not stored', async () => {
      const db = getDb();
      await insertMediaRow(db, { id: MEDIA_ID, width: 3000, height: 1500, webpWidth: 1440, webpHeight: 720 });
      await db.query('update college_articles set cover = $1 where id = 301', [`/media/${MEDIA_ID}.webp`]);
      await db.query('update college_articles set cover = $1 where id = 302', [`/media/${'cd'.repeat(16)}.webp`]);
      const detail = await findArticle(db, 301, 'zh', BRAND.zh);
      expect(detail?.article.cover).toEqual({ url: `/media/${MEDIA_ID}.webp`, width: 1440, height: 720 });
      const list = await listArticles(db, { lang: 'en', page: 1, pageSize: 10, brandName: BRAND.en });
      const byId = new Map(list.items.map((item) => [item.id, item.cover]));
      expect(byId.get(301)).toEqual({ url: `/media/${MEDIA_ID}.webp`, width: 1440, height: 720 });
      expect(byId.get(302)).toEqual({ url: `/media/${'cd'.repeat(16)}.webp`, width: null, height: null });
      expect(byId.get(303)).toBeNull();
    });
  });

  describe('feeds', () => {
    const feed = (path: string, headers: Record<string, string> = {}) =>
      feedRoutes({ db: getDb(), settings }).request(`http://localhost:3030${path}`, {
        headers: { host: 'localhost:3030', ...headers },
      });
    const titles = (xml: string) =>
      [...xml.matchAll(/<item>\s*<title><!\[CDATA\[(.*?)\]\]><\/title>/g)].map((m) => m[1]);

    it('lists the published articles of a language, newest first, as RSS 2.0 with links to the pages', async () => {
      await getDb().query('update college_articles set published = false where id = 305');
      const zh = await feed('/business-college/feed.xml');
      expect(zh.status).toBe(200);
      expect(zh.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
      const xml = await zh.text();
      expect(xml).toContain('<rss version="2.0"');
      expect(titles(xml)).toEqual(['同栏目', '一个标签', '两个标签', '基础篇']);
      expect(xml).toContain('<link>http://localhost:3030/business-college/operate/304</link>');
      expect(xml).toContain('<language>zh-CN</language>');
      expect(xml).toContain('<title>星达通商学院</title>');
      expect(xml).toContain('<strong>视频</strong>');
      const en = await (await feed('/en/business-college/feed.xml')).text();
      expect(titles(en)).toEqual(['Same section', 'One tag', 'Two tags', 'Base']);
      expect(en).toContain('<link>http://localhost:3030/en/business-college/operate/304</link>');
    });

    it('has one per section, and answers 304 to the same ETag until something changes', async () => {
      const first = await feed('/business-college/operate/feed.xml');
      const text = await first.text();
      expect(titles(text)).toEqual(['同栏目', '基础篇']);
      expect(text).toContain('<title>星达通商学院 · 运营实操</title>');
      const etag = first.headers.get('etag') as string;
      expect((await feed('/business-college/operate/feed.xml', { 'if-none-match': etag })).status).toBe(304);
      await getDb().query('update college_articles set published = false where id = 304');
      const changed = await feed('/business-college/operate/feed.xml', { 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(titles(await changed.text())).toEqual(['基础篇']);
      expect((await feed('/business-college/nope/feed.xml')).status).toBe(404);
    });

    it('answers 304 to its ETag sent weak or in a list, 200 to another', async () => {
      const etag = (await feed('/en/business-college/feed.xml')).headers.get('etag') as string;
      for (const sent of [`W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await feed('/en/business-college/feed.xml', { 'if-none-match': sent });
        expect(again.status, sent).toBe(304);
        expect(await again.text(), sent).toBe('');
      }
      expect((await feed('/en/business-college/feed.xml', { 'if-none-match': '"other"' })).status).toBe(200);
    });
  });

  describe('the preview of a working copy', () => {
    async function draft(db = getDb()) {
      await db.query(
        `insert into college_posts (id, section, slug, tags, state, origin) values (1000001, 'operate', 'draft', '["寄样"]', 'draft', 'console')`,
      );
      await db.query(
        `insert into college_post_texts (id, lang, title, summary, body_markdown)
         values (1000001, 'zh', '草稿标题', '草稿摘要', '## 小节\n\n{brandName} 的<b>草稿</b>正文')`,
      );
    }

    it('shows the working copy rendered, with related live articles, to the holder of a valid link', async () => {
      await draft();
      const secret = await previewSecret(getDb());
      const token = signPreviewToken(1000001, new Date(Date.now() + 60_000), secret);
      const { status, headers, body } = await json<{
        article: { title: string; html: string; section: string };
        related: { id: number }[];
        previous: null;
      }>(`/v2/college/preview/${token}?lang=zh`);
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(body.data.article).toMatchObject({ title: '草稿标题', section: 'operate' });
      expect(body.data.article.html).toBe('<h2>小节</h2>\n<p>星达通 的&lt;b&gt;草稿&lt;/b&gt;正文</p>\n');
      expect(body.data.related.map((item) => item.id)).toEqual([301, 302, 304]);
      expect(body.data.previous).toBeNull();
      // The draft is not live: the public article call does not know it.
      expect((await json('/v2/college/articles/1000001?lang=zh')).status).toBe(404);
    });

    it('is a 404 when the link is forged, expired, for another article or without text in the language', async () => {
      await draft();
      const secret = await previewSecret(getDb());
      const valid = signPreviewToken(1000001, new Date(Date.now() + 60_000), secret);
      const gone = (path: string) => json(path).then((answer) => answer.status);
      expect(await gone(`/v2/college/preview/${signPreviewToken(1000001, new Date(Date.now() - 1), secret)}`)).toBe(
        404,
      );
      expect(await gone(`/v2/college/preview/${signPreviewToken(1000001, new Date(Date.now() + 60_000), 'x')}`)).toBe(
        404,
      );
      expect(await gone(`/v2/college/preview/${valid.replace(/^1000001/, '1000002')}`)).toBe(404);
      expect(await gone('/v2/college/preview/garbage')).toBe(404);
      expect(await gone(`/v2/college/preview/${valid}?lang=en`)).toBe(404);
      expect(await gone(`/v2/college/preview/${valid}?lang=zh`)).toBe(200);
    });
  });

  describe('views', () => {
    it('counts one view per visitor per article per day, only of published articles', async () => {
      const db = getDb();
      expect(await recordView(db, 301, '2026-02-10', 'c:one')).toBe(true);
      expect(await recordView(db, 301, '2026-02-10', 'c:one')).toBe(false);
      expect(await recordView(db, 301, '2026-02-10', 'c:two')).toBe(true);
      expect(await recordView(db, 301, '2026-02-11', 'c:one')).toBe(true);
      expect(await recordView(db, 999, '2026-02-10', 'c:one')).toBe(false);
      await db.query('update college_articles set published = false where id = 302');
      expect(await recordView(db, 302, '2026-02-10', 'c:one')).toBe(false);
      expect(await articleViews(db, 301)).toBe(3);
      expect(await articleViews(db, 302)).toBe(0);
    });

    it('counts article pages of people, not bots nor other pages, in the background', async () => {
      const db = getDb();
      const at = new Date('2026-02-10T20:00:00Z'); // 04:00 on the 11th in Shanghai
      const views = viewCounter(db, () => at);
      const person = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
      const see = (path: string, userAgent: string | undefined, address = '10.0.0.1', visitorCookie?: string) =>
        views.see({ method: 'GET', path, userAgent, address, visitorCookie });
      see('/business-college/operate/301', person);
      see('/en/business-college/operate/301', person); // the same visitor, the same day
      see('/business-college/operate/301', person, '10.0.0.2');
      see('/business-college/operate/301', person, '10.0.0.2', 'A'.repeat(22)); // a cookie is its own visitor
      see('/article/operate/304', person);
      see('/business-college/operate/301', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
      see('/business-college/operate/301', 'Baiduspider+(+http://www.baidu.com/search/spider.htm)');
      see('/business-college/operate/301', undefined);
      see('/business-college/operate', person);
      see('/business-college/preview/301.1.x', person);
      views.see({
        method: 'HEAD',
        path: '/business-college/operate/302',
        userAgent: person,
        address: '10.0.0.1',
        visitorCookie: undefined,
      });
      await views.settled();
      expect(await articleViews(db, 301)).toBe(3);
      expect(await articleViews(db, 304)).toBe(1);
      expect(await articleViews(db, 302)).toBe(0);
      const days = await db.query<{ day: string }>(
        `select distinct to_char(day, 'YYYY-MM-DD') as day from college_views`,
      );
      expect(days).toEqual([{ day: '2026-02-11' }]);
      expect(viewDay(at)).toBe('2026-02-11');
      // No address is stored.
      const visitors = await db.query<{ visitor: string }>('select visitor from college_views order by visitor');
      expect(visitors).toHaveLength(4); // 301: two addresses and a cookie; 304: one
      expect(visitors.filter((row) => /10\.0\.0/.test(row.visitor))).toEqual([]);
    });

    it('are swept after two days, the totals kept', async () => {
      const db = getDb();
      await recordView(db, 301, '2026-02-08', 'c:old');
      await recordView(db, 301, '2026-02-09', 'c:kept');
      await recordView(db, 301, '2026-02-10', 'c:today');
      const swept = await sweepExpired(db, new Date('2026-02-10T12:00:00Z'));
      expect(swept.college_views).toBe(1);
      const left = await db.query<{ visitor: string }>('select visitor from college_views order by visitor');
      expect(left.map((row) => row.visitor)).toEqual(['c:kept', 'c:today']);
      expect(await articleViews(db, 301)).toBe(3);
    });
  });

  describe('only live published rows reach readers', () => {
    it('keeps drafts and unpublished articles out of lists, search, the ranking and the sitemap', async () => {
      const db = getDb();
      // A console draft (working copy only) and an unpublished live row.
      await db.query(
        `insert into college_posts (id, section, slug, state, origin) values (1000002, 'operate', 'secret', 'draft', 'console')`,
      );
      await db.query(
        `insert into college_post_texts (id, lang, title, summary, body_markdown) values (1000002, 'zh', '基础秘密草稿', '基础', '基础')`,
      );
      await db.query('update college_articles set published = false where id = 304');
      await db.query(`update college_posts set state = 'unpublished' where id = 304`);
      const list = await listArticles(db, { lang: 'zh', page: 1, pageSize: 50, brandName: BRAND.zh });
      expect(list.items.map((item) => item.id).sort()).toEqual([301, 302, 303, 305]);
      const search = await searchArticles(db, {
        lang: 'zh',
        terms: ['基础'],
        page: 1,
        pageSize: 10,
        brandName: BRAND.zh,
      });
      expect(search.items.map((item) => item.id)).toEqual([301]);
      const ranked = await recommendedArticles(db, { lang: 'zh', limit: 5, brandName: BRAND.zh });
      expect(ranked.map((item) => item.id).sort()).toEqual([301, 302, 303, 305]);
      const sitemap = await (
        await seoRoutes({ db, settings }).request('http://localhost:3030/sitemap.xml', {
          headers: { host: 'localhost:3030' },
        })
      ).text();
      expect(sitemap).toContain('/business-college/operate/301<');
      expect(sitemap).not.toContain('/business-college/operate/304<');
      expect(sitemap).not.toContain('1000002');
    });
  });
});
