/**
 * The embedded database: PGlite (Postgres compiled to WebAssembly) in a folder on disk, or in memory for tests.
 * PGlite has a single connection; it queues statements itself and `transaction()` holds the connection for
 * the whole transaction, so concurrent requests never interleave inside one.
 */
import type { PGlite } from '@electric-sql/pglite';
import { countQueryError } from '../metrics';
import { takeDataDir } from './data-lock';
import type { Database, Queryable } from './database';

/**
 * Opens the embedded database in `dataDir` (in memory without one). `unlock` is the lock `takeDataDir` already
 * took (the server takes it first thing at start-up); without it the lock is taken here.
 */
export async function openPGlite(dataDir?: string, taken?: { unlock: () => void }): Promise<Database> {
  let unlock = () => {};
  if (dataDir) {
    // Refuses a second server on the same folder before it touches the files (data-lock.ts).
    unlock = taken?.unlock ?? takeDataDir(dataDir);
  }
  // Loaded here, not at the top: the compiled server (one file) would otherwise load it with PostgreSQL too.
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dataDir);
  try {
    await db.waitReady;
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
