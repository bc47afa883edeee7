/**
 * Seeds content/college into the database at start-up, idempotently: each row keeps its file's hash (unchanged:
 * nothing written; edited: updated; removed: unpublished, likes kept), and the working copy the console opens
 * (college_posts, college_post_texts) follows the file. An article the console wrote, or changed in any way (saved,
 * published, scheduled, unpublished), is never written by its file again (docs/common-tasks.md). An advisory lock
 * serialises processes.
 */
import type { Database } from '../db/database';
import { log as logger } from '../ops/log';
import { type ContentProblem, loadCollegeContent } from './content';
import { renderMarkdown } from './markdown';
import { rerenderConsoleRows, SEED_LOCK_KEY } from './publishing';

export interface SeedResult {
  inserted: number;
  updated: number;
  unpublished: number;
  unchanged: number;
  /** Files of articles the console has written or changed: left alone. */
  kept: number;
  /** Live rows the console wrote, drawn again by a new renderer. */
  rerendered: number;
  problems: ContentProblem[];
}

export interface SeedOptions {
  /** Where the report goes (the server log by default). */
  log?: (line: string) => void;
}

export async function seedCollege(db: Database, contentDir: string, options: SeedOptions = {}): Promise<SeedResult> {
  const log = options.log ?? ((line: string) => logger.info(line));
  // Articles stored and published with the same hash are not rendered again (most of a restart's seed); the
  // transaction below reads the rows again and renders any of them that changed meanwhile.
  const stored = await db.query<{ content_hash: string }>('select content_hash from college_articles where published');
  const { articles, problems } = loadCollegeContent(contentDir, {
    renderedAlready: new Set(stored.map((row) => row.content_hash)),
  });
  for (const problem of problems) log(`[college] ${problem.severity} in ${problem.file}: ${problem.message}`);
  const result: SeedResult = {
    inserted: 0,
    updated: 0,
    unpublished: 0,
    unchanged: 0,
    kept: 0,
    rerendered: 0,
    problems,
  };
  // A missing folder is a deployment mistake, not "every article was removed": leave the database alone.
  if (problems.some((problem) => problem.file === contentDir)) return result;

  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const rows = await tx.query<{ id: number; lang: string; content_hash: string; published: boolean }>(
      'select id, lang, content_hash, published from college_articles',
    );
    const existing = new Map(rows.map((row) => [`${row.id}/${row.lang}`, row]));
    // The console's articles: written there, or changed there (saved, published, scheduled, unpublished). Their
    // files never write them again, nor unpublish them when removed.
    const posts = await tx.query<{ id: number; section: string; slug: string; owned: boolean }>(
      `select id, section, slug, (origin = 'console' or edited_in_console) as owned from college_posts`,
    );
    const owned = new Set(posts.filter((post) => post.owned).map((post) => post.id));
    const postIds = new Set(posts.map((post) => post.id));
    const slugs = new Map(posts.map((post) => [`${post.section}/${post.slug}`, post.id]));
    const texts = new Set(
      (await tx.query<{ id: number; lang: string }>('select id, lang from college_post_texts')).map(
        (row) => `${row.id}/${row.lang}`,
      ),
    );
    // One working copy per article: its tags are the Chinese file's (the English file's when it has none).
    const tagsOf = new Map<number, string[]>();
    for (const article of articles)
      if (!tagsOf.has(article.id) || article.lang === 'zh') tagsOf.set(article.id, article.tags);
    const seen = new Set<string>();
    for (const article of articles) {
      const key = `${article.id}/${article.lang}`;
      seen.add(key);
      if (owned.has(article.id)) {
        result.kept++;
        continue;
      }
      const holder = slugs.get(`${article.section}/${article.slug}`);
      if (holder !== undefined && holder !== article.id) {
        const problem: ContentProblem = {
          file: article.file,
          severity: 'error',
          message: `the console's article ${holder} has the slug ${article.slug} in ${article.section}: the file is left out`,
        };
        result.problems.push(problem);
        log(`[college] ${problem.severity} in ${problem.file}: ${problem.message}`);
        continue;
      }
      const row = existing.get(key);
      const current = row && row.content_hash === article.hash && row.published;
      if (current && postIds.has(article.id) && texts.has(key)) {
        result.unchanged++;
        continue;
      }
      const { id, lang, section, slug, title, summary, tags, date, markdown, hash } = article;
      if (!current) {
        const body = article.deferred ? renderMarkdown(article.markdown) : article;
        await tx.query(
          `insert into college_articles
             (id, lang, section, slug, title, summary, tags, published_on, body_markdown, body_html, body_text,
              content_hash, published)
           values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::date, $9, $10, $11, $12, true)
           on conflict (id, lang) do update set
             section = excluded.section, slug = excluded.slug, title = excluded.title, summary = excluded.summary,
             tags = excluded.tags, published_on = excluded.published_on, body_markdown = excluded.body_markdown,
             body_html = excluded.body_html, body_text = excluded.body_text, content_hash = excluded.content_hash,
             published = true, cover = null, updated_at = now()`,
          [id, lang, section, slug, title, summary, JSON.stringify(tags), date, markdown, body.html, body.text, hash],
        );
      }
      // The working copy follows the file (what the console opens), published from the file's date.
      await tx.query(
        `insert into college_posts (id, section, slug, tags, state, published_at, origin)
         values ($1, $2, $3, $4::jsonb, 'published', ($5::date)::timestamp at time zone 'Asia/Shanghai', 'file')
         on conflict (id) do update set section = excluded.section, slug = excluded.slug, tags = excluded.tags,
           state = 'published', publish_at = null, cover = null, unpublished_changes = false, updated_at = now()`,
        [id, section, slug, JSON.stringify(tagsOf.get(id) ?? tags), date],
      );
      postIds.add(id);
      slugs.set(`${section}/${slug}`, id);
      await tx.query(
        `insert into college_post_texts (id, lang, title, summary, body_markdown) values ($1, $2, $3, $4, $5)
         on conflict (id, lang) do update set title = excluded.title, summary = excluded.summary,
           body_markdown = excluded.body_markdown, updated_at = now()`,
        [id, lang, title, summary, markdown],
      );
      texts.add(key);
      if (row) result.updated++;
      else result.inserted++;
    }
    for (const row of rows) {
      if (!row.published || seen.has(`${row.id}/${row.lang}`) || owned.has(row.id)) continue;
      await tx.query('update college_articles set published = false, updated_at = now() where id = $1 and lang = $2', [
        row.id,
        row.lang,
      ]);
      await tx.query(
        `update college_posts set state = 'unpublished', publish_at = null, updated_at = now()
          where id = $1 and not exists (select 1 from college_articles where id = $1 and published)`,
        [row.id],
      );
      result.unpublished++;
    }
    // The console's live rows drawn by an older renderer are drawn again (the files' were, above, by their hash).
    result.rerendered = await rerenderConsoleRows(tx);
  });
  if (result.inserted || result.updated || result.unpublished || result.rerendered) {
    log(
      `[college] articles: ${result.inserted} added, ${result.updated} updated, ${result.unpublished} unpublished, ${result.unchanged} unchanged` +
        (result.rerendered ? `; ${result.rerendered} written in the console drawn again by the new renderer` : ''),
    );
  }
  return result;
}
