// @vitest-environment node
/**
 * Attacks on the college's pictures, on both databases: a polyglot (a real PNG with an HTML page after its end) is
 * served only as image/png with nosniff and a policy that runs nothing, and its WebP carries none of the page; the
 * file's name (a path, markup) is never used; the same picture sent three times at once is stored once; addresses
 * that try to leave /media/ (encoded dot segments, a NUL) reach no file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { mediaData } from '../../shared/contract/console-articles';
import type { Database } from '../db/database';
import { consoleHarness } from '../testing/console-harness';
import { describeDatabases } from '../testing/databases';
import { pictureFixture, uploadPicture } from '../testing/media-fixtures';
import { portalApp } from '../testing/portal-app';

type Media = ReturnType<typeof mediaData.parse>;

const PAGE = '<html><body><script>alert(document.cookie)</script></body></html>';

// Client files as production has them: public/media (the brand's videos) inside the client folder, a picture-named
// file there that only the database may answer for, and a secret beside the client folder that no address reaches.
const root = mkdtempSync(join(tmpdir(), 'hostile-media-'));
const clientDir = join(root, 'client');
const SECRET = 'SECRET-BESIDE-THE-CLIENT-FILES';
const PLANTED = 'PLANTED-FILE-UNDER-A-PICTURE-NAME';
const PICTURE = 'a'.repeat(32);
mkdirSync(join(clientDir, 'media'), { recursive: true });
writeFileSync(join(clientDir, 'media', 'tour.zh.mp4'), 'not really a video');
writeFileSync(join(clientDir, 'media', `${PICTURE}.webp`), PLANTED);
writeFileSync(join(root, 'secret.txt'), SECRET);
writeFileSync(join(root, 'package.json'), `{"name": "${SECRET}"}`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const portal = (db: Database) => portalApp(db, { clientDir }).request;

describeDatabases('hostile pictures', (getDb) => {
  it('a PNG with an HTML page after it is only ever an image, and its WebP has none of the page', async () => {
    const db = getDb();
    const owner = await consoleHarness(db);
    const polyglot = Buffer.concat([await pictureFixture('png'), Buffer.from(PAGE)]);
    const answer = await uploadPicture<Media>(owner, polyglot, '<img src=x onerror=alert(1)>.html', {
      type: 'text/html',
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text).not.toContain('onerror');
    const get = portal(db);
    const original = await get(answer.body.data?.original as string);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    expect(original.headers.get('content-security-policy')).toMatch(/script-src 'self'( |;)/);
    expect(original.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(original.headers.get('content-disposition')).toBeNull();
    const webp = Buffer.from(await (await get(answer.body.data?.url as string)).arrayBuffer());
    expect(webp.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(webp.toString('latin1')).not.toContain('<script');
    // The name was never stored nor audited.
    const [audit] = await db.query<{ after: unknown }>(
      "select after from operator_audit where action = 'media.upload'",
    );
    expect(JSON.stringify(audit.after)).not.toMatch(/onerror|\.html/);
  });

  it('the same picture sent three times at once is one picture, and every upload answers it', async () => {
    const db = getDb();
    const owner = await consoleHarness(db);
    const png = await pictureFixture('png', { width: 900, height: 600 });
    const answers = await Promise.all([1, 2, 3].map(() => uploadPicture<Media>(owner, png, 'same.png')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body.data))).size).toBe(1);
    expect(await db.query('select id from college_media')).toHaveLength(1);
    expect(await db.query("select id from operator_audit where action = 'media.upload'")).toHaveLength(3);
  });

  it('addresses that try to leave /media/ reach no picture and no file', async () => {
    const get = portal(getDb());
    // The client files are served (so the refusals below are the path checks', not a missing folder).
    const video = await get('/media/tour.zh.mp4');
    expect(video.status).toBe(200);
    expect(await video.text()).toBe('not really a video');
    // A picture's name is the database's alone: not stored is 404, never the file of that name.
    for (const path of [`/media/${PICTURE}.webp`, `/media/${PICTURE}.png`]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(await res.text(), path).not.toContain(PLANTED);
    }
    // The rest reach no file: the pages answer them (the renderer's `page <path>`), with nothing of the files.
    for (const path of [
      '/media/..%2f..%2fsecret.txt',
      '/media/..%2f..%2fpackage.json',
      '/media/%2e%2e/%2e%2e/secret.txt',
      '/media/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/media/..%5c..%5csecret.txt',
      '/media/..%252f..%252fsecret.txt',
      `/media/${PICTURE}.webp%00.png`,
      `/media/${PICTURE}.webp/`,
      '/media/../../secret.txt',
    ]) {
      const res = await get(path);
      const text = await res.text();
      expect(res.status, path).toBe(200);
      expect(text, path).toMatch(/^page \//);
      expect(text, path).not.toContain(SECRET);
      expect(text, path).not.toContain(PLANTED);
    }
  });
});
