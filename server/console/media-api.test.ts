// @vitest-environment node
/**
 * POST /console/api/media on both databases: real PNG, JPEG and WebP pictures are stored with their article-width
 * WebP (at most 1440 wide, turned upright by their EXIF orientation, without metadata), the same bytes twice are one
 * picture, each upload is audited; every refusal (another type whatever its name, too large in bytes or in pixels,
 * a damaged file, no file, not multipart, a support operator, no session, no CSRF token) stores nothing.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ARTICLE_CODES, MEDIA_MAX_BYTES, mediaData } from '../../shared/contract/console-articles';
import type { Database } from '../db/database';
import { consoleHarness } from '../testing/console-harness';
import { describeDatabases } from '../testing/databases';
import {
  gifNamedPng,
  hugeHeaderPng,
  mediaRows,
  pictureFixture,
  rotatedJpegFixture,
  svgFixture,
  textNamedPng,
  truncatedPng,
  uploadPicture,
} from '../testing/media-fixtures';
import { MEDIA_BODY_LIMIT } from './media-api';

type Media = ReturnType<typeof mediaData.parse>;

const idOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

const audits = (db: Database) =>
  db.query<{ action: string; operator_name: string; after: Record<string, unknown> }>(
    "select action, operator_name, after from operator_audit where action = 'media.upload' order by id",
  );

describeDatabases('POST /console/api/media', (getDb) => {
  it('stores a PNG with its article-width WebP, answers its addresses and sizes, and audits the upload', async () => {
    const db = getDb();
    const editor = await consoleHarness(db, { role: 'editor' });
    const png = await pictureFixture('png', { width: 2000, height: 1000 });
    const answer = await uploadPicture<Media>(editor, png, 'header.png');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const id = idOf(png);
    const data = mediaData.parse(answer.body.data);
    expect(data).toEqual({
      url: `/media/${id}.webp`,
      original: `/media/${id}.png`,
      width: 1440,
      height: 720,
      type: 'image/png',
      bytes: data.bytes,
    });
    const [row] = await mediaRows(db);
    expect(row).toMatchObject({ id, type: 'image/png', width: 2000, height: 1000, bytes: data.bytes });
    expect(row).toMatchObject({ webp_width: 1440, webp_height: 720, uploaded_by: editor.operator.id });
    // The original is kept as the same pixels (PNG stays lossless), written again without its metadata.
    const [stored, uploaded] = await Promise.all(
      [Buffer.from(row.original), png].map((bytes) => sharp(bytes).raw().toBuffer()),
    );
    expect(stored.equals(uploaded)).toBe(true);
    expect(row.original.byteLength).toBe(data.bytes);
    const webp = await sharp(Buffer.from(row.webp)).metadata();
    expect([webp.format, webp.width, webp.height]).toEqual(['webp', 1440, 720]);
    const [audit] = await audits(db);
    expect(audit).toMatchObject({ operator_name: editor.operator.name, after: { ...data, stored: 'new' } });
  });

  it('keeps a small picture at its width, and takes a JPEG and a WebP (the WebP original is its one address)', async () => {
    const db = getDb();
    const owner = await consoleHarness(db);
    const jpeg = await pictureFixture('jpeg', { width: 640, height: 480 });
    const first = await uploadPicture<Media>(owner, jpeg, 'photo.jpeg', { type: 'image/jpeg' });
    expect(first.body.data).toMatchObject({ type: 'image/jpeg', width: 640, height: 480 });
    expect(first.body.data?.original).toBe(`/media/${idOf(jpeg)}.jpg`);
    const webp = await pictureFixture('webp', { width: 300, height: 100 });
    const second = await uploadPicture<Media>(owner, webp, 'drawing.webp', { type: 'image/webp' });
    expect(second.body.data).toMatchObject({ type: 'image/webp', width: 300, height: 100 });
    expect(second.body.data?.original).toBe(second.body.data?.url);
    expect((await mediaRows(db)).map((row) => row.type).sort()).toEqual(['image/jpeg', 'image/webp']);
  });

  it('turns a JPEG upright by its EXIF orientation and leaves its camera and GPS data out of the WebP and the original', async () => {
    const db = getDb();
    const owner = await consoleHarness(db);
    const jpeg = await rotatedJpegFixture();
    expect((await sharp(jpeg).metadata()).exif?.toString('latin1')).toContain('Secret Model 9');
    const answer = await uploadPicture<Media>(owner, jpeg, 'portrait.jpg');
    expect(answer.body.data).toMatchObject({ width: 100, height: 200, type: 'image/jpeg' });
    const [row] = await mediaRows(db);
    expect([row.width, row.height]).toEqual([100, 200]);
    const webpBytes = Buffer.from(row.webp);
    const meta = await sharp(webpBytes).metadata();
    expect([meta.width, meta.height, meta.exif, meta.icc, meta.xmp, meta.orientation]).toEqual([
      100,
      200,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(webpBytes.toString('latin1')).not.toContain('Secret Model');
    expect(webpBytes.toString('latin1')).not.toContain('FixtureCam');
    // The original served at /media/<id>.jpg: upright, and nothing of the camera or the place.
    const original = Buffer.from(row.original);
    const originalMeta = await sharp(original).metadata();
    expect([originalMeta.format, originalMeta.width, originalMeta.height, originalMeta.exif]).toEqual([
      'jpeg',
      100,
      200,
      undefined,
    ]);
    expect(original.toString('latin1')).not.toContain('Secret Model');
    expect(original.toString('latin1')).not.toContain('FixtureCam');
    // Upright: the red half (the stored picture's left) is now at the top.
    const { data } = await sharp(webpBytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 100 + x) * 3, (y * 100 + x) * 3 + 3)];
    expect(pixel(50, 20)[0]).toBeGreaterThan(180);
    expect(pixel(50, 20)[1]).toBeLessThan(60);
    expect(Math.min(...pixel(50, 180))).toBeGreaterThan(200);
  });

  it('stores the same bytes once: a second upload answers the same picture and is audited too', async () => {
    const db = getDb();
    const owner = await consoleHarness(db);
    const png = await pictureFixture('png');
    const first = await uploadPicture<Media>(owner, png, 'a.png');
    const second = await uploadPicture<Media>(owner, png, 'another-name.png');
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(await mediaRows(db)).toHaveLength(1);
    expect((await audits(db)).map((audit) => audit.after.stored)).toEqual(['new', 'already']);
  });

  describe('refusals store nothing and audit nothing', () => {
    const refused = async (
      db: Database,
      answer: { status: number; body: { code: number; message: string; data?: unknown } },
      status: number,
      code: number,
    ) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.code).toBe(code);
      expect(answer.body.data).toEqual({ field: 'file' });
      expect(await mediaRows(db)).toEqual([]);
      expect(await audits(db)).toEqual([]);
    };

    it('415/40142 for a GIF, a text, an SVG or a damaged PNG, whatever its name and claimed type', async () => {
      const db = getDb();
      const owner = await consoleHarness(db);
      const gif = await uploadPicture(owner, await gifNamedPng(), 'photo.png', { type: 'image/png' });
      await refused(db, gif, 415, ARTICLE_CODES.mediaType);
      expect(gif.body.message).toBe('只能上传 PNG、JPEG 或 WebP 格式的图片');
      await refused(db, await uploadPicture(owner, textNamedPng(), 'photo.png'), 415, ARTICLE_CODES.mediaType);
      await refused(db, await uploadPicture(owner, svgFixture(), 'logo.png'), 415, ARTICLE_CODES.mediaType);
      await refused(db, await uploadPicture(owner, await truncatedPng(), 'cut.png'), 415, ARTICLE_CODES.mediaType);
    });

    it('413/40143 for a real PNG over 5 MB, a body over the limit, and a small file claiming a huge picture', async () => {
      const db = getDb();
      const owner = await consoleHarness(db);
      const big = await pictureFixture('png', { width: 1324, height: 1324, noise: true });
      expect(big.length).toBeGreaterThan(MEDIA_MAX_BYTES);
      expect(big.length).toBeLessThan(MEDIA_BODY_LIMIT - 1024);
      const tooBig = await uploadPicture(owner, big, 'big.png');
      await refused(db, tooBig, 413, ARTICLE_CODES.mediaTooLarge);
      expect(tooBig.body.message).toBe('图片过大：不能超过 5 MB');
      const over = await uploadPicture(owner, Buffer.alloc(MEDIA_BODY_LIMIT + 10, 1), 'huge.png');
      await refused(db, over, 413, ARTICLE_CODES.mediaTooLarge);
      const bomb = await hugeHeaderPng();
      expect((await sharp(bomb).metadata()).width).toBe(15_000);
      expect(bomb.length).toBeLessThan(2000);
      await refused(db, await uploadPicture(owner, bomb, 'bomb.png'), 413, ARTICLE_CODES.mediaTooLarge);
    });

    it('400 without a file in the field file, 415 for a body that is not multipart', async () => {
      const db = getDb();
      const owner = await consoleHarness(db);
      const png = await pictureFixture('png');
      await refused(db, await uploadPicture(owner, png, 'a.png', { field: 'picture' }), 400, 40000);
      await refused(db, await uploadPicture(owner, Buffer.alloc(0), 'empty.png'), 400, 40000);
      const json = await owner.call('POST', '/media', { file: png.toString('base64') });
      await refused(db, json, 415, 40000);
      const broken = await owner.call('POST', '/media', undefined, {
        raw: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot closed',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      await refused(db, broken, 400, 40000);
      const text = await owner.call('POST', '/media', undefined, {
        raw: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\njust a string\r\n--x--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      await refused(db, text, 400, 40000);
    });
  });

  it('the 16 KB limit still holds for every other call of the console', async () => {
    const db = getDb();
    const owner = await consoleHarness(db);
    const big = await owner.call('POST', '/logout', undefined, { raw: JSON.stringify({ pad: 'x'.repeat(20_000) }) });
    expect(big.status).toBe(413);
    const beside = await owner.call('POST', '/media/', undefined, { raw: 'x'.repeat(20_000) });
    expect(beside.status).toBe(413);
  });

  it('refuses a support operator (403/40103), no session (401/40101) and no CSRF token (403/40104)', async () => {
    const db = getDb();
    const png = await pictureFixture('png');
    const support = await consoleHarness(db, { role: 'support', name: 'support-op' });
    const forbidden = await uploadPicture(support, png, 'a.png');
    expect([forbidden.status, forbidden.body.code]).toEqual([403, 40103]);
    const owner = await consoleHarness(db, { name: 'owner-op' });
    const noCsrf = await uploadPicture(owner, png, 'a.png', { csrf: null });
    expect([noCsrf.status, noCsrf.body.code]).toEqual([403, 40104]);
    const signedOut = await consoleHarness(db, { name: 'editor-out', role: 'editor', signedOut: true });
    const noSession = await uploadPicture(signedOut, png, 'a.png');
    expect([noSession.status, noSession.body.code]).toEqual([401, 40101]);
    expect(await mediaRows(db)).toEqual([]);
    expect(await audits(db)).toEqual([]);
  });
});
