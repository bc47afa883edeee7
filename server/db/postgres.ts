/**
 * PostgreSQL (15 or newer, or any Postgres-wire database) through a `pg` connection pool, for running several
 * server processes against one database.
 */
import type { Pool } from 'pg';
import { log } from '../log';
import type { Database, Queryable } from './database';

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  // Loaded here, not at the top: the compiled server (one file) would otherwise load it with PGlite too.
  const { default: pg } = await import('pg');
  // Match PGlite: 64-bit integers (ids, count(*)) as numbers. Values above 2^53 do not occur in this schema.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const pool: Pool = new pg.Pool({ connectionString, max: poolSize });
  // Fail at start-up, with the server's own message, when the database cannot be reached.
  await pool.query('select 1');
  pool.on('error', (error) => log.error({ err: error }, '[db] idle client error'));
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params: readonly unknown[] = []) =>
      (await pool.query(sql, params as unknown[])).rows as T[],
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const tx: Queryable = {
          query: async <T>(sql: string, params: readonly unknown[] = []) =>
            (await client.query(sql, params as unknown[])).rows as T[],
          exec: async (sql) => {
            await client.query(sql);
          },
        };
        const result = await work(tx);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
