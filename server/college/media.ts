/**
 * The college's pictures on the portal (table college_media, uploaded through the console's POST /media):
 * `/media/<id>.webp` is the article-width WebP, `/media/<id>.<png|jpg|webp>` the original (upright, its metadata left out; for a WebP
 * upload both are the one address of the article-width WebP). The id is the original's content digest, so a picture
 * never changes under its address: cached for a year (immutable), with an ETag. Any other name under /media/ that
 * looks like a picture's is 404; the rest of /media/ (the brand's videos in public/media) is left to the files.
 * Also the sizes the renderer needs to draw the pictures of an article (`mediaSizes`).
 */
import { Hono } from 'hono';
import { MEDIA_URL } from '../../shared/contract/console-articles';
import type { Queryable } from '../db/database';
import { matchesEtag } from '../pages/html-cache';
import { type ImageSize, mediaUrlsOf } from './markdown';

const YEAR = 365 * 24 * 3600;

/** `/media/<id>.<ext>`: a name the pictures' route answers (stored or 404). */
const PICTURE_NAME = /^\/media\/([0-9a-f]{32})\.(webp|png|jpg)$/;

/** The original's address suffix per stored type. */
export const MEDIA_EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

export const mediaUrl = (id: string) => `/media/${id}.webp`;
export const originalUrl = (id: string, type: keyof typeof MEDIA_EXTENSIONS) =>
  `/media/${id}.${MEDIA_EXTENSIONS[type]}`;

/** The id of a `/media/<id>.webp` address, or null. */
export const mediaIdOf = (url: string) => (MEDIA_URL.test(url) ? url.slice('/media/'.length, -'.webp'.length) : null);

/**
 * The sizes of the pictures `markdown` shows that are stored (their article-width WebP's), by address: what
 * `renderMarkdown(markdown, images)` needs to draw them. A picture that is not stored is not in the map.
 */
export async function mediaSizes(db: Queryable, markdown: string): Promise<Map<string, ImageSize>> {
  const sizes = new Map<string, ImageSize>();
  const ids = mediaUrlsOf(markdown).map((url) => mediaIdOf(url) as string);
  if (!ids.length) return sizes;
  const rows = await db.query<{ id: string; webp_width: number; webp_height: number }>(
    'select id, webp_width, webp_height from college_media where id = any($1::text[])',
    [ids],
  );
  for (const row of rows) sizes.set(mediaUrl(row.id), { width: row.webp_width, height: row.webp_height });
  return sizes;
}

/** Whether every id is stored: the ids among `ids` that are not (for a refusal naming the picture). */
export async function missingMedia(db: Queryable, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.query<{ id: string }>('select id from college_media where id = any($1::text[])', [ids]);
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}

/** The pictures' route on the portal's public ports (server/app.ts mounts it before the files and pages). */
export function collegeMediaRoutes(db: Queryable) {
  const app = new Hono();
  app.get('/media/*', async (c, next) => {
    const match = PICTURE_NAME.exec(c.req.path);
    if (!match) return next();
    const [, id, ext] = match;
    const webp = ext === 'webp';
    const etag = `"${id}${webp ? '' : '-original'}"`;
    const notFound = () => {
      c.header('Cache-Control', 'no-store');
      return c.text('Not found', 404);
    };
    const immutable = {
      'Cache-Control': `public, max-age=${YEAR}, immutable`,
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    };
    // The picture under an id never changes: a browser that has it is answered without reading it.
    if (matchesEtag(c.req.header('if-none-match'), etag)) {
      const [known] = await db.query<{ type: string }>('select type from college_media where id = $1', [id]);
      if (known && (webp || MEDIA_EXTENSIONS[known.type as keyof typeof MEDIA_EXTENSIONS] === ext))
        return c.body(null, 304, immutable);
      return notFound();
    }
    // As base64 text: ten times faster than bytea through the embedded database (a 5 MB original: 70 ms, not 700).
    const [row] = await db.query<{ type: keyof typeof MEDIA_EXTENSIONS; data: string }>(
      `select type, encode(${webp ? 'webp' : 'original'}, 'base64') as data from college_media where id = $1`,
      [id],
    );
    if (!row || (!webp && MEDIA_EXTENSIONS[row.type] !== ext)) return notFound();
    const decoded = Buffer.from(row.data, 'base64');
    const bytes = new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength) as Uint8Array<ArrayBuffer>;
    return c.body(bytes, 200, {
      ...immutable,
      'Content-Type': webp ? 'image/webp' : row.type,
      'Content-Length': String(bytes.byteLength),
    });
  });
  return app;
}
