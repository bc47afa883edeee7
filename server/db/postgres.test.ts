// @vitest-environment node
/**
 * DATABASE_POOL_SIZE reaches the pg pool: with a pool of 2, six slow queries at once never hold more than two
 * connections to the database; `listen` hears notifications and listens again after losing its connection
 * (PostgreSQL only: skipped without TEST_DATABASE_URL).
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

describe.skipIf(!serverUrl)('LISTEN on PostgreSQL', () => {
  const listenDb = `portal_listen_${randomBytes(6).toString('hex')}`;
  beforeAll(() => admin((client) => client.query(`create database ${listenDb}`)));
  afterAll(() => admin((client) => client.query(`drop database if exists ${listenDb} with (force)`)));

  const until = async (done: () => boolean, ms: number) => {
    const started = Date.now();
    while (!done() && Date.now() - started < ms) await new Promise((resolve) => setTimeout(resolve, 20));
    return done();
  };

  it('hears notifications on a connection of its own, says when it lost it, and listens again by itself', async () => {
    const url = new URL(serverUrl as string);
    url.pathname = `/${listenDb}`;
    const db = await openDatabase({ databaseUrl: url.toString(), databasePoolSize: 2, dataDir: '' });
    const heard: string[] = [];
    const states: string[] = [];
    try {
      const stop = await db.listen?.('portal_test_channel', {
        notify: (payload) => heard.push(payload),
        up: () => states.push('up'),
        down: () => states.push('down'),
      });
      expect(states).toEqual(['up']);
      await db.query(`select pg_notify('portal_test_channel', 'one')`);
      expect(await until(() => heard.includes('one'), 2000)).toBe(true);

      // The listening session is ended from outside (a database restart, a network cut).
      await admin((client) =>
        client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'listen %'`,
          [listenDb],
        ),
      );
      expect(await until(() => states.length >= 3, 5000)).toBe(true);
      expect(states).toEqual(['up', 'down', 'up']);
      await db.query(`select pg_notify('portal_test_channel', 'two')`);
      expect(await until(() => heard.includes('two'), 2000)).toBe(true);

      await stop?.();
      expect(states.at(-1)).toBe('down');
      await db.query(`select pg_notify('portal_test_channel', 'three')`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual(['one', 'two']);
    } finally {
      await db.close();
    }
  });
});
