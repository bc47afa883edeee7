// @vitest-environment node
/**
 * DATABASE_POOL_SIZE reaches the pg pool: with a pool of 2, six slow queries at once never hold more than two
 * connections to the database (PostgreSQL only: skipped without TEST_DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './open';

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `portal_pool_${randomBytes(6).toString('hex')}`;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('the PostgreSQL pool size', () => {
  beforeAll(() => admin((client) => client.query(`create database ${name}`)));
  afterAll(() => admin((client) => client.query(`drop database if exists ${name} with (force)`)));

  it('opens at most DATABASE_POOL_SIZE connections', async () => {
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString(), databasePoolSize: 2, dataDir: '' });
    try {
      const connections = () =>
        admin(async (client) => {
          const rows = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          return rows.rows[0].n as number;
        });
      const slow = Array.from({ length: 6 }, () => db.query('select pg_sleep(0.3)'));
      const seen: number[] = [];
      for (let i = 0; i < 5; i++) {
        seen.push(await connections());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await Promise.all(slow);
      expect(Math.max(...seen)).toBe(2);
    } finally {
      await db.close();
    }
  });
});
