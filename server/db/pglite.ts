/** The embedded database: PGlite (one connection; a transaction holds it) in a folder, or in memory for tests. */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { countQueryError } from '../ops/metrics';
import { LOCK_FILE, takeDataDir } from './data-lock';
import type { Database, Queryable } from './database';
import { tarFolder } from './tar';

/** The running server's files in the data folder (lock, control socket, pid file), left out of a backup. */
const NOT_DATABASE_FILES = new Set([LOCK_FILE, 'portal-admin.sock', 'postmaster.pid']);

/** Opens the embedded database in `dataDir` (in memory without one); `unlock`: the lock taken already. */
export async function openPGlite(
  dataDir?: string,
  taken?: { unlock: () => void },
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  let unlock = () => {};
  if (dataDir) {
    // Refuses a second server on the same folder before it touches the files (data-lock.ts).
    unlock = taken?.unlock ?? takeDataDir(dataDir);
  }
  // Loaded here, not at the top: the compiled server (one file) would otherwise load it with PostgreSQL too.
  const { PGlite } = await import('@electric-sql/pglite');
  // (PGlite reads its options from the first argument when there is no folder.)
  const db = dataDir
    ? new PGlite(dataDir, { loadDataDir: options.loadDataDir })
    : new PGlite({ loadDataDir: options.loadDataDir });
  try {
    await db.waitReady;
    // PGlite writes the files of a new (or loaded) folder with mode 0666, whatever the umask: readable and
    // writable by every local user. Only the server's own user may read accounts and sessions.
    if (dataDir) restrictModes(dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    serialized: true,
    query: async <T>(sql: string, params: readonly unknown[] = []) =>
      (await target.query<T>(sql, params as unknown[]).catch(counted)).rows,
    exec: async (sql) => {
      await target.exec(sql).catch(counted);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    // Inside a transaction (PGlite's one connection): the folder as between two transactions; loading the tar
    // replays the write-ahead log as after a crash.
    snapshot: () =>
      db.transaction(async () =>
        dataDir
          ? tarFolder(dataDir, (path) => NOT_DATABASE_FILES.has(path))
          : new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer()),
      ),
    close: async () => {
      try {
        await db.close();
      } finally {
        unlock();
      }
    },
  };
}

/** Counts a failed statement in the metrics and fails with it (the embedded database is never "unavailable"). */
function counted(error: unknown): never {
  countQueryError('query');
  throw error;
}

/** Folders 0700 and files 0600 under `dir` (and `dir` itself); symbolic links and sockets are left alone. */
export function restrictModes(dir: string): void {
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (stat.isFile() && (stat.mode & 0o777) !== 0o600) chmodSync(path, 0o600);
  };
  walk(dir);
}
