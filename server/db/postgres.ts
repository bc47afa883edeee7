/** PostgreSQL (15 or newer) through a `pg` connection pool. */
import type { Pool, PoolClient } from 'pg';
import { log } from '../ops/log';
import { countQueryError } from '../ops/metrics';
import type { Database, ListenHandlers, Queryable } from './database';
import { isDatabaseUnavailable } from './unavailable';

/** A request never hangs on the database: past these the call fails as "unavailable" (503). */
export const CONNECT_TIMEOUT_MS = 5000;
export const QUERY_TIMEOUT_MS = 15_000;

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  // Loaded here, not at the top: the compiled server (one file) would otherwise load it with PGlite too.
  const { default: pg } = await import('pg');
  // Match PGlite: 64-bit integers (ids, count(*)) as numbers. Values above 2^53 do not occur in this schema.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const pool: Pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
  });
  // Fail at start-up, with the server's own message, when the database cannot be reached.
  await pool.query('select 1');
  // An idle connection the database closed (a restart): the pool drops it and opens a new one when needed.
  pool.on('error', (error) => log.warn({ err: error }, '[db] an idle database connection was closed'));
  const listening = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    ...statementsOn(pool),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    async transaction(work) {
      const client = await pool.connect().catch(counted);
      let broken = false;
      // The connection failing between two statements of the transaction: the next statement fails (and the
      // request with it); without a listener the client's 'error' event would end the process.
      const onError = (error: Error) => log.warn({ err: error }, '[db] a database connection failed mid-transaction');
      client.on('error', onError);
      try {
        await client.query('begin');
        const result = await work(statementsOn(client));
        await client.query('commit');
        return result;
      } catch (error) {
        broken = isDatabaseUnavailable(error);
        if (!broken) await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.off('error', onError);
        // A connection that failed is closed rather than handed to the next request.
        client.release(broken);
      }
    },
    async listen(channel, handlers) {
      const stop = await listenOn(pg, connectionString, channel, handlers);
      const stopOnce = async () => {
        if (listening.delete(stopOnce)) await stop();
      };
      listening.add(stopOnce);
      return stopOnce;
    },
    async close() {
      await Promise.all([...listening].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** Statements on the pool, or on a transaction's client; a failure is counted. */
function statementsOn(on: Pool | PoolClient): Queryable {
  return {
    query: async <T>(sql: string, params: readonly unknown[] = []) =>
      (await on.query(sql, params as unknown[]).catch(counted)).rows as T[],
    exec: async (sql) => {
      await on.query(sql).catch(counted);
    },
  };
}

/** Counts a failed statement in the metrics and fails with it. */
function counted(error: unknown): never {
  countQueryError(isDatabaseUnavailable(error) ? 'unavailable' : 'query');
  throw error;
}

/** The first retry after a lost listening connection; doubled after each failed attempt, up to the last. */
const LISTEN_RETRY_MS = [250, 500, 1000, 2000, 5000];

/** `LISTEN channel` on a client of its own, reconnecting; `down` when notifications may be missed, `up` again. */
async function listenOn(
  pg: typeof import('pg').default,
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let current: import('pg').Client | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (stopped) return;
    const delay = LISTEN_RETRY_MS[Math.min(attempt++, LISTEN_RETRY_MS.length - 1)];
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    // A failure is followed by 'end', which reconnects; without a listener 'error' would end the process.
    client.on('error', (error) => log.warn({ err: error }, `[db] the connection listening on ${channel} failed`));
    client.on('end', () => {
      if (current !== client) return;
      current = null;
      handlers.down();
      schedule();
    });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch {
      client.end().catch(() => {});
      schedule();
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    attempt = 0;
    handlers.up();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    handlers.down();
    await client?.end().catch(() => {});
  };
}
