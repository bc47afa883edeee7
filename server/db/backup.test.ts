// @vitest-environment node
/**
 * Backups and restores through `npm run admin` (its main function, as the control socket runs it inside a
 * server): the embedded database's folder is private (0700 folders, 0600 files, where PGlite writes 0666), a
 * backup is written 0600 and never over an existing file, it restores into an empty folder (not into a
 * non-empty one unless --replace, which moves the old one aside) and, with PostgreSQL, into an empty database;
 * a pg_dump backup of PostgreSQL restores with pg_restore. The PostgreSQL parts are skipped (and reported as
 * skipped) without TEST_DATABASE_URL.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../testing/admin-cli';
import { type ScratchDatabase, scratchDatabase } from '../testing/databases';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPGlite } from './pglite';
import { openPostgres } from './postgres';

const serverUrl = process.env.TEST_DATABASE_URL;
const folders: string[] = [];

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
  folders.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const scratches: ScratchDatabase[] = [];

/** A new empty PostgreSQL database, dropped after the file. */
async function newDatabase(): Promise<string> {
  const scratch = await scratchDatabase('portal_backup');
  scratches.push(scratch);
  return scratch.url;
}

afterAll(async () => {
  for (const scratch of scratches.splice(0)) await scratch.drop();
});

/** Modes (as octal strings) of everything under `dir`, counted: {"700": 27, "600": 977}. */
function modes(dir: string): Record<string, number> {
  const seen: Record<string, number> = {};
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSocket()) return;
    const mode = (stat.mode & 0o777).toString(8);
    seen[mode] = (seen[mode] ?? 0) + 1;
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return seen;
}

async function addUsers(db: Database, phones: string[]) {
  for (const phone of phones)
    await db.query(
      `insert into users (tenant_id, country_code, phone, nickname, password_hash, channel_id, client_id, registe_info,
                          created_ip, created_at, password_changed_at)
       values (14, 1, $1, $2, 'x', 2, 'morestores', '{}', '127.0.0.1', now(), now())`,
      [phone, `seller ${phone.slice(-4)}`],
    );
}

const phonesOf = async (db: Database) =>
  (await db.query<{ phone: string }>('select phone from users order by phone')).map((row) => row.phone);

describe('the embedded database folder', () => {
  it('is readable by its owner only: folders 0700, files 0600', async () => {
    const dataDir = join(folder(), 'pglite');
    const db = await openPGlite(dataDir);
    try {
      await migrate(db);
      const found = modes(dataDir);
      expect(Object.keys(found).sort()).toEqual(['600', '700']);
      expect(found['600']).toBeGreaterThan(500);
      // A backup of a folder on disk: the server's tar of it, without the server's own lock file.
      const file = join(dataDir, '..', 'disk.backup');
      expect((await runAdmin(['backup', file], { db })).code).toBe(0);
      const tar = gunzipSync(readFileSync(file)).toString('latin1');
      expect(tar).toContain('PG_VERSION');
      expect(tar).toContain('base/');
      expect(existsSync(join(dataDir, 'portal.lock'))).toBe(true);
      expect(tar).not.toContain('portal.lock');
    } finally {
      await db.close();
    }
  }, 90_000);
});

describe('backup and restore of the embedded database', () => {
  it('backs up while the database is open, refuses to overwrite, and restores into an empty folder', async () => {
    const dir = folder();
    // In memory: a snapshot is the same whether PGlite keeps its files on disk or not.
    const db = await openPGlite();
    const file = join(dir, 'portal.backup');
    try {
      await migrate(db);
      await addUsers(db, ['13800138001', '13800138002']);
      const made = await runAdmin(['backup', file], { db });
      expect(made.err).toBe('');
      expect(made.out).toMatch(/^Backed up the embedded database to .*portal\.backup: [\d.]+ MB; writes waited \d+ ms/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect((await runAdmin(['backup', join(dir, 'before-third.backup')], { db })).code).toBe(0);
      // Written after the backup: not in it.
      await addUsers(db, ['13800138003']);
      const again = await runAdmin(['backup', file], { db });
      expect(again.code).toBe(1);
      expect(again.err).toMatch(/exists already: choose a new name, or add --replace/);
      expect((await runAdmin(['backup', file, '--replace'], { db })).code).toBe(0);
      expect(readdirSync(dir).sort()).toEqual(['before-third.backup', 'portal.backup']);
    } finally {
      await db.close();
    }

    // A restore while a server runs (the command reaches it through its socket) is refused.
    const live = await openPGlite();
    expect((await runAdmin(['restore', file], { db: live })).err).toMatch(/The server is running on this database/);
    await live.close();

    const target = join(dir, 'restored');
    const restored = await runAdmin(['restore', file], { env: { DATA_DIR: target } });
    expect(restored.err).toBe('');
    expect(restored.out).toMatch(/^ +users +3$/m);
    expect(Object.keys(modes(target)).sort()).toEqual(['600', '700']);
    const reopened = await openPGlite(target);
    expect(await phonesOf(reopened)).toEqual(['13800138001', '13800138002', '13800138003']);
    await reopened.close();

    // Into a folder with a database: refused, unless --replace (then the old folder is kept under a new name).
    const older = join(dir, 'before-third.backup');
    const refused = await runAdmin(['restore', older], { env: { DATA_DIR: target } });
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/is not empty: restore into a new folder \(DATA_DIR\), or add --replace/);
    const replaced = await runAdmin(['restore', older, '--replace'], { env: { DATA_DIR: target } });
    expect(replaced.err).toBe('');
    const aside = /now (\S+)\.$/m.exec(replaced.out)?.[1] as string;
    expect(aside).toContain('restored.before-restore-');
    expect(existsSync(join(aside, 'PG_VERSION'))).toBe(true);
    expect(replaced.out).toMatch(/^ +users +2$/m);
  }, 90_000);

  it('refuses what is not a backup, and a file that does not exist', async () => {
    const dir = folder();
    const junk = join(dir, 'junk');
    writeFileSync(junk, 'hello');
    expect((await runAdmin(['restore', junk], { env: { DATA_DIR: join(dir, 'x') } })).err).toMatch(
      /is not a backup made by npm run admin -- backup/,
    );
    expect((await runAdmin(['restore', join(dir, 'nope')], { env: { DATA_DIR: join(dir, 'x') } })).err).toMatch(
      /Cannot read .*nope: ENOENT/,
    );
    mkdirSync(join(dir, 'x'));
    expect((await runAdmin(['backup'], {})).err).toMatch(/needs a FILE/);
  });
});

describe.skipIf(!serverUrl)('backups and PostgreSQL', () => {
  it('restores an embedded-database backup into an empty PostgreSQL database, not into a non-empty one', async () => {
    const dir = folder();
    const db = await openPGlite();
    const file = join(dir, 'portal.backup');
    try {
      await migrate(db);
      await addUsers(db, ['13800138001', '13800138002']);
      expect((await runAdmin(['backup', file], { db })).code).toBe(0);
    } finally {
      await db.close();
    }
    const url = await newDatabase();
    const restored = await runAdmin(['restore', file], { env: { DATABASE_URL: url } });
    expect(restored.err).toBe('');
    expect(restored.out).toMatch(/^ +users +2$/m);
    const target = await openPostgres(url, 1);
    try {
      expect(await phonesOf(target)).toEqual(['13800138001', '13800138002']);
    } finally {
      await target.close();
    }
    const again = await runAdmin(['restore', file], { env: { DATABASE_URL: url } });
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/not empty \(users: 2 rows\)/);
  }, 90_000);

  it('backs PostgreSQL up with pg_dump (0600) and restores it with pg_restore into an empty database', async () => {
    const dir = folder();
    const source = await newDatabase();
    const db = await openPostgres(source, 1);
    try {
      await migrate(db);
      await addUsers(db, ['13900139001']);
    } finally {
      await db.close();
    }
    const file = join(dir, 'pg.backup');
    const made = await runAdmin(['backup', file], { env: { DATABASE_URL: source } });
    expect(made.err).toBe('');
    expect(made.out).toMatch(/pg_dump, custom format/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A pg_dump file restores into PostgreSQL only.
    expect((await runAdmin(['restore', file], { env: { DATA_DIR: join(dir, 'folder') } })).err).toMatch(
      /is a PostgreSQL backup \(pg_dump\): restore it into PostgreSQL/,
    );
    const target = await newDatabase();
    const restored = await runAdmin(['restore', file], { env: { DATABASE_URL: target } });
    expect(restored.err).toBe('');
    expect(restored.out).toMatch(/^ +users +1$/m);
    const again = await runAdmin(['restore', file], { env: { DATABASE_URL: target } });
    expect(again.err).toMatch(/already has \d+ tables \(users: 1 row\)/);
    const opened = await openPostgres(target, 1);
    try {
      expect(await phonesOf(opened)).toEqual(['13900139001']);
    } finally {
      await opened.close();
    }
  }, 60_000);
});
