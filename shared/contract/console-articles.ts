/**
 * The console's college calls (docs/decisions/047-college-publishing.md): articles written, scheduled, published and
 * unpublished without a deploy, and their pictures. For the `owner` and `editor` roles (EDITOR_CALLS). Paths are under
 * /console/api, in the console's envelope; every state-changing call (POST, PUT) sends X-CSRF-Token and a same-origin
 * Origin, as the console's other calls do.
 *
 * An article has a working copy (what the editor saves, autosaved) and, once published, a live copy (what readers
 * see: the portal's college_articles rows). Publishing copies the working copy to the live one; PUT never changes
 * what readers see.
 */
import { z } from 'zod';
import { COLLEGE_SECTIONS } from '../college-sections';
import type { Operation } from './operation';
import { operation } from './operation';

export const ARTICLE_STATES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

export const ARTICLE_LANGS = ['zh', 'en'] as const;
export type ArticleLang = (typeof ARTICLE_LANGS)[number];

/** Pictures: what an upload may be (checked from the bytes), its largest size, and the article width of the WebP. */
export const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** The resized WebP is at most this wide (twice the article column's 720 CSS px); smaller pictures keep their width. */
export const MEDIA_ARTICLE_WIDTH = 1440;
/**
 * A picture's address: `/media/<id>.webp` is the article-width WebP (what Markdown and covers use),
 * `/media/<id>.<png|jpg|webp>` the original as uploaded. The id is the first 32 hex digits of the original's SHA-256.
 */
export const MEDIA_URL = /^\/media\/[0-9a-f]{32}\.webp$/;

/** How long a signed preview link works. */
export const PREVIEW_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** A scheduled article is published at most this long after its time (the worker's period). */
export const SCHEDULE_CHECK_MS = 1000;

/** Business codes of the college calls (the console's own, 40101–40104, keep their meaning). */
export const ARTICLE_CODES = {
  articleNotFound: 40407,
  /** data.field = 'slug' */
  slugTaken: 40140,
  /** data.field = 'zh' | 'en' | 'zh.title' …: a language the publication needs is missing or empty */
  missingTranslation: 40141,
  /** 415, data.field = 'file' */
  mediaType: 40142,
  /** 413, data.field = 'file' */
  mediaTooLarge: 40143,
  /** 400, data.field = 'at': a schedule time in the past */
  scheduleInPast: 40144,
  /** 409: unpublish of an article that is not published or scheduled */
  notPublished: 40145,
  /** 400, data.field = 'cover' or 'zh.body' …: a picture that is not one of ours (/media/…) or was never uploaded */
  unknownMedia: 40146,
} as const;

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens')
  .max(80)
  .describe('Unique within the section; part of nothing public today (ids are), kept for the files');
const tags = z.array(z.string().trim().min(1).max(30)).max(4);
const mediaUrl = z.string().regex(MEDIA_URL).describe('A picture uploaded through POST /media: its url');

/** One language of the working copy: empty strings are allowed in a draft, refused at publishing. */
export const articleTextInput = z.strictObject({
  title: z.string().trim().max(120),
  summary: z.string().trim().max(240),
  body: z
    .string()
    .max(200_000)
    .describe('Markdown: HTML off; links to this site, http(s), mailto; images only /media/'),
});

/** POST /articles (a new draft) and PUT /articles/{id} (the working copy; every field given replaces it). */
export const articleInput = z.strictObject({
  section: z.enum(COLLEGE_SECTIONS),
  slug,
  tags,
  cover: mediaUrl.nullable().optional(),
  zh: articleTextInput.optional(),
  en: articleTextInput.optional(),
});

export const articlesQuery = z.strictObject({
  section: z.enum(COLLEGE_SECTIONS).optional(),
  lang: z.enum(ARTICLE_LANGS).optional().describe('Only articles with a title in this language'),
  state: z.enum(ARTICLE_STATES).optional(),
  q: z.string().trim().max(64).optional().describe('Words of the title or slug'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const publishBody = z.strictObject({
  at: z
    .string()
    .datetime({ offset: true })
    .optional()
    .describe(
      'Publish at this time (ISO, future); without it, now. Published once, by one process, also after a restart',
    ),
});

export const previewBody = z.strictObject({ body: z.string().max(200_000) });
export const emptyArticleBody = z.strictObject({});

// ---- answers --------------------------------------------------------------------------------------------------

export const articleTextData = z.object({ title: z.string(), summary: z.string(), body: z.string() });

export const articleData = z.object({
  id: z.number(),
  section: z.enum(COLLEGE_SECTIONS),
  slug: z.string(),
  tags: z.array(z.string()),
  cover: z.string().nullable(),
  state: z.enum(ARTICLE_STATES),
  /** The scheduled time (state scheduled). */
  publishAt: z.string().nullable(),
  /** When it was first published. */
  publishedAt: z.string().nullable(),
  origin: z.enum(['file', 'console']).describe('file: seeded from content/college; console: written here'),
  editedInConsole: z.boolean().describe('Its file no longer overwrites it at a start'),
  /** The working copy differs from what readers see (a published article edited since). */
  unpublishedChanges: z.boolean(),
  zh: articleTextData.nullable(),
  en: articleTextData.nullable(),
  views: z.number().describe('Page views counted on the server: one per visitor per day, bots left out'),
  likes: z.number(),
  updatedAt: z.string(),
  /** The public page of each language, once published. */
  links: z.object({ zh: z.string().nullable(), en: z.string().nullable() }),
});

export const articleRowData = z.object({
  id: z.number(),
  section: z.enum(COLLEGE_SECTIONS),
  slug: z.string(),
  state: z.enum(ARTICLE_STATES),
  titles: z.object({ zh: z.string().nullable(), en: z.string().nullable() }),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  views: z.number(),
});

export const articleListData = z.object({ items: z.array(articleRowData), nextCursor: z.string().nullable() });
export const previewData = z.object({ html: z.string().describe('Drawn by the public pages’ renderer') });
export const previewLinkData = z.object({
  url: z.string().describe('The portal page of the working copy, signed; works for 24 h, for anyone holding it'),
  expiresAt: z.string(),
});
export const mediaData = z.object({
  url: z.string().describe('/media/<id>.webp, the article-width WebP'),
  original: z.string().describe('/media/<id>.<png|jpg|webp>, as uploaded'),
  width: z.number().describe('Of the WebP'),
  height: z.number(),
  type: z.enum(MEDIA_TYPES).describe('As found in the bytes'),
  bytes: z.number(),
});

const tags_ = ['college'];
const signedIn = {
  40101: 'HTTP 401: not signed in, or the session ended',
  40103: 'HTTP 403: the role may not do this (support)',
};
const writing = {
  ...signedIn,
  40104: 'HTTP 403: no same-origin Origin or no valid X-CSRF-Token',
  40000: 'HTTP 400: a field is missing, extra, of the wrong type or out of range (data.field)',
};
const notFound = { [ARTICLE_CODES.articleNotFound]: 'HTTP 404: no such article' };

export const articleOperations = {
  articles: operation({
    method: 'get',
    path: '/articles',
    summary: 'Articles by section, language and state, with search; newest change first',
    tags: tags_,
    query: articlesQuery,
    data: articleListData,
    errors: signedIn,
  }),
  createArticle: operation({
    method: 'post',
    path: '/articles',
    summary: 'A new article, as a draft',
    tags: tags_,
    body: articleInput,
    data: articleData,
    errors: {
      ...writing,
      [ARTICLE_CODES.slugTaken]: 'HTTP 409: the section has an article with this slug (data.field = slug)',
      [ARTICLE_CODES.unknownMedia]: 'HTTP 400: a picture that was not uploaded here (data.field)',
    },
  }),
  article: operation({
    method: 'get',
    path: '/articles/{id}',
    summary: "An article's working copy, state, views and likes",
    tags: tags_,
    data: articleData,
    errors: { ...signedIn, ...notFound },
  }),
  saveArticle: operation({
    method: 'put',
    path: '/articles/{id}',
    summary: 'Save the working copy (the editor autosaves); readers see it once published',
    tags: tags_,
    body: articleInput,
    data: articleData,
    errors: {
      ...writing,
      ...notFound,
      [ARTICLE_CODES.slugTaken]: 'HTTP 409: the section has an article with this slug (data.field = slug)',
      [ARTICLE_CODES.unknownMedia]: 'HTTP 400: a picture that was not uploaded here (data.field)',
    },
  }),
  publishArticle: operation({
    method: 'post',
    path: '/articles/{id}/publish',
    summary: 'Publish the working copy now, or schedule it (at)',
    tags: tags_,
    body: publishBody,
    data: articleData,
    errors: {
      ...writing,
      ...notFound,
      [ARTICLE_CODES.missingTranslation]: 'HTTP 400: a language is missing or has an empty field (data.field)',
      [ARTICLE_CODES.scheduleInPast]: 'HTTP 400: the time is not in the future (data.field = at)',
      [ARTICLE_CODES.unknownMedia]: 'HTTP 400: a picture of the body that was not uploaded here (data.field)',
    },
  }),
  unpublishArticle: operation({
    method: 'post',
    path: '/articles/{id}/unpublish',
    summary: 'Take it off the public pages (or cancel its schedule); likes and views are kept',
    tags: tags_,
    body: emptyArticleBody,
    data: articleData,
    errors: {
      ...writing,
      ...notFound,
      [ARTICLE_CODES.notPublished]: 'HTTP 409: it is neither published nor scheduled',
    },
  }),
  previewLink: operation({
    method: 'post',
    path: '/articles/{id}/preview-link',
    summary: 'A signed link to the working copy on the portal, for a colleague (24 h)',
    tags: tags_,
    body: emptyArticleBody,
    data: previewLinkData,
    errors: { ...writing, ...notFound },
  }),
  renderPreview: operation({
    method: 'post',
    path: '/articles/preview',
    summary: "Markdown drawn by the public pages' renderer (the editor's live preview)",
    tags: tags_,
    body: previewBody,
    data: previewData,
    errors: writing,
  }),
  uploadMedia: operation({
    method: 'post',
    path: '/media',
    summary: 'Upload a picture (multipart/form-data, field file): PNG, JPEG or WebP, at most 5 MB',
    tags: tags_,
    data: mediaData,
    errors: {
      ...writing,
      [ARTICLE_CODES.mediaType]: 'HTTP 415: not a PNG, JPEG or WebP picture (from its bytes) (data.field = file)',
      [ARTICLE_CODES.mediaTooLarge]: 'HTTP 413: larger than 5 MB (data.field = file)',
    },
  }),
} satisfies Record<string, Operation>;

/** The college calls: for the owner and the editor (a support operator gets 403/40103). */
export const EDITOR_CALLS = Object.keys(articleOperations) as (keyof typeof articleOperations)[];
