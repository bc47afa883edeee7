/**
 * The business college calls: query schemas and answer shapes (zod 4). The query schemas validate
 * requests on the server; with the answer shapes they feed /api/openapi.json and give the pages their types.
 * Query values arrive as text: numbers are digits only, so "abc", "-1", "1.5" and 20-digit numbers are a 400,
 * never a database error.
 */
import { z } from 'zod';
import { COLLEGE_SECTIONS, MAX_PAGE, MAX_PAGE_SIZE, MAX_QUERY_LENGTH, PAGE_SIZE } from '../college-sections';
import { CODES } from './codes';
import { operation } from './operation';

const wholeNumber = (min: number, max: number, description: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .describe(description);

export const langParam = z
  .enum(['zh', 'en'])
  .describe('Language of the content; default: Accept-Language (zh unless it starts with en)');
const sectionParam = z.enum(COLLEGE_SECTIONS);
const pageParams = {
  page: wholeNumber(1, MAX_PAGE, `Page number, 1 to ${MAX_PAGE} (default 1)`).optional(),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE, `Articles per page, 1 to ${MAX_PAGE_SIZE} (default ${PAGE_SIZE})`).optional(),
};

export const listQuery = z.strictObject({
  section: sectionParam.optional().describe('Only this section (default: every section)'),
  lang: langParam.optional(),
  ...pageParams,
});

export const langQuery = z.strictObject({ lang: langParam.optional() });

export const recommendedQuery = z.strictObject({
  section: sectionParam.optional().describe('Only this section (default: every section)'),
  lang: langParam.optional(),
});

export const searchQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1)
    .max(MAX_QUERY_LENGTH)
    .describe(`What to look for, 1 to ${MAX_QUERY_LENGTH} characters; words separated by spaces must all appear`),
  section: sectionParam.optional().describe('Only this section (default: every section)'),
  lang: langParam.optional(),
  ...pageParams,
});

/** The like call takes an empty JSON object (a JSON body keeps plain cross-site forms from liking). */
export const likeBody = z.strictObject({});

export const articleCover = z.object({
  url: z.string().describe('The cover picture: /media/<id>.webp'),
  width: z.number().int().nullable().describe("The picture's width in pixels, when known"),
  height: z.number().int().nullable().describe("The picture's height in pixels, when known"),
});

export const articleSummary = z.object({
  id: z.number().int(),
  section: sectionParam,
  title: z.string(),
  summary: z.string(),
  date: z.string().describe('YYYY-MM-DD'),
  tags: z.array(z.string()),
  cover: articleCover.nullable().optional().describe('The cover picture, or null'),
});

export const articleLink = z.object({ id: z.number().int(), title: z.string() });

const pageInfo = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
};

export const listData = z.object({ section: sectionParam.nullable(), ...pageInfo, items: z.array(articleSummary) });

export const detailData = z.object({
  article: articleSummary.extend({
    html: z.string().describe('Rendered Markdown; raw HTML in the source is escaped'),
    updated: z.string().describe('When the content last changed (ISO 8601, UTC)'),
  }),
  previous: articleLink.nullable().describe('The article listed just above in its section (newer), or null'),
  next: articleLink.nullable().describe('The article listed just below in its section (older), or null'),
  related: z
    .array(articleSummary)
    .optional()
    .describe('Articles to read next: most tags in common, then the newest of the section (at most 4)'),
});

export const rankedArticle = z.object({
  rank: z.number().int().min(1).max(5),
  id: z.number().int(),
  section: sectionParam,
  title: z.string(),
  date: z.string(),
  likes: z.number().int(),
});

export const recommendedData = z.object({ items: z.array(rankedArticle) });

export const searchHit = articleSummary.extend({
  snippet: z.string().describe('About 120 characters of the text around the first match, or the summary'),
  titleMatch: z.boolean(),
});

export const searchData = z.object({
  query: z.string(),
  terms: z.array(z.string()),
  ...pageInfo,
  items: z.array(searchHit),
});

export const likeData = z.object({
  articleId: z.number().int(),
  likes: z.number().int(),
  liked: z.boolean().describe('Whether this visitor (the visitor_id cookie) has liked it'),
});

export const likeResultData = likeData.extend({
  counted: z.boolean().describe('false when this visitor had liked the article already'),
});

// ---- the calls ------------------------------------------------------------------------------------------------

const tags = ['Business college'];

export const collegeOperations = {
  articles: operation({
    method: 'get',
    path: '/v2/college/articles',
    summary: 'Articles of a section (or of all sections), newest first, a page at a time',
    tags,
    query: listQuery,
    data: listData,
    errors: { [CODES.badRequest]: 'a bad section, page, pageSize or lang, or an unknown parameter (HTTP 400)' },
  }),
  article: operation({
    method: 'get',
    path: '/v2/college/articles/{id}',
    summary: 'One article with its rendered text and the previous and next article of its section',
    tags,
    query: langQuery,
    data: detailData,
    errors: {
      [CODES.badRequest]: 'the id is not a positive whole number (HTTP 400)',
      [CODES.articleNotFound]: 'no published article with this id in this language (HTTP 404)',
    },
  }),
  likes: operation({
    method: 'get',
    path: '/v2/college/articles/{id}/likes',
    summary: "An article's like count and whether this visitor has liked it",
    tags,
    query: langQuery,
    data: likeData,
    errors: { [CODES.badRequest]: 'bad id (HTTP 400)', [CODES.articleNotFound]: 'no such article (HTTP 404)' },
  }),
  like: operation({
    method: 'post',
    path: '/v2/college/articles/{id}/likes',
    summary: 'Likes an article: counted once per visitor (visitor_id cookie, set when missing)',
    tags,
    body: likeBody,
    data: likeResultData,
    errors: {
      [CODES.badRequest]: 'bad id, or a body that is not the empty JSON object (HTTP 400/415)',
      [CODES.articleNotFound]: 'no such article (HTTP 404)',
    },
  }),
  recommended: operation({
    method: 'get',
    path: '/v2/college/recommended',
    summary: 'The five recommended articles, ranked 1 to 5: most liked, then newest',
    tags,
    query: recommendedQuery,
    data: recommendedData,
    errors: { [CODES.badRequest]: 'a bad section or lang (HTTP 400)' },
  }),
  preview: operation({
    method: 'get',
    path: '/v2/college/preview/{token}',
    summary: "A draft's working copy, drawn as its article page would be, for the holder of a signed preview link",
    tags,
    query: langQuery,
    data: detailData,
    errors: {
      [CODES.articleNotFound]: 'a bad or expired link, or no text in this language (HTTP 404)',
    },
  }),
  search: operation({
    method: 'get',
    path: '/v2/college/search',
    summary: 'Searches titles, summaries, tags and text (substrings); title matches rank first',
    tags,
    query: searchQuery,
    data: searchData,
    errors: { [CODES.badRequest]: 'an empty or too long query, or a bad page, pageSize, section or lang (HTTP 400)' },
  }),
};

// ---- types ----------------------------------------------------------------------------------------------------

export type ArticleSummary = z.output<typeof articleSummary>;
export type ArticleLink = z.output<typeof articleLink>;
export type ArticleCover = z.output<typeof articleCover>;
/** One article with the previous (newer) and next (older) of its section. */
export type ArticlePage = z.output<typeof detailData>;
export type ArticleDetail = ArticlePage['article'];
export type ArticleList = z.output<typeof listData>;
export type RankedArticle = z.output<typeof rankedArticle>;
export type SearchHit = z.output<typeof searchHit>;
export type SearchResults = z.output<typeof searchData>;
export type LikeState = z.output<typeof likeData>;
export type LikeResult = z.output<typeof likeResultData>;
