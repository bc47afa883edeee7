/**
 * The college's articles written in the console: the working copy (college_posts + college_post_texts) saved, then
 * published now or at a time, or unpublished. Publishing renders the working copy into the live rows readers see
 * (college_articles, one per language, `published = true`); every change is audited in its own transaction with its
 * before and after, and a change readers see is announced after the commit (pages cached on every process dropped).
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { CollegeSection } from '../../shared/college-sections';
import {
  ARTICLE_CODES,
  ARTICLE_LANGS,
  type ArticleLang,
  type ArticleState,
  type articleData,
  type articleInput,
  type articleListData,
  type articlesQuery,
} from '../../shared/contract/console-articles';
import { localizePath } from '../../shared/locale';
import { PAGES } from '../../shared/routes';
import { shanghaiDay } from '../../shared/shanghai-day';
import { ApiError, BAD_REQUEST } from '../api/http';
import { recordAudit } from '../console/audit';
import type { Database, Queryable } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { log } from '../ops/log';
import type { CollegeChanges } from './changes';
import { imageSourcesOf, RENDERER_VERSION, renderMarkdown } from './markdown';
import { mediaIdOf, mediaSizes, missingMedia } from './media';

export type ArticleInput = z.infer<typeof articleInput>;
export type ArticleAnswer = z.infer<typeof articleData>;
export type ArticleList = z.infer<typeof articleListData>;
export type ArticlesQuery = z.infer<typeof articlesQuery>;

export interface PublishingDeps {
  db: Database;
  now: () => Date;
  collegeChanges?: CollegeChanges;
}

/** Who made a change: an operator (with the request's address), or the scheduler (operator null). */
export interface Actor {
  operator: { id: number; name: string } | null;
  address: string;
}

/** The scheduler's entries in the audit log. */
export const SCHEDULER_ACTOR: Actor = { operator: null, address: 'scheduler' };

interface PostRow {
  id: number;
  section: CollegeSection;
  slug: string;
  tags: string[];
  cover: string | null;
  state: ArticleState;
  publish_at: Date | null;
  published_at: Date | null;
  origin: 'file' | 'console';
  edited_in_console: boolean;
  unpublished_changes: boolean;
  updated_at: Date;
}

interface Text {
  title: string;
  summary: string;
  body: string;
}

interface WorkingCopy {
  post: PostRow;
  texts: Partial<Record<ArticleLang, Text>>;
}

const POST_COLUMNS = `id, section, slug, tags, cover, state, publish_at, published_at, origin, edited_in_console,
  unpublished_changes, updated_at`;

// ---- errors ----------------------------------------------------------------------------------------------------

export const articleMissing = () => new ApiError(404, ARTICLE_CODES.articleNotFound, /*i18n*/ '没有这篇文章');
const slugTaken = () =>
  new ApiError(409, ARTICLE_CODES.slugTaken, /*i18n*/ '这个栏目已有一篇文章使用此 slug', {}, { field: 'slug' });
const missingTranslation = (field: string) =>
  new ApiError(
    400,
    ARTICLE_CODES.missingTranslation,
    /*i18n*/ '发布前须填写中文和英文的标题、摘要和正文',
    {},
    { field },
  );
const unknownMedia = (field: string) =>
  new ApiError(400, ARTICLE_CODES.unknownMedia, /*i18n*/ '图片须是在控制台上传的图片（/media/…）', {}, { field });
const scheduleInPast = () =>
  new ApiError(400, ARTICLE_CODES.scheduleInPast, /*i18n*/ '定时发布的时间须晚于现在', {}, { field: 'at' });
const notPublished = () => new ApiError(409, ARTICLE_CODES.notPublished, /*i18n*/ '这篇文章既未发布，也未定时发布');

// ---- reading ---------------------------------------------------------------------------------------------------

async function readWorkingCopy(tx: Queryable, id: number, lock = false): Promise<WorkingCopy | null> {
  const [post] = await tx.query<PostRow>(
    `select ${POST_COLUMNS} from college_posts where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  if (!post) return null;
  const rows = await tx.query<{ lang: ArticleLang; title: string; summary: string; body_markdown: string }>(
    'select lang, title, summary, body_markdown from college_post_texts where id = $1',
    [id],
  );
  const texts: WorkingCopy['texts'] = {};
  for (const row of rows) texts[row.lang] = { title: row.title, summary: row.summary, body: row.body_markdown };
  return { post, texts };
}

/** The public page of an article in a language, on the portal at `origin`. */
export const articleLink = (origin: string, lang: ArticleLang, section: string, id: number) =>
  `${origin}${localizePath(`${PAGES.college.path}/${section}/${id}`, lang)}`;

/** The console's view of an article: its working copy, state, views, likes and public pages. */
export async function readArticle(db: Queryable, id: number, portalOrigin: string): Promise<ArticleAnswer | null> {
  const copy = await readWorkingCopy(db, id);
  if (!copy) return null;
  const { post, texts } = copy;
  const [counts] = await db.query<{ views: number; likes: number }>(
    `select coalesce((select views from college_view_counts where article_id = $1), 0) as views,
            coalesce((select likes from college_like_counts where article_id = $1), 0) as likes`,
    [id],
  );
  const live = await db.query<{ lang: ArticleLang; section: string }>(
    'select lang, section from college_articles where id = $1 and published',
    [id],
  );
  const link = (lang: ArticleLang) => {
    const row = live.find((entry) => entry.lang === lang);
    return row ? articleLink(portalOrigin, lang, row.section, id) : null;
  };
  return {
    id: post.id,
    section: post.section,
    slug: post.slug,
    tags: post.tags,
    cover: post.cover,
    state: post.state,
    publishAt: post.publish_at?.toISOString() ?? null,
    publishedAt: post.published_at?.toISOString() ?? null,
    origin: post.origin,
    editedInConsole: post.edited_in_console,
    unpublishedChanges: post.unpublished_changes,
    zh: texts.zh ?? null,
    en: texts.en ?? null,
    views: Number(counts.views),
    likes: Number(counts.likes),
    updatedAt: post.updated_at.toISOString(),
    links: { zh: link('zh'), en: link('en') },
  };
}

/** `%`, `_` and `\` match themselves. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The list: newest change first, `cursor` = `<updated_at in µs>.<id>` of the last row of the page before. */
export async function listPosts(db: Queryable, query: ArticlesQuery): Promise<ArticleList> {
  let after: [string, number] | null = null;
  if (query.cursor !== undefined) {
    const parts = /^(\d{1,20})\.(\d{1,9})$/.exec(query.cursor);
    if (!parts) throw new ApiError(400, BAD_REQUEST, /*i18n*/ '翻页参数 cursor 不正确', {}, { field: 'cursor' });
    after = [parts[1], Number(parts[2])];
  }
  const rows = await db.query<{
    id: number;
    section: CollegeSection;
    slug: string;
    state: ArticleState;
    publish_at: Date | null;
    published_at: Date | null;
    updated_at: Date;
    updated_us: string;
    zh_title: string | null;
    en_title: string | null;
    views: number;
  }>(
    `select p.id, p.section, p.slug, p.state, p.publish_at, p.published_at, p.updated_at,
            floor(extract(epoch from p.updated_at) * 1000000)::bigint::text as updated_us,
            zh.title as zh_title, en.title as en_title, coalesce(v.views, 0) as views
       from college_posts p
       left join college_post_texts zh on zh.id = p.id and zh.lang = 'zh'
       left join college_post_texts en on en.id = p.id and en.lang = 'en'
       left join college_view_counts v on v.article_id = p.id
      where ($1::text is null or p.section = $1)
        and ($2::text is null or p.state = $2)
        and ($3::text is null or ($3 = 'zh' and coalesce(zh.title, '') <> '') or ($3 = 'en' and coalesce(en.title, '') <> ''))
        and ($4::text is null or zh.title ilike $4 escape '\\' or en.title ilike $4 escape '\\' or p.slug ilike $4 escape '\\')
        and ($5::bigint is null or (floor(extract(epoch from p.updated_at) * 1000000)::bigint, p.id) < ($5::bigint, $6::integer))
      order by p.updated_at desc, p.id desc
      limit $7`,
    [
      query.section ?? null,
      query.state ?? null,
      query.lang ?? null,
      query.q ? likePattern(query.q) : null,
      after?.[0] ?? null,
      after?.[1] ?? null,
      query.limit + 1,
    ],
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({
      id: row.id,
      section: row.section,
      slug: row.slug,
      state: row.state,
      titles: { zh: row.zh_title || null, en: row.en_title || null },
      publishAt: row.publish_at?.toISOString() ?? null,
      publishedAt: row.published_at?.toISOString() ?? null,
      updatedAt: row.updated_at.toISOString(),
      views: Number(row.views),
    })),
    nextCursor: rows.length > query.limit && last ? `${last.updated_us}.${last.id}` : null,
  };
}

// ---- checks ----------------------------------------------------------------------------------------------------

/** Refuses (40146, field `cover` or `<lang>.body`) a picture that is not one of ours or was never uploaded. */
async function checkMedia(tx: Queryable, cover: string | null, texts: WorkingCopy['texts']): Promise<void> {
  const wanted: [string, string][] = [];
  if (cover) wanted.push(['cover', cover]);
  for (const lang of ARTICLE_LANGS) {
    for (const src of imageSourcesOf(texts[lang]?.body ?? '')) wanted.push([`${lang}.body`, src]);
  }
  const ids = wanted.map(([field, url]) => [field, mediaIdOf(url)] as const);
  const bad = ids.find(([, id]) => id === null);
  if (bad) throw unknownMedia(bad[0]);
  const missing = new Set(await missingMedia(tx, [...new Set(ids.map(([, id]) => id as string))]));
  const absent = ids.find(([, id]) => missing.has(id as string));
  if (absent) throw unknownMedia(absent[0]);
}

/** Refuses (40141) a working copy without a non-empty title, summary and body in both languages. */
function checkComplete(texts: WorkingCopy['texts']): void {
  for (const lang of ARTICLE_LANGS) {
    const text = texts[lang];
    if (!text) throw missingTranslation(lang);
    for (const field of ['title', 'summary', 'body'] as const) {
      if (text[field].trim() === '') throw missingTranslation(`${lang}.${field}`);
    }
  }
}

// ---- rendering -------------------------------------------------------------------------------------------------

/** The Markdown drawn as readers see it (the live rows, the editor's preview, the preview link's page). */
export async function renderArticleBody(db: Queryable, markdown: string) {
  return renderMarkdown(markdown, await mediaSizes(db, markdown));
}

/**
 * The content_hash of a live row the console wrote: `console:v<renderer version>:<digest>`. A new renderer makes the
 * seed render those rows again from their Markdown (seed.ts), as it does the files'.
 */
export const consoleHash = (digest: string) => `console:v${RENDERER_VERSION}:${digest}`;

/** Renders again the console's live rows drawn by an older renderer (their text unchanged). Answers how many. */
export async function rerenderConsoleRows(tx: Queryable): Promise<number> {
  const stale = await tx.query<{ id: number; lang: string; body_markdown: string; content_hash: string }>(
    `select id, lang, body_markdown, content_hash from college_articles
      where content_hash like 'console:%' and content_hash not like $1`,
    [`${consoleHash('')}%`],
  );
  for (const row of stale) {
    const rendered = await renderArticleBody(tx, row.body_markdown);
    const digest = row.content_hash.split(':').pop() ?? '';
    await tx.query(
      'update college_articles set body_html = $3, body_text = $4, content_hash = $5 where id = $1 and lang = $2',
      [row.id, row.lang, rendered.html, rendered.text, consoleHash(digest)],
    );
  }
  return stale.length;
}

/** Writes the live rows of both languages from the working copy (published = true). */
async function writeLive(tx: Queryable, copy: WorkingCopy, at: Date): Promise<void> {
  const { post } = copy;
  const publishedOn = shanghaiDay(post.published_at ?? at);
  for (const lang of ARTICLE_LANGS) {
    const text = copy.texts[lang] as Text;
    const rendered = await renderArticleBody(tx, text.body);
    const digest = createHash('sha256')
      .update(JSON.stringify([post.id, lang, post.section, post.slug, post.tags, post.cover, text]))
      .digest('hex');
    const hash = consoleHash(digest);
    // A publication keeps the day it first got (published_on): a republished article stays where it was listed.
    await tx.query(
      `insert into college_articles
         (id, lang, section, slug, title, summary, tags, published_on, body_markdown, body_html, body_text,
          content_hash, published, cover, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::date, $9, $10, $11, $12, true, $13, $14, $14)
       on conflict (id, lang) do update set
         section = excluded.section, slug = excluded.slug, title = excluded.title, summary = excluded.summary,
         tags = excluded.tags, body_markdown = excluded.body_markdown, body_html = excluded.body_html,
         body_text = excluded.body_text, content_hash = excluded.content_hash, published = true,
         cover = excluded.cover, updated_at = excluded.updated_at`,
      [
        post.id,
        lang,
        post.section,
        post.slug,
        text.title,
        text.summary,
        JSON.stringify(post.tags),
        publishedOn,
        text.body,
        rendered.html,
        rendered.text,
        hash,
        post.cover,
        at,
      ],
    );
  }
}

// ---- audit snapshots -------------------------------------------------------------------------------------------

function contentOf(copy: { post: Pick<PostRow, 'section' | 'slug' | 'tags' | 'cover'>; texts: WorkingCopy['texts'] }) {
  return {
    section: copy.post.section,
    slug: copy.post.slug,
    tags: copy.post.tags,
    cover: copy.post.cover,
    zh: copy.texts.zh ?? null,
    en: copy.texts.en ?? null,
  };
}

/** The fields of `after` that differ from `before`, each side (the audit of a save: what it changed). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { was, now, changed: Object.keys(now).length > 0 };
}

const stateOf = (post: Pick<PostRow, 'state' | 'publish_at' | 'published_at'>) => ({
  state: post.state,
  publishAt: post.publish_at?.toISOString() ?? null,
  publishedAt: post.published_at?.toISOString() ?? null,
});

async function liveTitles(tx: Queryable, id: number) {
  const rows = await tx.query<{ lang: ArticleLang; title: string; summary: string }>(
    'select lang, title, summary from college_articles where id = $1 and published order by lang',
    [id],
  );
  return rows.length
    ? Object.fromEntries(rows.map((row) => [row.lang, { title: row.title, summary: row.summary }]))
    : null;
}

/**
 * The content seed's lock (seed.ts takes it exclusively): every console change takes it shared, so a seed starting on
 * another process never reads which articles the console owns while a change is being made, and waits for it.
 */
export const SEED_LOCK_KEY = 7_302_552;
const besideTheSeed = (tx: Queryable) => tx.query('select pg_advisory_xact_lock_shared($1)', [SEED_LOCK_KEY]);

async function announce(deps: PublishingDeps): Promise<void> {
  try {
    await deps.collegeChanges?.announce();
  } catch (error) {
    log.error({ err: error }, '[college] announcing a change failed');
  }
}

// ---- the changes -----------------------------------------------------------------------------------------------

async function writeTexts(tx: Queryable, id: number, input: ArticleInput, at: Date): Promise<void> {
  for (const lang of ARTICLE_LANGS) {
    const text = input[lang];
    if (!text) continue;
    await tx.query(
      `insert into college_post_texts (id, lang, title, summary, body_markdown, updated_at)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (id, lang) do update set title = excluded.title, summary = excluded.summary,
         body_markdown = excluded.body_markdown, updated_at = excluded.updated_at`,
      [id, lang, text.title, text.summary, text.body, at],
    );
  }
}

/** A new article, a draft (origin console). Answers its id. */
export async function createPost(deps: PublishingDeps, actor: Actor, input: ArticleInput): Promise<number> {
  const at = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      await besideTheSeed(tx);
      const texts = { zh: input.zh, en: input.en };
      // A slug the section has is refused by unique(section, slug) (below, slugTaken), before the cover is checked.
      const [{ id }] = await tx.query<{ id: number }>(
        `insert into college_posts (id, section, slug, tags, cover, state, origin, created_at, updated_at)
         values (nextval('college_post_ids'), $1, $2, $3::jsonb, $4, 'draft', 'console', $5, $5) returning id`,
        [input.section, input.slug, JSON.stringify(input.tags), input.cover ?? null, at],
      );
      await checkMedia(tx, input.cover ?? null, {});
      await writeTexts(tx, id, input, at);
      await recordAudit(tx, {
        at,
        operator: actor.operator,
        address: actor.address,
        action: 'article.create',
        after: { id, ...contentOf({ post: { ...input, cover: input.cover ?? null }, texts }) },
      });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** Saves the working copy (readers see nothing of it until it is published). A save that changes nothing writes nothing. */
export async function savePost(deps: PublishingDeps, actor: Actor, id: number, input: ArticleInput): Promise<void> {
  const at = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      await besideTheSeed(tx);
      const before = await readWorkingCopy(tx, id, true);
      if (!before) throw articleMissing();
      const next: WorkingCopy = {
        post: {
          ...before.post,
          section: input.section,
          slug: input.slug,
          tags: input.tags,
          cover: input.cover === undefined ? before.post.cover : input.cover,
        },
        texts: { zh: input.zh ?? before.texts.zh, en: input.en ?? before.texts.en },
      };
      const diff = changedFields(contentOf(before), contentOf(next));
      if (!diff.changed) return;
      const live =
        (await tx.query('select 1 from college_articles where id = $1 and published limit 1', [id])).length > 0;
      // A slug the section has is refused by unique(section, slug) (below, slugTaken), before the cover is checked.
      await tx.query(
        `update college_posts set section = $2, slug = $3, tags = $4::jsonb, cover = $5, edited_in_console = true,
           unpublished_changes = unpublished_changes or $6, updated_at = $7
          where id = $1`,
        [id, next.post.section, next.post.slug, JSON.stringify(next.post.tags), next.post.cover, live, at],
      );
      if (next.post.cover !== before.post.cover) await checkMedia(tx, next.post.cover, {});
      await writeTexts(tx, id, input, at);
      await recordAudit(tx, {
        at,
        operator: actor.operator,
        address: actor.address,
        action: 'article.save',
        before: { id, ...diff.was },
        after: { id, ...diff.now },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** Publishes the working copy now, or schedules it for `publishAt` (in the future). */
export async function publishPost(deps: PublishingDeps, actor: Actor, id: number, publishAt?: Date): Promise<void> {
  const at = deps.now();
  if (publishAt && publishAt.getTime() <= at.getTime()) throw scheduleInPast();
  const published = await deps.db.transaction(async (tx) => {
    await besideTheSeed(tx);
    const copy = await readWorkingCopy(tx, id, true);
    if (!copy) throw articleMissing();
    checkComplete(copy.texts);
    await checkMedia(tx, copy.post.cover, copy.texts);
    if (publishAt) {
      await tx.query(
        `update college_posts set state = 'scheduled', publish_at = $2, edited_in_console = true, updated_at = $3
          where id = $1`,
        [id, publishAt, at],
      );
      await recordAudit(tx, {
        at,
        operator: actor.operator,
        address: actor.address,
        action: 'article.schedule',
        before: { id, ...stateOf(copy.post) },
        after: { id, ...stateOf({ state: 'scheduled', publish_at: publishAt, published_at: copy.post.published_at }) },
      });
      return false;
    }
    await publishCopy(tx, actor, copy, at);
    return true;
  });
  if (published) await announce(deps);
}

/** Writes the live rows and marks the post published, with its audit entry (the caller holds the row's lock). */
async function publishCopy(tx: Queryable, actor: Actor, copy: WorkingCopy, at: Date): Promise<void> {
  const { post } = copy;
  const liveBefore = await liveTitles(tx, post.id);
  await writeLive(tx, copy, at);
  const [after] = await tx.query<PostRow>(
    `update college_posts set state = 'published', publish_at = null, published_at = coalesce(published_at, $2),
       unpublished_changes = false, edited_in_console = true, updated_at = $2
      where id = $1 returning ${POST_COLUMNS}`,
    [post.id, at],
  );
  await recordAudit(tx, {
    at,
    operator: actor.operator,
    address: actor.address,
    action: 'article.publish',
    before: { id: post.id, ...stateOf(post), live: liveBefore },
    after: { id: post.id, ...stateOf(after), live: await liveTitles(tx, post.id) },
  });
}

/** Takes the article off the public pages, or cancels its schedule; likes and views are kept. */
export async function unpublishPost(deps: PublishingDeps, actor: Actor, id: number): Promise<void> {
  const at = deps.now();
  const wasLive = await deps.db.transaction(async (tx) => {
    await besideTheSeed(tx);
    const copy = await readWorkingCopy(tx, id, true);
    if (!copy) throw articleMissing();
    const { post } = copy;
    const live = await tx.query<{ lang: string }>(
      'update college_articles set published = false, updated_at = $2 where id = $1 and published returning lang',
      [id, at],
    );
    if (post.state !== 'published' && post.state !== 'scheduled' && live.length === 0) throw notPublished();
    // Never published: back to a draft; published once: unpublished.
    const state = post.published_at ? 'unpublished' : 'draft';
    const [after] = await tx.query<PostRow>(
      `update college_posts set state = $2, publish_at = null, unpublished_changes = false, edited_in_console = true,
         updated_at = $3
        where id = $1 returning ${POST_COLUMNS}`,
      [id, state, at],
    );
    await recordAudit(tx, {
      at,
      operator: actor.operator,
      address: actor.address,
      action: 'article.unpublish',
      before: { id, ...stateOf(post), live: live.map((row) => row.lang).sort() },
      after: { id, ...stateOf(after), live: [] },
    });
    return live.length > 0;
  });
  if (wasLive) await announce(deps);
}

/**
 * Publishes the scheduled articles whose time has come, each once whatever the number of processes: one atomic
 * update takes a due article (`state = 'scheduled' and publish_at <= now`, skipping a row another process holds) and
 * its live rows are written in the same transaction. Answers how many were published.
 */
export async function publishDue(deps: PublishingDeps): Promise<number> {
  // Asked every second on every process: nothing due (nearly always) costs one read, no transaction and no lock.
  const due = await deps.db.query(
    "select 1 from college_posts where state = 'scheduled' and publish_at <= $1 limit 1",
    [deps.now()],
  );
  if (!due.length) return 0;
  let done = 0;
  for (;;) {
    const at = deps.now();
    const outcome = await deps.db.transaction(async (tx) => {
      await besideTheSeed(tx);
      const [taken] = await tx.query<{ id: number; publish_at: Date }>(
        `update college_posts p set state = 'published', publish_at = null
           from (select id, publish_at from college_posts
                  where state = 'scheduled' and publish_at <= $1
                  order by publish_at, id limit 1 for update skip locked) due
          where p.id = due.id and p.state = 'scheduled'
          returning p.id, due.publish_at`,
        [at],
      );
      if (!taken) return 'none' as const;
      const copy = (await readWorkingCopy(tx, taken.id)) as WorkingCopy;
      const scheduled = { ...copy.post, state: 'scheduled' as const, publish_at: taken.publish_at };
      try {
        checkComplete(copy.texts);
        await checkMedia(tx, copy.post.cover, copy.texts);
      } catch (refusal) {
        // Edited since it was scheduled into something that cannot be published: not published, and said so.
        const live = (await tx.query('select 1 from college_articles where id = $1 and published limit 1', [taken.id]))
          .length;
        const state = live ? 'published' : copy.post.published_at ? 'unpublished' : 'draft';
        await tx.query('update college_posts set state = $2, updated_at = $3 where id = $1', [taken.id, state, at]);
        const reason = refusal instanceof ApiError ? { code: refusal.code, data: refusal.data } : String(refusal);
        await recordAudit(tx, {
          ...SCHEDULER_ACTOR,
          at,
          action: 'article.schedule_failed',
          before: { id: taken.id, ...stateOf(scheduled) },
          after: { id: taken.id, state, reason },
        });
        log.warn(`[college] scheduled article ${taken.id} not published: ${JSON.stringify(reason)}`);
        return 'failed' as const;
      }
      await publishCopy(tx, SCHEDULER_ACTOR, { ...copy, post: scheduled }, at);
      return 'published' as const;
    });
    if (outcome === 'none') break;
    if (outcome === 'published') {
      done++;
      await announce(deps);
    }
  }
  return done;
}
