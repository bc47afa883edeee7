/**
 * The one way the server talks to its database. Two adapters implement it: PGlite (an embedded Postgres in a
 * file under ./data, the default) and PostgreSQL (`DATABASE_URL`). SQL written against it must run on
 * PostgreSQL 15 and on PGlite: plain SQL with `$1` placeholders, nothing newer than 15.
 *
 * Both adapters return rows as plain objects with the same value types: integers (including `bigint` and
 * `count(*)`) as numbers, `timestamptz` as Date, `numeric` as string, `jsonb` parsed.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * True on PGlite: one connection, and a transaction holds it to the end, so no two transactions ever interleave
   * and advisory locks have nothing to order (the rate limiter skips them there).
   */
  readonly serialized?: boolean;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: every statement commits together, or none does when it throws. */
  transaction<R>(work: (tx: Queryable) => Promise<R>): Promise<R>;
  /**
   * PostgreSQL only: hears `NOTIFY` on `channel` over a connection of its own, reconnecting by itself. `down` is
   * called whenever notifications may have been missed (the connection failed, or listening stopped); `up` once
   * listening (again). Returns a function that stops listening; `close()` stops it too.
   */
  listen?(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** PostgreSQL only: the connection pool's numbers now (the metrics read them at each scrape). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * PGlite only: its data folder as a gzipped tar (what `new PGlite(dir, { loadDataDir })` reads back), taken
   * between two transactions: a consistent backup while the server keeps running (server/db/backup.ts).
   */
  snapshot?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  notify(payload: string): void;
  up(): void;
  down(): void;
}

/**
 * A database that is still opening (start-up): every call waits for `ready`, then goes straight to the opened
 * database. The server listens meanwhile, so pages that need no data answer at once.
 */
export function deferredDatabase(ready: Promise<Database>, kind: Database['kind']): Database {
  let db: Database | null = null;
  const opened = ready.then((value) => {
    db = value;
    return value;
  });
  // The caller reports a failed open; this promise must not be an unhandled rejection of its own.
  opened.catch(() => {});
  return {
    kind,
    query: (sql, params) => (db ? db.query(sql, params) : opened.then((value) => value.query(sql, params))),
    exec: (sql) => (db ? db.exec(sql) : opened.then((value) => value.exec(sql))),
    transaction: (work) => (db ? db.transaction(work) : opened.then((value) => value.transaction(work))),
    ...(kind === 'postgres' && {
      listen: async (channel: string, handlers: ListenHandlers) => {
        const value = db ?? (await opened);
        return value.listen ? value.listen(channel, handlers) : async () => {};
      },
      poolStats: () => db?.poolStats?.() ?? { total: 0, idle: 0, waiting: 0, max: 0 },
    }),
    ...(kind === 'pglite' && {
      snapshot: async () => {
        const value = db ?? (await opened);
        if (!value.snapshot) throw new Error('This database cannot take a snapshot of itself.');
        return value.snapshot();
      },
    }),
    close: () => (db ? db.close() : opened.then((value) => value.close())),
  };
}
