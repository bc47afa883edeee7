/**
 * The business college API's query schemas and answer shapes (zod 4). The query schemas validate requests
 * and, with the answer shapes, feed /api/openapi.json. Query values arrive as text: numbers are digits only,
 * so "abc", "-1", "1.5" and 20-digit numbers are a 400, never a database error.
 */
import { z } from 'zod';
import {
  COLLEGE_SECTIONS,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MAX_QUERY_LENGTH,
  PAGE_SIZE,
} from '../../../shared/college-sections';

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

const articleSummary = z.object({
  id: z.number().int(),
  section: sectionParam,
  title: z.string(),
  summary: z.string(),
  date: z.string().describe('YYYY-MM-DD'),
  tags: z.array(z.string()),
});

const articleLink = z.object({ id: z.number().int(), title: z.string() }).nullable();

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
  previous: articleLink.describe('The article listed just above in its section (newer), or null'),
  next: articleLink.describe('The article listed just below in its section (older), or null'),
});

export const recommendedData = z.object({
  items: z.array(
    z.object({
      rank: z.number().int().min(1).max(5),
      id: z.number().int(),
      section: sectionParam,
      title: z.string(),
      date: z.string(),
      likes: z.number().int(),
    }),
  ),
});

export const searchData = z.object({
  query: z.string(),
  terms: z.array(z.string()),
  ...pageInfo,
  items: z.array(articleSummary.extend({ snippet: z.string(), titleMatch: z.boolean() })),
});

export const likeData = z.object({
  articleId: z.number().int(),
  likes: z.number().int(),
  liked: z.boolean().describe('Whether this visitor (the visitor_id cookie) has liked it'),
});

export const likeResultData = likeData.extend({
  counted: z.boolean().describe('false when this visitor had liked the article already'),
});
