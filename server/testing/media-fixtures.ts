/**
 * Pictures for the tests, made with sharp (real encoders, so the server's checks see real bytes): PNG, JPEG, WebP
 * and GIF of a given size, a JPEG whose EXIF orientation says "turn 90°" (stored 200×100, seen 100×200), and files
 * whose names lie (a GIF or a text saved as .png).
 *
 *   const png = await pictureFixture('png', { width: 2000, height: 1000 });
 *   const answer = await uploadPicture(harness, png, 'photo.png');
 *
 * And the stored rows of college_media: `mediaRows(db)` reads them all, `insertMediaRow(db, {...})` stores one
 * directly (not through the upload), for a test that needs a stored picture but not its making.
 */
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { Queryable } from '../db/database';
import type { ConsoleAnswer, ConsoleHarness } from './console-harness';
import { CONSOLE_HOST } from './console-harness';

export type FixtureFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export interface PictureOptions {
  width?: number;
  height?: number;
  /** The top half's colour (the bottom half is white), so the orientation can be seen in the pixels. */
  color?: { r: number; g: number; b: number };
  /** Random pixels: a picture that compresses badly (a large file from few pixels). */
  noise?: boolean;
}

/** A picture in `format`, `width`×`height` (default 64×48): a coloured top half over a white bottom half. */
export async function pictureFixture(format: FixtureFormat, options: PictureOptions = {}): Promise<Buffer> {
  const width = options.width ?? 64;
  const height = options.height ?? 48;
  let image: ReturnType<typeof sharp>;
  if (options.noise) {
    const pixels = randomBytes(width * height * 3);
    image = sharp(pixels, { raw: { width, height, channels: 3 } });
  } else {
    const color = options.color ?? { r: 200, g: 30, b: 40 };
    const top = Math.max(1, Math.floor(height / 2));
    const band = await sharp({ create: { width, height: top, channels: 3, background: color } })
      .png()
      .toBuffer();
    image = sharp({ create: { width, height, channels: 3, background: { r: 255, g: 255, b: 255 } } }).composite([
      { input: band, top: 0, left: 0 },
    ]);
  }
  if (format === 'png') return image.png().toBuffer();
  if (format === 'jpeg') return image.jpeg({ quality: 90 }).toBuffer();
  if (format === 'webp') return image.webp({ quality: 90 }).toBuffer();
  return image.gif().toBuffer();
}

/**
 * A JPEG stored 200×100 (red on the left half) with EXIF orientation 6 ("rotate 90° clockwise to view"), a camera
 * model and a GPS position in its metadata: seen upright it is 100×200 with red at the top.
 */
export async function rotatedJpegFixture(): Promise<Buffer> {
  const left = await sharp({ create: { width: 100, height: 100, channels: 3, background: { r: 220, g: 0, b: 0 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 200, height: 100, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .composite([{ input: left, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'FixtureCam', Model: 'Secret Model 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 28/1 0/1' },
    })
    .toBuffer();
}

/**
 * A real small PNG whose header claims `width`×`height` (a decompression bomb's shape: a small file saying it is a
 * huge picture); the header's checksum is right, so a reader believes it.
 */
export async function hugeHeaderPng(width = 15_000, height = 15_000): Promise<Buffer> {
  const png = Buffer.from(await pictureFixture('png', { width: 8, height: 8 }));
  // The signature (8 bytes), then IHDR: length (4), type (4), width (4), height (4), … and its CRC after 13 bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A PNG cut short: a header that reads, pixels that do not. */
export async function truncatedPng(): Promise<Buffer> {
  const png = await pictureFixture('png', { width: 300, height: 200, noise: true });
  return png.subarray(0, Math.floor(png.length / 2));
}

/** A GIF (a real picture, of a type the site does not take) that would be saved as `photo.png`. */
export const gifNamedPng = () => pictureFixture('gif');

/** Text pretending to be a PNG: the PNG signature's name, but not its bytes. */
export const textNamedPng = () => Buffer.from('PNG? no: just text that was renamed photo.png\n'.repeat(20), 'utf8');

/** An SVG (a picture format that can carry script): refused like any other type. */
export const svgFixture = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    'utf8',
  );

/**
 * POST /console/api/media with `file` as multipart/form-data, signed in as the harness's operator (its cookie,
 * Origin and CSRF token). `field` names another form field; `type` is the part's claimed content type.
 */
export async function uploadPicture<T = unknown>(
  harness: ConsoleHarness,
  bytes: Buffer | Uint8Array,
  filename = 'picture.png',
  options: { field?: string; type?: string; csrf?: string | null; headers?: Record<string, string> } = {},
): Promise<ConsoleAnswer<T>> {
  const form = new FormData();
  form.append(
    options.field ?? 'file',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
    filename,
  );
  const headers: Record<string, string> = {
    host: CONSOLE_HOST,
    'accept-language': 'zh-CN',
    origin: harness.deps.settings.console?.publicUrl ?? `http://${CONSOLE_HOST}`,
  };
  if (harness.session.cookie) headers.cookie = harness.session.cookie;
  const csrf = options.csrf === undefined ? harness.session.csrfToken : options.csrf;
  if (csrf) headers['x-csrf-token'] = csrf;
  Object.assign(headers, options.headers);
  const env = { incoming: { socket: { remoteAddress: '198.51.100.7', localPort: 3032 } } };
  const res = await harness.app.request(
    `http://${CONSOLE_HOST}/console/api/media`,
    { method: 'POST', headers, body: form },
    env,
  );
  const text = await res.text();
  let body = {} as ConsoleAnswer<T>['body'];
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: `text` has it.
  }
  return { status: res.status, body, text, headers: res.headers };
}

/** A row of college_media as `select *` answers it. */
export interface MediaRow {
  id: string;
  type: string;
  width: number;
  height: number;
  bytes: number;
  original: Uint8Array;
  webp: Uint8Array;
  webp_width: number;
  webp_height: number;
  uploaded_by: number | null;
  created_at: Date;
}

/** Every stored picture, by id. */
export const mediaRows = (db: Queryable) => db.query<MediaRow>('select * from college_media order by id');

export interface MediaRowInput {
  id: string;
  type?: 'image/png' | 'image/jpeg' | 'image/webp';
  /** The original's size in pixels. */
  width: number;
  height: number;
  /** The article-width WebP's size in pixels. */
  webpWidth: number;
  webpHeight: number;
  /** The stored bytes (placeholders unless a test reads them); `bytes` is the original's length. */
  original?: Buffer;
  webp?: Buffer;
}

/** Stores a picture's row directly, as an upload would have (type PNG and placeholder bytes unless given). */
export async function insertMediaRow(db: Queryable, row: MediaRowInput): Promise<void> {
  const original = row.original ?? Buffer.from([0, 1, 2]);
  const webp = row.webp ?? Buffer.from([3, 4]);
  await db.query(
    `insert into college_media (id, type, width, height, bytes, original, webp, webp_width, webp_height)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      row.id,
      row.type ?? 'image/png',
      row.width,
      row.height,
      original.length,
      original,
      webp,
      row.webpWidth,
      row.webpHeight,
    ],
  );
}
