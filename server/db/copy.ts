/**
 * Copies every application table and sequence between two databases with the same migrations (copy-to-postgres,
 * and restoring a PGlite backup into PostgreSQL). Tables, columns and foreign-key order are read from the
 * catalog, so later tables are copied too (docs/decisions/030-backups-and-the-move-to-postgresql.md).
 */
import type { Database, Queryable } from './database';

/** Thrown when the target already holds rows (and `force` was not given); the message says what to do. */
export class TargetNotEmptyError extends Error {}

export interface TableCount {
  table: string;
  rows: number;
}

/** Rows sent to the target per statement (as one JSON array), and the most text one statement carries. */
const BATCH = 500;
const BATCH_CHARS = 32 * 1024 * 1024;
/**
 * Rows read from the source at a time (a cursor): many for narrow tables, few for a table with bytea columns (a
 * picture's row is over 10 MB as JSON text; a whole table of them would not fit in one string).
 */
const FETCH = 500;
const FETCH_WIDE = 4;

export const rowCount = (n: number) => `${n} row${n === 1 ? '' : 's'}`;

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The application's tables (all of the current schema but the migration record), parents before children. */
export async function tablesInDependencyOrder(db: Queryable): Promise<string[]> {
  const tables = (
    await db.query<{ name: string }>(
      `select tablename as name from pg_tables
        where schemaname = current_schema() and tablename <> 'schema_migrations' order by tablename`,
    )
  ).map((row) => row.name);
  const edges = await db.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = current_schema()`,
  );
  const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name);
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set()]));
  for (const edge of edges) {
    const child = unquote(edge.child);
    const parent = unquote(edge.parent);
    // A table referring to itself is ordered within its own copy by nothing here: none does in this schema.
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.filter(
      (table) => !placed.has(table) && [...(parents.get(table) ?? [])].every((p) => placed.has(p)),
    );
    if (!next.length)
      throw new Error(`The foreign keys between ${tables.filter((t) => !placed.has(t)).join(', ')} form a cycle.`);
    for (const table of next) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/**
 * The columns a row copy writes: all but generated ones (the target computes those itself); and whether one of them is
 * a bytea (the table's rows may be large).
 */
async function copiedColumns(db: Queryable, table: string): Promise<{ names: string[]; binary: boolean }> {
  const rows = await db.query<{ name: string; binary: boolean }>(
    `select attname as name, atttypid = 'bytea'::regtype as binary from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [quoteIdent(table)],
  );
  return { names: rows.map((row) => row.name), binary: rows.some((row) => row.binary) };
}

async function appliedMigrations(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ version: number }>('select version from schema_migrations order by version');
  return rows.map((row) => row.version);
}

/** Rows per application table, parents first. */
export async function tableCounts(db: Queryable): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const table of await tablesInDependencyOrder(db)) {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${quoteIdent(table)}`);
    counts.push({ table, rows: row.n });
  }
  return counts;
}

/** Tables of `db` that hold rows, with their counts (empty when the database is empty). */
export const nonEmptyTables = async (db: Queryable) => (await tableCounts(db)).filter((count) => count.rows > 0);

/** Copies all rows and sequence positions, all or nothing; a target with rows is emptied only with `replace`. */
export async function copyDatabase(
  source: Database,
  target: Database,
  options: {
    replace?: boolean;
    /** The most text one insert carries (tests make it small). */
    batchChars?: number;
  } = {},
): Promise<{ tables: TableCount[]; sequences: number }> {
  return source.transaction(async (src) => {
    // PostgreSQL as the source: every read sees the same moment (PGlite's one connection sees it anyway).
    if (source.kind === 'postgres') await src.query('set transaction isolation level repeatable read, read only');
    return target.transaction(async (dst) => {
      const [from, to] = [await appliedMigrations(src), await appliedMigrations(dst)];
      if (from.join(',') !== to.join(','))
        throw new Error(
          `The two databases have different migrations applied (source ${from.join(', ')}; target ${to.join(', ')}): ` +
            'run the same version of the portal on both.',
        );
      const tables = await tablesInDependencyOrder(src);
      const targetTables = new Set(await tablesInDependencyOrder(dst));
      const missing = tables.filter((table) => !targetTables.has(table));
      if (missing.length) throw new Error(`The target has no table ${missing.join(', ')}.`);
      const filled = await nonEmptyTables(dst);
      if (filled.length) {
        if (!options.replace)
          throw new TargetNotEmptyError(
            `The target database is not empty (${filled.map((t) => `${t.table}: ${rowCount(t.rows)}`).join(', ')}). ` +
              'Copy into an empty database (createdb, or drop and recreate it), or add --replace to replace its rows.',
          );
        await dst.exec(`truncate ${[...targetTables].map(quoteIdent).join(', ')} restart identity cascade`);
      }
      const counts: TableCount[] = [];
      for (const table of tables) {
        const columns = await copiedColumns(src, table);
        const list = columns.names.map(quoteIdent).join(', ');
        // PostgreSQL's own text form of each row (row_to_json) is read back by json_populate_recordset on the
        // target: every type (bytea, jsonb, timestamptz, numeric, arrays) goes through unchanged. Read through a
        // cursor and sent in batches bounded in rows and in text, so a table of pictures never is one string.
        const insert = (batch: string[]) =>
          dst.query(
            `insert into ${quoteIdent(table)} (${list}) overriding system value
             select ${list} from json_populate_recordset(null::${quoteIdent(table)}, $1::json)`,
            [`[${batch.join(',')}]`],
          );
        const fetch = columns.binary ? FETCH_WIDE : FETCH;
        await src.query(
          `declare copy_rows no scroll cursor for select row_to_json(t)::text as row from ${quoteIdent(table)} t`,
        );
        let copied = 0;
        let batch: string[] = [];
        let chars = 0;
        for (;;) {
          const rows = await src.query<{ row: string }>(`fetch forward ${fetch} from copy_rows`);
          if (!rows.length) break;
          for (const { row } of rows) {
            if (batch.length && (batch.length >= BATCH || chars + row.length > (options.batchChars ?? BATCH_CHARS))) {
              await insert(batch);
              batch = [];
              chars = 0;
            }
            batch.push(row);
            chars += row.length;
            copied++;
          }
        }
        if (batch.length) await insert(batch);
        await src.query('close copy_rows');
        counts.push({ table, rows: copied });
      }
      // Identity and serial columns: the next value on the target continues after the copied rows.
      const sequences = await src.query<{ name: string }>(
        `select quote_ident(sequencename) as name from pg_sequences where schemaname = current_schema()`,
      );
      for (const { name } of sequences) {
        const [position] = await src.query<{ last_value: string; is_called: boolean }>(
          `select last_value::text as last_value, is_called from ${name}`,
        );
        await dst.query('select setval($1::regclass, $2::bigint, $3)', [name, position.last_value, position.is_called]);
      }
      return { tables: counts, sequences: sequences.length };
    });
  });
}
