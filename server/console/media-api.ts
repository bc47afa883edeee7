/**
 * The console's picture upload (POST /console/api/media, owner and editor): multipart/form-data with the picture in
 * the field `file`, at most MEDIA_MAX_BYTES (the console's body limit is raised for this one call, after the
 * session, CSRF and role checks). The type comes from the bytes (sharp reads them), never from the name or the
 * part's content type: PNG, JPEG or WebP, else 415. Stored in college_media (so backups and copy-to-postgres carry
 * it) with its article-width WebP (at most MEDIA_ARTICLE_WIDTH wide, turned as its EXIF orientation says, without
 * its metadata); the id is the original's digest, so the same picture uploaded twice is stored once. Audited as
 * `media.upload` in the same transaction. The portal serves the pictures (server/college/media.ts).
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import sharp from 'sharp';
import type { z } from 'zod';
import { CONSOLE_API_PREFIX, consoleOperations as ops } from '../../shared/contract/console';
import {
  ARTICLE_CODES,
  MEDIA_ARTICLE_WIDTH,
  MEDIA_MAX_BYTES,
  type MediaType,
  type mediaData,
} from '../../shared/contract/console-articles';
import { ApiError, BAD_REQUEST, errorResponse, ok } from '../api/http';
import { route } from '../api/route';
import { mediaUrl, originalUrl } from '../college/media';
import { recordAudit } from './audit';
import type { ConsoleDeps, ConsoleEnv } from './deps';

/** The upload's path: the console's app-wide body limit (16 KB) does not apply to it (exceptMediaUpload). */
export const MEDIA_UPLOAD_PATH = `${CONSOLE_API_PREFIX}/media`;

/** The largest upload body: the picture and the multipart envelope around it. */
export const MEDIA_BODY_LIMIT = MEDIA_MAX_BYTES + 64 * 1024;

/** The most pixels a picture may have (8192 × 8192): a small file of a huge picture takes no server's memory. */
export const MEDIA_MAX_PIXELS = 8192 * 8192;

/** The WebP's quality (sharp's scale, 1–100). */
const WEBP_QUALITY = 82;

const FORMATS: Record<string, MediaType> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** `middleware` for every request but the picture upload (which has its own, larger, limit). */
export function exceptMediaUpload(middleware: MiddlewareHandler): MiddlewareHandler {
  return (c, next) => (c.req.method === 'POST' && c.req.path === MEDIA_UPLOAD_PATH ? next() : middleware(c, next));
}

const field = { field: 'file' };

const tooLarge = () =>
  new ApiError(
    413,
    ARTICLE_CODES.mediaTooLarge,
    /*i18n*/ { id: '图片过大：不能超过 {mb} MB', values: { mb: MEDIA_MAX_BYTES / 1024 / 1024 } },
    {},
    field,
  );

const tooManyPixels = () =>
  new ApiError(
    413,
    ARTICLE_CODES.mediaTooLarge,
    /*i18n*/ { id: '图片尺寸过大：不能超过 {side} × {side} 像素', values: { side: Math.sqrt(MEDIA_MAX_PIXELS) } },
    {},
    field,
  );

const notAPicture = () =>
  new ApiError(415, ARTICLE_CODES.mediaType, /*i18n*/ '只能上传 PNG、JPEG 或 WebP 格式的图片', {}, field);

const noFile = () => new ApiError(400, BAD_REQUEST, /*i18n*/ '请选择要上传的图片（表单字段 file）', {}, field);

interface Examined {
  type: MediaType;
  /** The original's size as seen (after its EXIF orientation). */
  width: number;
  height: number;
  webp: Buffer;
  webpWidth: number;
  webpHeight: number;
  /**
   * The original as served at /media/<id>.<png|jpg>: upright and without its metadata (a phone's JPEG carries the
   * place it was taken and the camera); PNG stays lossless, JPEG is written again at quality 92.
   */
  clean: Buffer;
}

/** Reads the picture's type from its bytes and makes its article-width WebP; 415 when it is none we take. */
async function examine(original: Buffer): Promise<Examined> {
  const options = { failOn: 'error', limitInputPixels: MEDIA_MAX_PIXELS } as const;
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // The header only (nothing decoded): its pixel count is checked below, to answer 413 rather than 415.
    metadata = await sharp(original, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw notAPicture();
  }
  const type = metadata.format ? FORMATS[metadata.format] : undefined;
  if (!type || !metadata.width || !metadata.height) throw notAPicture();
  if (metadata.width * metadata.height > MEDIA_MAX_PIXELS) throw tooManyPixels();
  try {
    const { data, info } = await sharp(original, options)
      .autoOrient()
      .resize({ width: MEDIA_ARTICLE_WIDTH, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const upright = sharp(original, options).autoOrient();
    const clean =
      type === 'image/png'
        ? await upright.png().toBuffer()
        : type === 'image/jpeg'
          ? await upright.jpeg({ quality: 92, mozjpeg: true }).toBuffer()
          : data;
    return {
      type,
      width: metadata.autoOrient.width,
      height: metadata.autoOrient.height,
      webp: data,
      webpWidth: info.width,
      webpHeight: info.height,
      clean,
    };
  } catch {
    // A header that reads but pixels that do not (a truncated or damaged file).
    throw notAPicture();
  }
}

interface MediaRow {
  id: string;
  type: MediaType;
  width: number;
  height: number;
  bytes: number;
  webp_width: number;
  webp_height: number;
}

const answer = (row: MediaRow): z.infer<typeof mediaData> => ({
  url: mediaUrl(row.id),
  original: originalUrl(row.id, row.type),
  width: row.webp_width,
  height: row.webp_height,
  type: row.type,
  bytes: row.bytes,
});

const COLUMNS = 'id, type, width, height, bytes, webp_width, webp_height';

/** The uploaded file of the request: 415 unless multipart, 400 without a file in `file`, 413 when too large. */
async function uploadedFile(c: Parameters<MiddlewareHandler>[0]): Promise<Buffer> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? ''))
    throw new ApiError(415, BAD_REQUEST, /*i18n*/ '请求格式不正确：需要 multipart/form-data', {}, field);
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw noFile();
  }
  const file = form.get('file');
  if (!file || typeof file === 'string' || file.size === 0) throw noFile();
  if (file.size > MEDIA_MAX_BYTES) throw tooLarge();
  return Buffer.from(await file.arrayBuffer());
}

export function mediaApi(deps: ConsoleDeps) {
  const api = new Hono<ConsoleEnv>();
  // The console's 16 KB limit is lifted for this path (server/console/app.ts): this one holds a picture.
  api.use(
    '/media',
    bodyLimit({
      maxSize: MEDIA_BODY_LIMIT,
      onError: (c) => {
        c.header('Connection', 'close');
        return errorResponse(c, tooLarge());
      },
    }),
  );

  route(api, ops.uploadMedia, async (c) => {
    const original = await uploadedFile(c);
    const id = createHash('sha256').update(original).digest('hex').slice(0, 32);
    // The same bytes again: the stored picture (no second WebP is made).
    const [known] = await deps.db.query<MediaRow>(`select ${COLUMNS} from college_media where id = $1`, [id]);
    const picture = known ? null : await examine(original);
    const at = deps.now();
    const row = await deps.db.transaction(async (tx) => {
      let stored = known;
      let created = false;
      if (picture) {
        const [inserted] = await tx.query<MediaRow>(
          `insert into college_media (id, type, width, height, bytes, original, webp, webp_width, webp_height,
                                      uploaded_by, created_at)
           values ($1, $2, $3, $4, $5, decode($6, 'base64'), decode($7, 'base64'), $8, $9, $10, $11)
           on conflict (id) do nothing returning ${COLUMNS}`,
          [
            id,
            picture.type,
            picture.width,
            picture.height,
            picture.clean.byteLength,
            // As base64 text: eight times faster than a bytea parameter through the embedded database.
            picture.clean.toString('base64'),
            picture.webp.toString('base64'),
            picture.webpWidth,
            picture.webpHeight,
            c.var.operator.id,
            at,
          ],
        );
        created = Boolean(inserted);
        // Another upload of the same bytes committed first: its row is the same picture.
        [stored] = inserted
          ? [inserted]
          : await tx.query<MediaRow>(`select ${COLUMNS} from college_media where id = $1`, [id]);
      }
      await recordAudit(tx, {
        at,
        operator: c.var.operator,
        address: c.var.address,
        action: 'media.upload',
        after: { ...answer(stored), stored: created ? 'new' : 'already' },
      });
      return stored;
    });
    return ok(c, answer(row));
  });

  return api;
}
