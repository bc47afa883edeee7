// @vitest-environment node
/**
 * Attacks on the college's pictures, on both databases: a polyglot (a real PNG with an HTML page after its end) is
 * served only as image/png with nosniff and a policy that runs nothing, and its WebP carries none of the page; the
 * file's name (a path, markup) is never used; the same picture sent three times at once is stored once; addresses
 * that try to leave /media/ (encoded dot segments, a NUL) reach no file.
 */
import { expect, it } from 'vitest';
import type { mediaData } from '../../shared/contract/console-articles';
import { createApp } from '../app';
import { readSettings } from '../config/settings';
import type { Database } from '../db/database';
import { consoleHarness } from '../testing/console-harness';
import { describeDatabases } from '../testing/databases';
import { pictureFixture, uploadPicture } from '../testing/media-fixtures';

type Media = ReturnType<typeof mediaData.parse>;

const PAGE = '<html><body><script>alert(document.cookie)</script></body></html>';

function portal(db: Database) {
  const app = createApp({
    settings: readSettings({ NODE_ENV: 'production' }),
    api: { db, now: () => new Date() },
    getRenderer: async () => ({
      renderPage: async (request) => new Response(`page ${new URL(request.url).pathname}`, { status: 404 }),
    }),
    getManifest: async () => undefined,
  });
  return (path: string) => app.request(`http://localhost:3030${path}`, { headers: { host: 'localhost:3030' } });
}

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
    const db = getDb();
    const get = portal(db);
    for (const path of [
      '/media/..%2f..%2fpackage.json',
      '/media/%2e%2e/%2e%2e/package.json',
      `/media/${'a'.repeat(32)}.webp%00.png`,
      `/media/${'a'.repeat(32)}.webp/`,
      '/media/../server/main.ts',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toMatch(/"name"|import /);
    }
  });
});
