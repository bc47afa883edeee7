// @vitest-environment node
/**
 * The college's pictures on the portal, on both databases: `/media/<id>.webp` and the original answer the stored
 * bytes with a year's immutable cache, an ETag (304 when the browser has it), their type and nosniff; any other
 * picture name is 404 and the brand's videos in public/media are still files. The pages' policy lets them load
 * (img-src 'self'). `mediaSizes` finds an article's pictures and the renderer draws them with their sizes.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { mediaData } from '../../shared/contract/console-articles';
import type { Database } from '../db/database';
import { consoleHarness } from '../testing/console-harness';
import { describeDatabases } from '../testing/databases';
import { pictureFixture, uploadPicture } from '../testing/media-fixtures';
import { portalApp } from '../testing/portal-app';
import { renderMarkdown } from './markdown';
import { mediaSizes } from './media';

type Media = ReturnType<typeof mediaData.parse>;

const clientDir = mkdtempSync(join(tmpdir(), 'media-client-'));
mkdirSync(join(clientDir, 'media'));
writeFileSync(join(clientDir, 'media', 'tour.zh.mp4'), 'not really a video');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const portal = (db: Database) => portalApp(db, { clientDir, now: () => new Date('2026-11-21T12:00:00Z') }).request;

/** Uploads a PNG and a JPEG through the console; answers their stored rows' answers. */
async function uploaded(db: Database) {
  const editor = await consoleHarness(db, { role: 'editor' });
  const png = await pictureFixture('png', { width: 1600, height: 800 });
  const jpeg = await pictureFixture('jpeg', { width: 320, height: 240 });
  const first = (await uploadPicture<Media>(editor, png, 'a.png')).body.data as Media;
  const second = (await uploadPicture<Media>(editor, jpeg, 'b.jpg')).body.data as Media;
  return { png, jpeg, first, second };
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describeDatabases('the pictures on the portal', (getDb) => {
  it('answers the WebP and the original as stored, cached for a year, with their type, ETag and nosniff', async () => {
    const db = getDb();
    const { png, first } = await uploaded(db);
    const get = portal(db);
    const [row] = await db.query<{ webp: Uint8Array; original: Uint8Array }>(
      'select webp, original from college_media where type = $1',
      ['image/png'],
    );

    const webp = await get(first.url);
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(webp.headers.get('x-content-type-options')).toBe('nosniff');
    expect(webp.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const webpBytes = await bytesOf(webp);
    expect(webpBytes.equals(Buffer.from(row.webp))).toBe(true);
    expect(webp.headers.get('content-length')).toBe(String(webpBytes.length));

    const original = await get(first.original);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The original as stored: the uploaded pixels, written again without metadata.
    const originalBytes = await bytesOf(original);
    expect(originalBytes.equals(Buffer.from(row.original))).toBe(true);
    const pixels = async (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    expect((await pixels(originalBytes)).equals(await pixels(png))).toBe(true);
    expect(original.headers.get('etag')).not.toBe(webp.headers.get('etag'));

    const head = await get(first.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(webpBytes.length));
    expect((await bytesOf(head)).length).toBe(0);
  });

  it('answers 304 to a browser that has it, and 404 for a picture it does not have', async () => {
    const db = getDb();
    const { first, second } = await uploaded(db);
    const get = portal(db);
    const etag = (await get(first.url)).headers.get('etag') as string;
    for (const sent of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get(first.url, { headers: { 'if-none-match': sent } });
      expect(again.status, sent).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await bytesOf(again)).length).toBe(0);
    }
    expect((await get(first.url, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);

    const id = first.url.slice(7, 39);
    const missing = [
      `/media/${'0'.repeat(32)}.webp`,
      `/media/${'0'.repeat(32)}.png`,
      // A PNG asked for as a JPEG, and a JPEG as a PNG.
      `/media/${id}.jpg`,
      second.original.replace('.jpg', '.png'),
    ];
    for (const path of missing) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('content-type'), path).toMatch(/^text\/plain/);
    }
    // A 304 for a picture that is not stored is not given either.
    const unknown = await get(`/media/${'0'.repeat(32)}.webp`, { headers: { 'if-none-match': '*' } });
    expect(unknown.status).toBe(404);
    expect((await get(second.original)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('leaves other names under /media/ to the files and pages, and refuses other methods', async () => {
    const db = getDb();
    const { first } = await uploaded(db);
    const get = portal(db);
    const video = await get('/media/tour.zh.mp4');
    expect(video.status).toBe(200);
    expect(await video.text()).toBe('not really a video');
    // Not a picture's name (upper-case hex, another extension): the pages answer it, as before.
    const upper = first.url.toUpperCase().replace('/MEDIA/', '/media/').replace('.WEBP', '.webp');
    expect(await (await get(upper)).text()).toBe(`page ${upper}`);
    expect(await (await get(first.url.replace('.webp', '.gif'))).text()).toMatch(/^page /);
    expect((await get(first.url, { method: 'POST' })).status).toBe(405);
  });

  it("the pages' policy lets them load (img-src 'self')", async () => {
    const db = getDb();
    const page = await portal(db)('/business-college');
    expect(page.headers.get('content-security-policy')).toMatch(/(^|; )img-src 'self'( |;)/);
  });

  it('mediaSizes finds the stored pictures of an article, and the renderer draws them with their sizes', async () => {
    const db = getDb();
    const { first, second } = await uploaded(db);
    const markdown = [
      `Intro ![A "chart" <1>](${first.url})`,
      '',
      `![photo](${second.url} "a title") and again ![again](${first.url})`,
      '',
      `![unknown](/media/${'a'.repeat(32)}.webp) ![other host](https://cdn.example.com/x.webp)`,
      '',
      `![original](${first.original})`,
    ].join('\n');
    const sizes = await mediaSizes(db, markdown);
    expect([...sizes.entries()].sort()).toEqual(
      [
        [first.url, { width: 1440, height: 720 }],
        [second.url, { width: 320, height: 240 }],
      ].sort(),
    );
    const { html, text } = renderMarkdown(markdown, sizes);
    expect(html).toContain(
      `<img src="${first.url}" alt="A &quot;chart&quot; &lt;1&gt;" width="1440" height="720" loading="lazy" decoding="async">`,
    );
    expect(html).toContain(
      `<img src="${second.url}" alt="photo" width="320" height="240" loading="lazy" decoding="async">`,
    );
    expect(html.match(/<img /g)).toHaveLength(3);
    // Not stored, another host, the original's address: their alt text only.
    expect(html).toContain('unknown other host');
    expect(html).toContain('<p>original</p>');
    expect(html).not.toContain('cdn.example.com');
    expect(html).not.toContain('title=');
    expect(text).toContain('Intro');
    // Without sizes no picture is drawn (what the seed of the files does).
    expect(renderMarkdown(markdown).html).not.toContain('<img');
    expect(await mediaSizes(db, 'No pictures here. [link](/media/x)')).toEqual(new Map());
  });
});

describe('renderMarkdown with sizes it cannot trust', () => {
  it('draws no picture whose size is not a positive whole number', () => {
    const url = `/media/${'b'.repeat(32)}.webp`;
    for (const size of [
      { width: 0, height: 10 },
      { width: 10.5, height: 10 },
      { width: Number.NaN, height: 10 },
      { width: '10" onerror="x' as unknown as number, height: 10 },
    ]) {
      const { html } = renderMarkdown(`![x](${url})`, new Map([[url, size]]));
      expect(html, JSON.stringify(size)).toBe('<p>x</p>\n');
    }
  });
});
