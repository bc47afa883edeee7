/**
 * Stand-in until server/college/media.ts provides `mediaSizes`: the stored WebP's size of every /media/<id>.webp the
 * Markdown names (what renderMarkdown's `images` takes). Replace the import in publishing.ts and articles-api.ts with
 * './media' (or '../college/media') and delete this file.
 */
import type { Queryable } from '../db/database';

const MEDIA_IN_MARKDOWN = /\/media\/([0-9a-f]{32})\.webp/g;

export async function mediaSizes(
  db: Queryable,
  markdown: string,
): Promise<Map<string, { width: number; height: number }>> {
  const ids = [...new Set([...markdown.matchAll(MEDIA_IN_MARKDOWN)].map((match) => match[1]))];
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; webp_width: number; webp_height: number }>(
    'select id, webp_width, webp_height from college_media where id = any($1::text[])',
    [ids],
  );
  return new Map(rows.map((row) => [`/media/${row.id}.webp`, { width: row.webp_width, height: row.webp_height }]));
}
