/**
 * The business college (issue 5): articles by section, detail with previous/next, recommendations with
 * ranking, search and likes. Content comes in the language of the `lang` query parameter (else
 * Accept-Language) with `{brandName}` replaced by the request's brand. Ids, pages and queries are checked
 * before any SQL runs: bad ones are a 400, unknown articles a 404, never a 500.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { brands } from '../../../shared/brand';
import { type CollegeSection, MAX_QUERY_TERMS, PAGE_SIZE, RECOMMENDED_COUNT } from '../../../shared/college-sections';
import { tooMany } from '../../accounts/errors';
import { lockBuckets, type Rule, recordEvent, retryAfter } from '../../accounts/limits';
import type { ContentLang } from '../../college/content';
import {
  addLike,
  articleExists,
  findArticle,
  likeState,
  listArticles,
  recommendedArticles,
  searchArticles,
} from '../../college/repository';
import { clientAddress, requestBrand, requestIsHttps } from '../../request';
import type { ApiDeps } from '../deps';
import { ApiError, BAD_REQUEST, nameFields, ok, readJson, readQuery, requestLanguage } from '../http';
import { defineOperation } from '../openapi';
import {
  detailData,
  langQuery,
  likeBody,
  likeData,
  likeResultData,
  listData,
  listQuery,
  recommendedData,
  recommendedQuery,
  searchData,
  searchQuery,
} from './schemas';

const ARTICLE_NOT_FOUND = 40400;

/** The visitor cookie: a random id that makes a like count once per visitor per article. */
const VISITOR_COOKIE = 'visitor_id';
const VISITOR_COOKIE_DAYS = 365;
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
/** Article ids are positive integers that fit the database's integer (anything else is a 400). */
const ARTICLE_ID = /^[1-9]\d{0,8}$/;

const TAGS = ['Business college'];

nameFields({
  q: { zh: '搜索关键词', en: 'The search query' },
  page: { zh: '页码', en: 'The page number' },
  pageSize: { zh: '每页条数', en: 'The page size' },
  section: { zh: '栏目', en: 'The section' },
  lang: { zh: '语言', en: 'The language' },
});
const BAD_ID_TEXT = { zh: '文章编号不正确', en: 'The article id is not valid' };
const NOT_FOUND_TEXT = { zh: '文章不存在或已下线', en: 'No such article' };

defineOperation({
  method: 'get',
  path: '/v2/college/articles',
  summary: 'Articles of a section (or of all sections), newest first, a page at a time',
  tags: TAGS,
  query: listQuery,
  data: listData,
  errors: { [BAD_REQUEST]: 'a bad section, page, pageSize or lang, or an unknown parameter (HTTP 400)' },
});
defineOperation({
  method: 'get',
  path: '/v2/college/articles/{id}',
  summary: 'One article with its rendered text and the previous and next article of its section',
  tags: TAGS,
  query: langQuery,
  data: detailData,
  errors: {
    [BAD_REQUEST]: 'the id is not a positive whole number (HTTP 400)',
    [ARTICLE_NOT_FOUND]: 'no published article with this id in this language (HTTP 404)',
  },
});
defineOperation({
  method: 'get',
  path: '/v2/college/articles/{id}/likes',
  summary: "An article's like count and whether this visitor has liked it",
  tags: TAGS,
  data: likeData,
  errors: { [BAD_REQUEST]: 'bad id (HTTP 400)', [ARTICLE_NOT_FOUND]: 'no such article (HTTP 404)' },
});
defineOperation({
  method: 'post',
  path: '/v2/college/articles/{id}/likes',
  summary: 'Likes an article: counted once per visitor (visitor_id cookie, set when missing)',
  tags: TAGS,
  body: likeBody,
  data: likeResultData,
  errors: {
    [BAD_REQUEST]: 'bad id, or a body that is not the empty JSON object (HTTP 400/415)',
    [ARTICLE_NOT_FOUND]: 'no such article (HTTP 404)',
  },
});
defineOperation({
  method: 'get',
  path: '/v2/college/recommended',
  summary: 'The five recommended articles, ranked 1 to 5: most liked, then newest',
  tags: TAGS,
  query: recommendedQuery,
  data: recommendedData,
  errors: { [BAD_REQUEST]: 'a bad section or lang (HTTP 400)' },
});
defineOperation({
  method: 'get',
  path: '/v2/college/search',
  summary: 'Searches titles, summaries, tags and text (substrings); title matches rank first',
  tags: TAGS,
  query: searchQuery,
  data: searchData,
  errors: { [BAD_REQUEST]: 'an empty or too long query, or a bad page, pageSize, section or lang (HTTP 400)' },
});

function contentLang(c: Context, lang: ContentLang | undefined): ContentLang {
  return lang ?? requestLanguage(c);
}

function articleId(c: Context): number {
  const raw = c.req.param('id') ?? '';
  if (!ARTICLE_ID.test(raw)) throw new ApiError(400, BAD_REQUEST, BAD_ID_TEXT);
  return Number(raw);
}

function pagesOf(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

/** The query's words: split on spaces, the same word once, at most MAX_QUERY_TERMS of them. */
export function queryTerms(query: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const word of query.split(/\s+/)) {
    const key = word.toLowerCase();
    if (!word || seen.has(key)) continue;
    seen.add(key);
    terms.push(word);
    if (terms.length === MAX_QUERY_TERMS) break;
  }
  return terms;
}

/** New likes counted from one IP address (a visitor who keeps its cookie can like each article once anyway). */
const LIKES_PER_IP: Rule[] = [{ limit: 60, windowSeconds: 3600 }];

export function collegeApi(deps: ApiDeps) {
  const { db, settings } = deps;
  const api = new Hono();
  const brandName = (c: Context, lang: ContentLang) => brands[requestBrand(c, settings)].name[lang];

  const readVisitor = (c: Context): string | undefined => {
    const value = getCookie(c, VISITOR_COOKIE);
    return value && VISITOR_ID.test(value) ? value : undefined;
  };

  const requireArticle = async (id: number) => {
    if (!(await articleExists(db, id))) throw new ApiError(404, ARTICLE_NOT_FOUND, NOT_FOUND_TEXT);
  };

  api.get('/v2/college/articles', async (c) => {
    const query = readQuery(c, listQuery);
    const lang = contentLang(c, query.lang);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE;
    const section: CollegeSection | undefined = query.section;
    const { total, items } = await listArticles(db, { lang, section, page, pageSize, brandName: brandName(c, lang) });
    return ok(c, { section: section ?? null, page, pageSize, total, pages: pagesOf(total, pageSize), items });
  });

  api.get('/v2/college/articles/:id', async (c) => {
    const id = articleId(c);
    const query = readQuery(c, langQuery);
    const lang = contentLang(c, query.lang);
    const found = await findArticle(db, id, lang, brandName(c, lang));
    if (!found) throw new ApiError(404, ARTICLE_NOT_FOUND, NOT_FOUND_TEXT);
    return ok(c, found);
  });

  api.get('/v2/college/articles/:id/likes', async (c) => {
    const id = articleId(c);
    readQuery(c, langQuery);
    await requireArticle(id);
    c.header('Cache-Control', 'no-store');
    return ok(c, { articleId: id, ...(await likeState(db, id, readVisitor(c))) });
  });

  api.post('/v2/college/articles/:id/likes', async (c) => {
    const id = articleId(c);
    await readJson(c, likeBody);
    await requireArticle(id);
    let visitor = readVisitor(c);
    if (!visitor) {
      visitor = randomBytes(16).toString('base64url');
      setCookie(c, VISITOR_COOKIE, visitor, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure: requestIsHttps(c, settings.trustProxy),
        maxAge: VISITOR_COOKIE_DAYS * 24 * 3600,
      });
    }
    const visitorId = visitor;
    // One like per visitor per article; a client that drops its cookie to like again is held to LIKES_PER_IP.
    const ipBucket = `college:like:ip:${clientAddress(c, settings.trustProxy)}`;
    const now = deps.now();
    const { likes, counted } = await db.transaction(async (tx) => {
      await lockBuckets(tx, [ipBucket]);
      const wait = await retryAfter(tx, ipBucket, LIKES_PER_IP, now);
      if (wait > 0) throw tooMany(wait);
      const result = await addLike(tx, id, visitorId);
      if (result.counted) await recordEvent(tx, ipBucket, LIKES_PER_IP, now);
      return result;
    });
    c.header('Cache-Control', 'no-store');
    return ok(c, { articleId: id, likes, liked: true, counted });
  });

  api.get('/v2/college/recommended', async (c) => {
    const query = readQuery(c, recommendedQuery);
    const lang = contentLang(c, query.lang);
    const items = await recommendedArticles(db, {
      lang,
      section: query.section,
      limit: RECOMMENDED_COUNT,
      brandName: brandName(c, lang),
    });
    return ok(c, { items });
  });

  api.get('/v2/college/search', async (c) => {
    const query = readQuery(c, searchQuery);
    const lang = contentLang(c, query.lang);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE;
    const terms = queryTerms(query.q);
    const { total, items } = await searchArticles(db, {
      lang,
      terms,
      section: query.section,
      page,
      pageSize,
      brandName: brandName(c, lang),
    });
    return ok(c, { query: query.q, terms, page, pageSize, total, pages: pagesOf(total, pageSize), items });
  });

  return api;
}
