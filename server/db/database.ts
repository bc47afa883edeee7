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
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: every statement commits together, or none does when it throws. */
  transaction<R>(work: (tx: Queryable) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}
