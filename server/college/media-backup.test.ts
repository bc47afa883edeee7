// @vitest-environment node
/**
 * The college's pictures live in the database (college_media): a backup and a restore carry them byte for byte,
 * whichever way they go (`npm run admin -- backup` of the embedded database restored into a folder or into
 * PostgreSQL, copy-to-postgres, pg_dump and pg_restore), and the portal on the restored database serves them. One
 * of the pictures is nearly 5 MB (its original and WebP cross the copy as JSON text). The PostgreSQL parts are
 * skipped (and reported as skipped) without TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES, type mediaData } from '../../shared/contract/console-articles';
import { main } from '../admin/commands';
import { createApp } from '../app';
import { readSettings } from '../config/settings';
import { copyDatabase } from '../db/copy';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPGlite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { consoleHarness } from '../testing/console-harness';
import { pictureFixture, rotatedJpegFixture, uploadPicture } from '../testing/media-fixtures';

type Media = ReturnType<typeof mediaData.parse>;

const serverUrl = process.env.TEST_DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'portal-media-backup-'));
const databases: string[] = [];

interface MediaRow {
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

/** Every column of every picture, the bytes as hex (so a comparison says where they differ). */
async function pictures(db: Database) {
  const rows = await db.query<MediaRow>('select * from college_media order by id');
  return rows.map((row) => ({
    ...row,
    original: Buffer.from(row.original).toString('hex'),
    webp: Buffer.from(row.webp).toString('hex'),
    created_at: row.created_at.toISOString(),
  }));
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function newDatabase(): Promise<string> {
  const name = `portal_media_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  databases.push(name);
  const url = new URL(serverUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

async function run(args: string[], options: { db?: Database; env?: NodeJS.ProcessEnv } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    db: options.db,
    env: options.env ?? {},
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** What the portal on `db` answers for a picture's address: status and bytes. */
async function served(db: Database, path: string) {
  const app = createApp({
    settings: readSettings({ NODE_ENV: 'production' }),
    api: { db, now: () => new Date() },
    getRenderer: async () => ({ renderPage: async () => new Response('page', { status: 200 }) }),
    getManifest: async () => undefined,
  });
  const res = await app.request(`http://localhost:3030${path}`, { headers: { host: 'localhost:3030' } });
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
  const made = await run(['backup', backupFile], { db: source });
  expect(made.err).toBe('');
}, 120_000);

afterAll(async () => {
  await source?.close();
  rmSync(dir, { recursive: true, force: true });
  if (serverUrl)
    for (const name of databases) await admin((client) => client.query(`drop database if exists ${name} with (force)`));
});

describe('pictures in backups', () => {
  it('a backup of the embedded database restored into a new folder has every picture byte for byte', async () => {
    const target = join(dir, 'restored');
    const restored = await run(['restore', backupFile], { env: { DATA_DIR: target } });
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
        await from.query(
          `insert into college_media (id, type, width, height, bytes, original, webp, webp_width, webp_height)
           values (substr(md5($1::text) || md5($1::text), 1, 32), 'image/png', 1, 1, $2, $3, $4, 1, 1)`,
          [String(i), original.length, original, webp],
        );
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
      const restored = await run(['restore', backupFile], { env: { DATABASE_URL: restoredUrl } });
      expect(restored.err).toBe('');
      expect(restored.out).toMatch(/^ +college_media +3$/m);
      const copiedUrl = await newDatabase();
      const copied = await run(['copy-to-postgres', copiedUrl], { db: source });
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
      const copied = await run(['copy-to-postgres', sourceUrl], { db: source });
      expect(copied.err).toBe('');
      const file = join(dir, 'pg.backup');
      const made = await run(['backup', file], { env: { DATABASE_URL: sourceUrl } });
      expect(made.err).toBe('');
      const targetUrl = await newDatabase();
      const restored = await run(['restore', file], { env: { DATABASE_URL: targetUrl } });
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
