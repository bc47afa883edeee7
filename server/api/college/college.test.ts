// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../config/settings';
import { createRateLimiter } from '../../limits/rate-limiter';
import { bilingual, type FixtureArticle, seedFixtureBeforeEach } from '../../testing/college';
import { describeDatabases } from '../../testing/databases';
import { createApi } from '../index';
import { openApiDocument } from '../openapi';
import { queryTerms } from './index';

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}`;

/** Twelve operate articles (101 oldest … 112 newest) and a few chosen for search, brand and language tests. */
const ARTICLES: FixtureArticle[] = [
  ...Array.from({ length: 12 }, (_, i) =>
    bilingual(
      101 + i,
      'operate',
      `operate-${101 + i}`,
      { title: `运营第${101 + i}篇`, date: day(i + 1), body: `正文 ${101 + i}` },
      { title: `Operate ${101 + i}`, date: day(i + 1), body: `Body ${101 + i}` },
    ),
  ).flat(),
  ...bilingual(
    201,
    'test',
    'wording',
    { title: '邀约话术模板', date: '2026-02-01', body: '三段式的开场白。' },
    { title: 'Invitation wording templates', date: '2026-02-01', body: 'Three-part openers.' },
  ),
  ...bilingual(
    202,
    'test',
    'etiquette',
    { title: '私信礼仪', date: '2026-03-01', body: '发出邀约之前，先看达人的近期视频。' },
    { title: 'Messaging etiquette', date: '2026-03-01', body: 'Before any INVITATION, watch the latest videos.' },
  ),
  ...bilingual(
    203,
    'test',
    'symbols',
    { title: '100% 佣金_计划', date: '2026-01-15', body: '路径 C:\\temp 里，他说 "你好"。' },
    { title: 'Save 100% on a_b plans', date: '2026-01-15', body: 'Files in C:\\temp; he said "hi" and it\'s fine.' },
  ),
  ...bilingual(
    204,
    'electricity',
    'mac',
    { title: '{brandName} 支持 Mac 吗？', summary: '{brandName} 的客户端', body: '{brandName} 客户端只支持 Windows。' },
    {
      title: 'Does {brandName} run on a Mac?',
      summary: 'The {brandName} client',
      body: 'The {brandName} client is Windows only.',
    },
  ),
  { id: 205, section: 'ecommerce-intro', slug: 'zh-only', lang: 'zh', title: '只有中文', body: '中文正文' },
];

describe('queryTerms', () => {
  it('splits on spaces, keeps each word once (any case) and at most five', () => {
    expect(queryTerms('  invitation   Wording  ')).toEqual(['invitation', 'Wording']);
    expect(queryTerms('a A b a c d e f g')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(queryTerms('邀约话术')).toEqual(['邀约话术']);
  });
});

describe('the OpenAPI document', () => {
  it('declares every college call', () => {
    const paths = Object.entries(openApiDocument({ includeDevOnly: true }).paths)
      .filter(([path]) => path.includes('/college/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`))
      .sort();
    expect(paths).toEqual([
      'get /api/v2/college/articles',
      'get /api/v2/college/articles/{id}',
      'get /api/v2/college/articles/{id}/likes',
      'get /api/v2/college/preview/{token}',
      'get /api/v2/college/recommended',
      'get /api/v2/college/search',
      'post /api/v2/college/articles/{id}/likes',
    ]);
  });
});

interface Envelope<T = Record<string, unknown>> {
  code: number;
  message: string;
  data: T;
}

describeDatabases('college API', (getDb) => {
  seedFixtureBeforeEach(getDb, ARTICLES);

  const api = () =>
    createApi({ db: getDb(), settings: readSettings({}), now: () => new Date(), limiter: createRateLimiter() });

  async function call<T = Record<string, unknown>>(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) {
    const response = await api().request(path, init);
    const body = (await response.json()) as Envelope<T>;
    return { status: response.status, body, headers: response.headers };
  }
  const get = <T = Record<string, unknown>>(path: string, headers: Record<string, string> = {}) =>
    call<T>(path, { headers });

  type List = { page: number; pageSize: number; total: number; pages: number; items: { id: number; title: string }[] };

  describe('list', () => {
    it('pages through a section, newest first', async () => {
      const first = await get<List>('/v2/college/articles?section=operate');
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ section: 'operate', page: 1, pageSize: 10, total: 12, pages: 2 });
      expect(first.body.data.items.map((item) => item.id)).toEqual([112, 111, 110, 109, 108, 107, 106, 105, 104, 103]);
      expect(first.body.data.items[0]).toEqual({
        id: 112,
        section: 'operate',
        title: '运营第112篇',
        summary: '运营第112篇 summary',
        date: '2026-01-12',
        tags: ['测试'],
        cover: null,
      });
      const second = await get<List>('/v2/college/articles?section=operate&page=2&pageSize=10');
      expect(second.body.data.items.map((item) => item.id)).toEqual([102, 101]);
      const beyond = await get<List>('/v2/college/articles?section=operate&page=3');
      expect(beyond.status).toBe(200);
      expect(beyond.body.data).toMatchObject({ page: 3, total: 12, pages: 2, items: [] });
    });

    it('lists every section when none is given, in the language asked for', async () => {
      const zh = await get<List>('/v2/college/articles?pageSize=50');
      expect(zh.body.data.total).toBe(17);
      const en = await get<List>('/v2/college/articles?pageSize=50&lang=en');
      expect(en.body.data.total).toBe(16);
      expect(en.body.data.items[0].title).toBe('Messaging etiquette');
      const byHeader = await get<List>('/v2/college/articles?pageSize=1', { 'accept-language': 'en-US,en;q=0.9' });
      expect(byHeader.body.data.items[0].title).toBe('Messaging etiquette');
      // The parameter wins over the header.
      const both = await get<List>('/v2/college/articles?pageSize=1&lang=zh', { 'accept-language': 'en' });
      expect(both.body.data.items[0].title).toBe('私信礼仪');
    });

    it.each([
      ['page=0'],
      ['page=-1'],
      ['page=abc'],
      ['page=1.5'],
      ['page='],
      ['page=10001'],
      ['page=99999999999999999999'],
      ['pageSize=0'],
      ['pageSize=51'],
      ['pageSize=1e2'],
      ['section=unknown'],
      ['section=operate%00'],
      ['lang=fr'],
      ['sort=title'],
    ])('answers 400 for %s', async (query) => {
      const { status, body } = await get(`/v2/college/articles?${query}`);
      expect(status).toBe(400);
      expect(body.code).toBe(40000);
      expect(body.message.length).toBeGreaterThan(0);
    });

    it('says what is wrong in the request language', async () => {
      expect((await get('/v2/college/articles?page=0')).body.message).toBe('页码过短或过小');
      expect((await get('/v2/college/articles?pageSize=51', { 'accept-language': 'en' })).body.message).toBe(
        'The page size is too long or too large',
      );
    });

    it('accepts the largest page size and the largest page', async () => {
      expect((await get<List>('/v2/college/articles?pageSize=50')).body.data.items).toHaveLength(17);
      expect((await get<List>('/v2/college/articles?page=10000')).status).toBe(200);
    });
  });

  type Detail = {
    article: { id: number; title: string; summary: string; html: string; section: string };
    previous: { id: number; title: string } | null;
    next: { id: number; title: string } | null;
  };

  describe('detail', () => {
    it('gives the article with its html and the previous (newer) and next (older) article of its section', async () => {
      const { status, body } = await get<Detail>('/v2/college/articles/105');
      expect(status).toBe(200);
      expect(body.data.article).toMatchObject({ id: 105, title: '运营第105篇', section: 'operate' });
      expect(body.data.article.html).toBe('<p>正文 105</p>\n');
      expect(body.data.previous).toEqual({ id: 106, title: '运营第106篇' });
      expect(body.data.next).toEqual({ id: 104, title: '运营第104篇' });
    });

    it('has no previous for the newest and no next for the oldest article', async () => {
      expect((await get<Detail>('/v2/college/articles/112')).body.data).toMatchObject({
        previous: null,
        next: { id: 111 },
      });
      expect((await get<Detail>('/v2/college/articles/101')).body.data).toMatchObject({
        previous: { id: 102 },
        next: null,
      });
    });

    it.each(['abc', '0', '-1', '1.5', '1e3', '0105', '99999999999999999999', '%27%20or%201%3D1'])(
      'answers 400 for the id %s',
      async (id) => {
        const { status, body } = await get(`/v2/college/articles/${id}`);
        expect(status).toBe(400);
        expect(body).toMatchObject({ code: 40000, message: '文章编号不正确' });
      },
    );

    it('answers 404 for an unknown id and for an article missing in the language asked for', async () => {
      const unknown = await get('/v2/college/articles/999999999', { 'accept-language': 'en' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 40400, message: 'No such article' });
      expect((await get('/v2/college/articles/205')).status).toBe(200);
      expect((await get('/v2/college/articles/205?lang=en')).status).toBe(404);
    });

    it('names the brand of the request in place of {brandName}', async () => {
      const starreach = await get<Detail>('/v2/college/articles/204', { host: 'localhost:3030' });
      // In Chinese, the space written around the token is dropped: the brand's Chinese name needs none.
      expect(starreach.body.data.article).toMatchObject({ title: '星达通支持 Mac 吗？', summary: '星达通的客户端' });
      expect(starreach.body.data.article.html).toBe('<p>星达通客户端只支持 Windows。</p>\n');
      const creatorbox = await get<Detail>('/v2/college/articles/204?lang=en', { host: 'localhost:3031' });
      expect(creatorbox.body.data.article.title).toBe('Does CreatorBox run on a Mac?');
      expect(creatorbox.body.data.article.html).not.toContain('{brandName}');
      const marker = await get<Detail>('/v2/college/articles/204?lang=en', { host: 'creatorbox.example.com' });
      expect(marker.body.data.article.title).toBe('Does CreatorBox run on a Mac?');
    });

    it('unpublishes an article whose file is gone', async () => {
      await getDb().query("update college_articles set published = false where id = 105 and lang = 'zh'");
      expect((await get('/v2/college/articles/105')).status).toBe(404);
      expect((await get<Detail>('/v2/college/articles/106')).body.data.next).toEqual({ id: 104, title: '运营第104篇' });
    });
  });

  type Search = {
    query: string;
    total: number;
    items: { id: number; title: string; snippet: string; titleMatch: boolean }[];
  };
  const search = (q: string, extra = '') => get<Search>(`/v2/college/search?q=${encodeURIComponent(q)}${extra}`);
  const ids = (result: { body: Envelope<Search> }) => result.body.data.items.map((item) => item.id);

  describe('search', () => {
    it('finds Chinese substrings and ranks a title match above a text match', async () => {
      const result = await search('邀约');
      expect(result.status).toBe(200);
      expect(ids(result)).toEqual([201, 202]);
      expect(result.body.data.items[0].titleMatch).toBe(true);
      expect(result.body.data.items[1]).toMatchObject({
        titleMatch: false,
        snippet: '发出邀约之前，先看达人的近期视频。',
      });
    });

    it('finds English substrings in any case, and every word must appear', async () => {
      expect(ids(await search('invitation', '&lang=en'))).toEqual([201, 202]);
      expect(ids(await search('INVIT', '&lang=en'))).toEqual([201, 202]);
      expect(ids(await search('invitation videos', '&lang=en'))).toEqual([202]);
      expect(ids(await search('invitation nowhere', '&lang=en'))).toEqual([]);
    });

    it.each([
      ['%', [203]],
      ['_', [203]],
      ['\\', [203]],
      ['100%', [203]],
      ['a_b', [203]],
      ['C:\\temp', [203]],
      ['"hi"', [203]],
      ["it's", [203]],
      ['%%', []],
      ['__', []],
      ['\\%', []],
    ])('treats %s as plain text', async (q, expected) => {
      const result = await search(q, '&lang=en');
      expect(result.status).toBe(200);
      expect(ids(result)).toEqual(expected);
    });

    it('is safe against SQL in the query', async () => {
      for (const q of ["'; drop table college_articles; --", "' or '1'='1", '$1', ') or true --']) {
        const result = await search(q);
        expect(result.status).toBe(200);
        expect(ids(result)).toEqual([]);
      }
      expect((await get<List>('/v2/college/articles')).body.data.total).toBe(17);
    });

    it('refuses an empty or too long query with 400, and accepts 100 characters', async () => {
      for (const q of ['', '   ', 'x'.repeat(101), '邀'.repeat(101), 'x'.repeat(10_000)]) {
        const result = await search(q);
        expect(result.status, `q of ${q.length}`).toBe(400);
        expect(result.body.code).toBe(40000);
      }
      expect((await search('x'.repeat(100))).status).toBe(200);
      expect((await get('/v2/college/search')).status).toBe(400);
    });

    it('searches the brand name where the text has the token, in the brand of the request', async () => {
      expect(ids(await search('StarReach', '&lang=en'))).toEqual([204]);
      expect(ids(await search('CreatorBox', '&lang=en'))).toEqual([]);
      const brand2 = await get<Search>('/v2/college/search?q=CreatorBox&lang=en', { host: 'localhost:3031' });
      expect(ids(brand2)).toEqual([204]);
      expect(brand2.body.data.items[0].snippet).toBe('The CreatorBox client is Windows only.');
      expect(ids(await search('{brandName}', '&lang=en'))).toEqual([]);
    });

    it('pages results and limits them to a section', async () => {
      const all = await search('运营', '&pageSize=5');
      expect(all.body.data).toMatchObject({ total: 12, pages: 3, page: 1 });
      expect(ids(all)).toEqual([112, 111, 110, 109, 108]);
      expect(ids(await search('运营', '&pageSize=5&page=3'))).toEqual([102, 101]);
      expect((await search('运营', '&page=4')).body.data).toMatchObject({ total: 12, items: [] });
      expect(ids(await search('邀约', '&section=operate'))).toEqual([]);
      expect((await search('x', '&page=0')).status).toBe(400);
    });
  });

  type Likes = { articleId: number; likes: number; liked: boolean; counted?: boolean };
  const like = (id: string | number, cookie?: string, body = '{}', type = 'application/json') =>
    call<Likes>(`/v2/college/articles/${id}/likes`, {
      method: 'POST',
      headers: { 'content-type': type, ...(cookie ? { cookie } : {}) },
      body,
    });
  const visitorCookie = (headers: Headers) => /visitor_id=([^;]+)/.exec(headers.get('set-cookie') ?? '')?.[1];

  describe('likes', () => {
    it('marks the visitor cookie Secure over HTTPS: through a trusted proxy only', async () => {
      const likeVia = async (env: Record<string, string>) => {
        const app = createApi({
          db: getDb(),
          settings: readSettings(env),
          now: () => new Date(),
          limiter: createRateLimiter(),
        });
        const response = await app.request('/v2/college/articles/106/likes', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
          body: '{}',
        });
        return response.headers.get('set-cookie') ?? '';
      };
      expect(await likeVia({ TRUST_PROXY: '1' })).toMatch(/; Secure/);
      expect(await likeVia({})).not.toMatch(/Secure/);
    });

    it('counts a like once per visitor, and sets a year-long httpOnly visitor cookie', async () => {
      const first = await like(105);
      expect(first.status).toBe(200);
      expect(first.body.data).toEqual({ articleId: 105, likes: 1, liked: true, counted: true });
      const setCookie = first.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^visitor_id=[A-Za-z0-9_-]{22};/);
      expect(setCookie).toMatch(/Max-Age=31536000/);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Secure/);
      const cookie = `visitor_id=${visitorCookie(first.headers)}`;

      const again = await like(105, cookie);
      expect(again.body.data).toEqual({ articleId: 105, likes: 1, liked: true, counted: false });
      expect(again.headers.get('set-cookie')).toBeNull();

      expect((await get<Likes>('/v2/college/articles/105/likes', { cookie })).body.data).toEqual({
        articleId: 105,
        likes: 1,
        liked: true,
      });
      const stranger = await get<Likes>('/v2/college/articles/105/likes');
      expect(stranger.body.data).toEqual({ articleId: 105, likes: 1, liked: false });
      expect(stranger.headers.get('cache-control')).toBe('no-store');

      expect((await like(105)).body.data.likes).toBe(2);
      const stored = await getDb().query<{ n: number }>(
        'select count(*) as n from college_likes where article_id = 105',
      );
      expect(stored[0].n).toBe(2);
    });

    it('counts at most 60 new likes an hour from one address, then answers 429 with the wait', async () => {
      for (let i = 0; i < 60; i++) expect((await like(105)).body.data.counted).toBe(true);
      const refused = await like(105);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/再试/);
      const [count] = await getDb().query<{ likes: number }>(
        'select likes from college_like_counts where article_id = 105',
      );
      expect(count.likes).toBe(60);
    });

    it('counts the like for the article in both languages', async () => {
      await like(204);
      expect((await get<Likes>('/v2/college/articles/204/likes?lang=en')).body.data.likes).toBe(1);
    });

    it('treats a forged visitor cookie as a new visitor', async () => {
      const forged = await like(105, 'visitor_id=%27%20or%201%3D1');
      expect(forged.body.data.counted).toBe(true);
      expect(visitorCookie(forged.headers)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    });

    it('refuses bad ids, unknown articles and bodies that are not an empty JSON object', async () => {
      expect((await like('abc')).status).toBe(400);
      expect((await like(999)).status).toBe(404);
      expect((await like(105, undefined, '{}', 'text/plain')).status).toBe(415);
      expect((await like(105, undefined, 'not json')).status).toBe(400);
      expect((await like(105, undefined, '{"likes":1000}')).status).toBe(400);
      expect((await get('/v2/college/articles/999/likes')).status).toBe(404);
      const counts = await getDb().query('select * from college_like_counts');
      expect(counts).toEqual([]);
    });
  });

  type Recommended = { items: { rank: number; id: number; likes: number; title: string }[] };
  describe('recommended', () => {
    it('ranks five articles 1 to 5: newest first while nobody has liked anything', async () => {
      const { body } = await get<Recommended>('/v2/college/recommended');
      expect(body.data.items.map((item) => [item.rank, item.id, item.likes])).toEqual([
        [1, 202, 0],
        [2, 201, 0],
        [3, 203, 0],
        [4, 112, 0],
        [5, 111, 0],
      ]);
    });

    it('puts the most liked first, then the newest', async () => {
      for (let i = 0; i < 3; i++) await like(101);
      for (let i = 0; i < 2; i++) await like(103);
      await like(102);
      await like(110);
      const { body } = await get<Recommended>('/v2/college/recommended?section=operate&lang=en');
      expect(body.data.items.map((item) => [item.rank, item.id, item.likes])).toEqual([
        [1, 101, 3],
        [2, 103, 2],
        [3, 110, 1],
        [4, 102, 1],
        [5, 112, 0],
      ]);
      expect(body.data.items[0].title).toBe('Operate 101');
    });

    it('refuses an unknown section', async () => {
      expect((await get('/v2/college/recommended?section=nope')).status).toBe(400);
    });
  });
});
