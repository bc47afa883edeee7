/**
 * Seeds content/college into the database at start-up, idempotently: each row keeps its file's hash (unchanged:
 * nothing written; edited: updated; removed: unpublished, likes kept). An advisory lock serialises processes.
 */
import type { Database } from '../db/database';
import { log as logger } from '../ops/log';
import { type ContentProblem, loadCollegeContent } from './content';
import { renderMarkdown } from './markdown';

/** An arbitrary constant naming the content seed's lock (the migrations use another). */
const SEED_LOCK_KEY = 7_302_552;

export interface SeedResult {
  inserted: number;
  updated: number;
  unpublished: number;
  unchanged: number;
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
  const result: SeedResult = { inserted: 0, updated: 0, unpublished: 0, unchanged: 0, problems };
  // A missing folder is a deployment mistake, not "every article was removed": leave the database alone.
  if (problems.some((problem) => problem.file === contentDir)) return result;

  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const rows = await tx.query<{ id: number; lang: string; content_hash: string; published: boolean }>(
      'select id, lang, content_hash, published from college_articles',
    );
    const existing = new Map(rows.map((row) => [`${row.id}/${row.lang}`, row]));
    const seen = new Set<string>();
    for (const article of articles) {
      const key = `${article.id}/${article.lang}`;
      seen.add(key);
      const row = existing.get(key);
      if (row && row.content_hash === article.hash && row.published) {
        result.unchanged++;
        continue;
      }
      const body = article.deferred ? renderMarkdown(article.markdown) : article;
      const { id, lang, section, slug, title, summary, tags, date, markdown, hash } = article;
      await tx.query(
        `insert into college_articles
           (id, lang, section, slug, title, summary, tags, published_on, body_markdown, body_html, body_text,
            content_hash, published)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::date, $9, $10, $11, $12, true)
         on conflict (id, lang) do update set
           section = excluded.section, slug = excluded.slug, title = excluded.title, summary = excluded.summary,
           tags = excluded.tags, published_on = excluded.published_on, body_markdown = excluded.body_markdown,
           body_html = excluded.body_html, body_text = excluded.body_text, content_hash = excluded.content_hash,
           published = true, updated_at = now()`,
        [id, lang, section, slug, title, summary, JSON.stringify(tags), date, markdown, body.html, body.text, hash],
      );
      if (row) result.updated++;
      else result.inserted++;
    }
    for (const row of rows) {
      if (!row.published || seen.has(`${row.id}/${row.lang}`)) continue;
      await tx.query('update college_articles set published = false, updated_at = now() where id = $1 and lang = $2', [
        row.id,
        row.lang,
      ]);
      result.unpublished++;
    }
  });
  if (result.inserted || result.updated || result.unpublished) {
    log(
      `[college] articles: ${result.inserted} added, ${result.updated} updated, ${result.unpublished} unpublished, ${result.unchanged} unchanged`,
    );
  }
  return result;
}
