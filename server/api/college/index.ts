/**
 * The business college calls (docs/api.md): content in the `lang` query's language (else Accept-Language), with the
 * request's brand name; bad ids, pages and queries are a 400 before any SQL, unknown articles a 404.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { brands } from '../../../shared/brand';
import { type CollegeSection, MAX_QUERY_TERMS, PAGE_SIZE, RECOMMENDED_COUNT } from '../../../shared/college-sections';
import { CODES } from '../../../shared/contract/codes';
import { collegeOperations as ops } from '../../../shared/contract/college';
import { tooMany } from '../../accounts/errors';
import type { ContentLang } from '../../college/content';
import { previewArticle } from '../../college/preview';
import { PREVIEW_TOKEN, previewSecret, verifyPreviewToken } from '../../college/preview-token';
import {
  addLike,
  articleExists,
  findArticle,
  likeState,
  listArticles,
  recommendedArticles,
  searchArticles,
} from '../../college/repository';
import { readVisitorId, VISITOR_COOKIE } from '../../college/views';
import { clientAddress, requestBrand, requestIsHttps } from '../../http/request';
import { limit } from '../../limits/rules';
import type { ApiDeps } from '../deps';
import { ApiError, nameFields, ok, requestLanguage } from '../http';
import { route } from '../route';

/** The visitor cookie: a random id that makes a like count once per visitor per article. */
const VISITOR_COOKIE_DAYS = 365;
/** Article ids are positive integers that fit the database's integer (anything else is a 400). */
const ARTICLE_ID = /^[1-9]\d{0,8}$/;

nameFields({
  q: /*i18n*/ '搜索关键词',
  page: /*i18n*/ '页码',
  pageSize: /*i18n*/ '每页条数',
  section: /*i18n*/ '栏目',
  lang: /*i18n*/ '语言',
});
const BAD_ID_TEXT = /*i18n*/ '文章编号不正确';
const NOT_FOUND_TEXT = /*i18n*/ '文章不存在或已下线';
const PREVIEW_GONE_TEXT = /*i18n*/ '预览链接无效或已过期';

function articleId(c: Context): number {
  const raw = c.req.param('id') ?? '';
  if (!ARTICLE_ID.test(raw)) throw new ApiError(400, CODES.badRequest, BAD_ID_TEXT);
  return Number(raw);
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

export function collegeApi(deps: ApiDeps) {
  const { db, settings } = deps;
  const api = new Hono();
  /** The query's language (else Accept-Language) and the brand name in it, which the content is written with. */
  const language = (c: Context, lang: ContentLang | undefined) => {
    const chosen = lang ?? requestLanguage(c);
    return { lang: chosen, brandName: brands[requestBrand(c, settings)].name[chosen] };
  };

  const requireArticle = async (id: number) => {
    if (!(await articleExists(db, id))) throw new ApiError(404, CODES.articleNotFound, NOT_FOUND_TEXT);
  };

  route(api, ops.articles, async (c, input) => {
    const query = input.query();
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE;
    const section: CollegeSection | undefined = query.section;
    const { total, items } = await listArticles(db, { ...language(c, query.lang), section, page, pageSize });
    return ok(c, { section: section ?? null, page, pageSize, total, pages: Math.ceil(total / pageSize), items });
  });

  route(api, ops.article, async (c, input) => {
    const id = articleId(c);
    const { lang, brandName } = language(c, input.query().lang);
    const found = await findArticle(db, id, lang, brandName);
    if (!found) throw new ApiError(404, CODES.articleNotFound, NOT_FOUND_TEXT);
    return ok(c, found);
  });

  route(api, ops.likes, async (c, input) => {
    const id = articleId(c);
    input.query();
    await requireArticle(id);
    c.header('Cache-Control', 'no-store');
    return ok(c, { articleId: id, ...(await likeState(db, id, readVisitorId(c))) });
  });

  route(api, ops.like, async (c, input) => {
    const id = articleId(c);
    await input.body();
    await requireArticle(id);
    let visitor = readVisitorId(c);
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
    // One like per visitor per article; a client that drops its cookie to like again is held to LIMITS.likesPerIp.
    const checks = [limit.likesPerIp(clientAddress(c, settings.trustProxy))];
    const now = deps.now();
    const { likes, counted } = await db.transaction(async (tx) => {
      const wait = await deps.limiter.check(tx, checks, now);
      if (wait > 0) throw tooMany(wait);
      const result = await addLike(tx, id, visitorId);
      if (result.counted) await deps.limiter.consume(tx, checks, now);
      return result;
    });
    c.header('Cache-Control', 'no-store');
    return ok(c, { articleId: id, likes, liked: true, counted });
  });

  route(api, ops.recommended, async (c, input) => {
    const query = input.query();
    const options = { ...language(c, query.lang), section: query.section, limit: RECOMMENDED_COUNT };
    return ok(c, { items: await recommendedArticles(db, options) });
  });

  route(api, ops.preview, async (c, input) => {
    const { lang, brandName } = language(c, input.query().lang);
    // Never stored anywhere: a draft is shown to the holder of the link only, and only while it is valid.
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    const now = deps.now();
    const raw = c.req.param('token') ?? '';
    const token = PREVIEW_TOKEN.test(raw) ? verifyPreviewToken(raw, await previewSecret(db), now) : null;
    const page = token && (await previewArticle(db, { id: token.id, lang, brandName, now }));
    if (!page) throw new ApiError(404, CODES.articleNotFound, PREVIEW_GONE_TEXT);
    return ok(c, page);
  });

  route(api, ops.search, async (c, input) => {
    const query = input.query();
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE;
    const terms = queryTerms(query.q);
    const options = { ...language(c, query.lang), terms, section: query.section, page, pageSize };
    const { total, items } = await searchArticles(db, options);
    return ok(c, { query: query.q, terms, page, pageSize, total, pages: Math.ceil(total / pageSize), items });
  });

  return api;
}
