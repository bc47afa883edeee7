// @vitest-environment node
/**
 * The college's pictures live in the database (college_media): a backup and a restore carry them byte for byte,
 * whichever way they go (`npm run admin -- backup` of the embedded database restored into a folder or into
 * PostgreSQL, copy-to-postgres, pg_dump and pg_restore), and the portal on the restored database serves them. One
 * of the pictures is nearly 5 MB (its original and WebP cross the copy as JSON text). The PostgreSQL parts are
 * skipped (and reported as skipped) without TEST_DATABASE_URL.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES, type mediaData } from '../../shared/contract/console-articles';
import { copyDatabase } from '../db/copy';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPGlite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { runAdmin } from '../testing/admin-cli';
import { consoleHarness } from '../testing/console-harness';
import { type ScratchDatabase, scratchDatabase } from '../testing/databases';
import {
  insertMediaRow,
  mediaRows,
  pictureFixture,
  rotatedJpegFixture,
  uploadPicture,
} from '../testing/media-fixtures';
import { portalApp } from '../testing/portal-app';

type Media = ReturnType<typeof mediaData.parse>;

const serverUrl = process.env.TEST_DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'portal-media-backup-'));

/** Every column of every picture, the bytes as hex (so a comparison says where they differ). */
async function pictures(db: Database) {
  const rows = await mediaRows(db);
  return rows.map((row) => ({
    ...row,
    original: Buffer.from(row.original).toString('hex'),
    webp: Buffer.from(row.webp).toString('hex'),
    created_at: row.created_at.toISOString(),
  }));
}

const scratches: ScratchDatabase[] = [];

/** A new empty PostgreSQL database, dropped after the file. */
async function newDatabase(): Promise<string> {
  const scratch = await scratchDatabase('portal_media');
  scratches.push(scratch);
  return scratch.url;
}

/** What the portal on `db` answers for a picture's address: status and bytes. */
async function served(db: Database, path: string) {
  const res = await portalApp(db).request(path);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

let source: Database;
let expected: Awaited<ReturnType<typeof pictures>>;
let uploads: Media[];
let backupFile: string;
let bigPng: Buffer;

beforeAll(async () => {
  source = await openPGlite();
  await migrate(source);
  const editor = await consoleHarness(source, { role: 'editor' });
  // Nearly 5 MB of noise (it does not compress), a rotated JPEG, a WebP.
  bigPng = await pictureFixture('png', { width: 1290, height: 1290, noise: true });
  expect(bigPng.length).toBeGreaterThan(4.5 * 1024 * 1024);
  expect(bigPng.length).toBeLessThanOrEqual(MEDIA_MAX_BYTES);
  uploads = [];
  for (const [bytes, name] of [
    [bigPng, 'noise.png'],
    [await rotatedJpegFixture(), 'portrait.jpg'],
    [await pictureFixture('webp', { width: 500, height: 300 }), 'drawing.webp'],
  ] as const) {
    const answer = await uploadPicture<Media>(editor, bytes, name);
    expect(answer.status, answer.text).toBe(200);
    uploads.push(answer.body.data as Media);
  }
  expected = await pictures(source);
  expect(expected).toHaveLength(3);
  backupFile = join(dir, 'portal.backup');
  const made = await runAdmin(['backup', backupFile], { db: source });
  expect(made.err).toBe('');
}, 120_000);

afterAll(async () => {
  await source?.close();
  rmSync(dir, { recursive: true, force: true });
  for (const scratch of scratches.splice(0)) await scratch.drop();
});

describe('pictures in backups', () => {
  it('a backup of the embedded database restored into a new folder has every picture byte for byte', async () => {
    const target = join(dir, 'restored');
    const restored = await runAdmin(['restore', backupFile], { env: { DATA_DIR: target } });
    expect(restored.err).toBe('');
    expect(restored.out).toMatch(/^ +college_media +3$/m);
    const reopened = await openPGlite(target);
    try {
      expect(await pictures(reopened)).toEqual(expected);
      const big = await served(reopened, uploads[0].original);
      expect(big.status).toBe(200);
      const stored = expected.find((picture) => uploads[0].original.includes(picture.id));
      expect(big.bytes.toString('hex')).toBe(stored?.original);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('copies a table of many large pictures in statements of bounded size (never the table as one string)', async () => {
    const from = await openPGlite();
    const to = await openPGlite();
    try {
      await migrate(from);
      await migrate(to);
      const original = Buffer.alloc(1024 * 1024, 7);
      const webp = Buffer.alloc(128 * 1024, 9);
      for (let i = 0; i < 8; i++)
        await insertMediaRow(from, {
          id: createHash('md5').update(String(i)).digest('hex'),
          width: 1,
          height: 1,
          webpWidth: 1,
          webpHeight: 1,
          original,
          webp,
        });
      // The target records the size of every statement's parameters.
      let largest = 0;
      const watched: Database = {
        ...to,
        transaction: (work) =>
          to.transaction((tx) =>
            work({
              ...tx,
              exec: (sql) => tx.exec(sql),
              query: (sql, params) => {
                for (const param of params ?? [])
                  if (typeof param === 'string') largest = Math.max(largest, param.length);
                return tx.query(sql, params);
              },
            }),
          ),
      };
      // At most 5 million characters a statement (32 MB in use): eight rows of over 2 million, a few at a time.
      const result = await copyDatabase(from, watched, { batchChars: 5_000_000 });
      expect(result.tables.find((table) => table.table === 'college_media')?.rows).toBe(8);
      expect(largest).toBeGreaterThan(2 * 1024 * 1024);
      expect(largest).toBeLessThan(5_000_000);
      const [sums] = await to.query<{ n: number; same: number }>(
        `select count(*)::int as n, count(*) filter (where original = $1 and webp = $2)::int as same from college_media`,
        [original, webp],
      );
      expect(sums).toEqual({ n: 8, same: 8 });
    } finally {
      await from.close();
      await to.close();
    }
  }, 120_000);

  describe.skipIf(!serverUrl)('and PostgreSQL', () => {
    it('restored into PostgreSQL, and copied by copy-to-postgres, byte for byte', async () => {
      const restoredUrl = await newDatabase();
      const restored = await runAdmin(['restore', backupFile], { env: { DATABASE_URL: restoredUrl } });
      expect(restored.err).toBe('');
      expect(restored.out).toMatch(/^ +college_media +3$/m);
      const copiedUrl = await newDatabase();
      const copied = await runAdmin(['copy-to-postgres', copiedUrl], { db: source });
      expect(copied.err).toBe('');
      expect(copied.out).toMatch(/^ +college_media +3$/m);
      for (const url of [restoredUrl, copiedUrl]) {
        const db = await openPostgres(url, 1);
        try {
          expect(await pictures(db)).toEqual(expected);
          const webp = await served(db, uploads[1].url);
          expect(webp.status).toBe(200);
          expect(webp.bytes.toString('hex')).toBe(expected.find((row) => row.type === 'image/jpeg')?.webp);
        } finally {
          await db.close();
        }
      }
    }, 180_000);

    it('a pg_dump backup restored with pg_restore, byte for byte', async () => {
      const sourceUrl = await newDatabase();
      const copied = await runAdmin(['copy-to-postgres', sourceUrl], { db: source });
      expect(copied.err).toBe('');
      const file = join(dir, 'pg.backup');
      const made = await runAdmin(['backup', file], { env: { DATABASE_URL: sourceUrl } });
      expect(made.err).toBe('');
      const targetUrl = await newDatabase();
      const restored = await runAdmin(['restore', file], { env: { DATABASE_URL: targetUrl } });
      expect(restored.err).toBe('');
      expect(restored.out).toMatch(/^ +college_media +3$/m);
      const db = await openPostgres(targetUrl, 1);
      try {
        expect(await pictures(db)).toEqual(expected);
      } finally {
        await db.close();
      }
    }, 180_000);
  });
});
