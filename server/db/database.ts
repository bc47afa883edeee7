/**
 * The one way the server talks to its database: PGlite (embedded, the default) or PostgreSQL (`DATABASE_URL`).
 * SQL must run on both (PostgreSQL 15, `$1` placeholders); rows come back with the same types from both
 * (integers as numbers, `timestamptz` as Date, `numeric` as string, `jsonb` parsed).
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** True on PGlite: one connection, so transactions never interleave (advisory locks have nothing to order). */
  readonly serialized?: boolean;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: every statement commits together, or none does when it throws. */
  transaction<R>(work: (tx: Queryable) => Promise<R>): Promise<R>;
  /** PostgreSQL only: `LISTEN channel` on a connection of its own (./postgres.ts); returns the stop function. */
  listen?(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** PostgreSQL only: the connection pool's numbers (for the metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** PGlite only: its data folder as a gzipped tar, taken between two transactions (./backup.ts). */
  snapshot?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  notify(payload: string): void;
  up(): void;
  down(): void;
}

/** A database still opening: every call waits for `ready` (the server listens meanwhile). */
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
