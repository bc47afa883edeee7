/**
 * `npm run admin -- backup FILE | restore FILE` (docs/decisions/030-backups-and-the-move-to-postgresql.md): PGlite's
 * folder as a gzipped tar (`Database.snapshot`), restored into a folder or copied into PostgreSQL (./copy.ts); or
 * `pg_dump --format=custom` and `pg_restore`. Files are written 0600 (password hashes, sessions) under a temporary
 * name first, so a file by the given name is always a complete backup.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { copyDatabase, nonEmptyTables, rowCount, type TableCount, TargetNotEmptyError, tableCounts } from './copy';
import { takeDataDir } from './data-lock';
import type { Database } from './database';
import { migrate } from './migrate';

export { TargetNotEmptyError };

/** Refusals the operator can act on (file exists, wrong kind of backup, target not empty): exit code 1. */
export class BackupRefusal extends Error {}

export type BackupKind = 'pglite' | 'pg_dump';

/** What a backup file is, from its first bytes: PGlite's gzipped tar, or pg_dump's custom format. */
export function backupKind(file: string): BackupKind {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new BackupRefusal(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  const head = Buffer.alloc(5);
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
  throw new BackupRefusal(`${file} is not a backup made by npm run admin -- backup (neither PGlite's nor pg_dump's).`);
}

/** Runs `write` on a 0600 temporary sibling of `file`, then renames it into place; an existing `file` needs `replace`. */
async function writeBackup(file: string, replace: boolean, write: (fd: number) => Promise<void>): Promise<void> {
  if (existsSync(file) && !replace)
    throw new BackupRefusal(`${file} exists already: choose a new name, or add --replace to replace it.`);
  const temporary = `${file}.partial-${process.pid}`;
  let fd: number;
  try {
    fd = openSync(temporary, 'wx', 0o600);
  } catch (error) {
    throw new BackupRefusal(`Cannot write ${temporary}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  try {
    await write(fd);
    fsyncSync(fd);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  } finally {
    closeSync(fd);
  }
}

export interface BackupResult {
  kind: BackupKind;
  bytes: number;
  /** How long the database was busy with the backup (PGlite: writes waited this long at most). */
  ms: number;
}

/** Writes a backup of `db` (the embedded database) to `file`. */
export async function backupPGlite(db: Database, file: string, replace = false): Promise<BackupResult> {
  const { snapshot } = db;
  if (!snapshot) throw new Error('Only the embedded database is backed up this way; PostgreSQL uses pg_dump.');
  const started = performance.now();
  let ms = 0;
  await writeBackup(file, replace, async (fd) => {
    const bytes = await snapshot.call(db);
    ms = Math.round(performance.now() - started);
    writeSync(fd, bytes);
  });
  return { kind: 'pglite', bytes: statSync(file).size, ms };
}

/** Runs a PostgreSQL client program; rejects with its error output when it fails. */
async function runClient(program: string, args: string[], stdout: number | 'ignore' = 'ignore'): Promise<void> {
  const child = spawn(program, args, { stdio: ['ignore', stdout, 'pipe'] });
  let errors = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
  });
  const [code] = await once(child, 'exit').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    throw new BackupRefusal(
      `${program} is not installed: install the PostgreSQL client (Debian: apt-get install postgresql-client).`,
    );
  });
  if (code !== 0) throw new Error(`${program} failed (exit code ${code}): ${errors.trim().slice(0, 2000)}`);
}

/** Writes `pg_dump --format=custom` of the PostgreSQL database `url` to `file`. */
export async function backupPostgres(url: string, file: string, replace = false): Promise<BackupResult> {
  const started = performance.now();
  await writeBackup(file, replace, (fd) =>
    runClient('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${url}`], fd),
  );
  return { kind: 'pg_dump', bytes: statSync(file).size, ms: Math.round(performance.now() - started) };
}

export interface RestoreResult {
  /** Rows per table in the restored database. */
  tables: TableCount[];
  /** Where the folder that was replaced went (restore into a non-empty folder with `replace`). */
  movedAside?: string;
}

/**
 * Restores a PGlite backup into the folder `dataDir`, which must be missing or empty unless `replace` (then the
 * old folder is renamed `<folder>.before-restore-<time>`, never deleted). Refused while a server holds it.
 */
export async function restoreIntoFolder(file: string, dataDir: string, replace = false): Promise<RestoreResult> {
  if (backupKind(file) !== 'pglite')
    throw new BackupRefusal(
      `${file} is a PostgreSQL backup (pg_dump): restore it into PostgreSQL (set DATABASE_URL), not into a folder.`,
    );
  let movedAside: string | undefined;
  if (existsSync(dataDir) && readdirSync(dataDir).length) {
    // A running server holds the lock: this refuses with its pid before anything is moved.
    takeDataDir(dataDir)();
    if (!replace)
      throw new BackupRefusal(
        `The database folder ${dataDir} is not empty: restore into a new folder (DATA_DIR), or add --replace to ` +
          'move the current one aside (it is renamed, not deleted).',
      );
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, movedAside);
  }
  const unlock = takeDataDir(dataDir);
  const { openPGlite } = await import('./pglite');
  const db = await openPGlite(dataDir, { unlock }, { loadDataDir: new Blob([readFileSync(file)]) });
  try {
    await migrate(db);
    return { tables: await tableCounts(db), movedAside };
  } finally {
    await db.close();
  }
}

/**
 * Restores a backup into the PostgreSQL database `url`: a PGlite backup through an in-memory PGlite and a
 * table-by-table copy (the target gets the migrations first), a pg_dump file with pg_restore. A target with
 * rows (or, for pg_restore, with tables) is refused unless `replace`.
 */
export async function restoreIntoPostgres(file: string, url: string, replace = false): Promise<RestoreResult> {
  const kind = backupKind(file);
  const { openPostgres } = await import('./postgres');
  if (kind === 'pglite') {
    const { openPGlite } = await import('./pglite');
    const source = await openPGlite(undefined, undefined, { loadDataDir: new Blob([readFileSync(file)]) });
    try {
      await migrate(source);
      const target = await openPostgres(url, 2);
      try {
        await migrate(target);
        const result = await copyDatabase(source, target, { replace });
        return { tables: result.tables };
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
  }
  const target = await openPostgres(url, 2);
  try {
    const tables = await target.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = current_schema()`,
    );
    if (tables.length && !replace) {
      const filled = await nonEmptyTables(target).catch(() => []);
      throw new TargetNotEmptyError(
        `The target database already has ${tables.length} tables${filled.length ? ` (${filled.map((t) => `${t.table}: ${rowCount(t.rows)}`).join(', ')})` : ''}. ` +
          'Restore into a new database (createdb), or add --replace to replace what is there.',
      );
    }
    await runClient('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      ...(tables.length ? ['--clean', '--if-exists'] : []),
      `--dbname=${url}`,
      file,
    ]);
    await migrate(target);
    return { tables: await tableCounts(target) };
  } finally {
    await target.close();
  }
}
