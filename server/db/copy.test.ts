// @vitest-environment node
/**
 * `npm run admin -- copy-to-postgres URL`: an embedded database with accounts, sessions, a ban, a like and a
 * table added by a later migration is copied into an empty PostgreSQL database; the app on the copy logs every
 * account in with its password, takes an old session token, keeps the ban and the like, and registers a new
 * account (the sequences moved on). A second copy into the now non-empty database is refused and changes
 * nothing. PostgreSQL only: skipped (and reported as skipped) without TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../admin/commands';
import { seedCollege } from '../college/seed';
import { CONTENT_DIR } from '../ops/paths';
import { harness, PASSWORD } from '../testing/accounts-harness';
import { tablesInDependencyOrder } from './copy';
import type { Database } from './database';
import { migrate, readMigrations } from './migrate';
import { openPGlite } from './pglite';
import { openPostgres } from './postgres';

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `portal_copy_${randomBytes(6).toString('hex')}`;
const targetUrl = () => {
  const url = new URL(serverUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A table a later migration adds (as the outbox of the messaging providers does): copied without naming it. */
const LATER = {
  version: 9001,
  name: 'later_table',
  sql: `create table later_notes (
    id bigint generated always as identity primary key,
    user_id bigint not null references users (id) on delete cascade,
    body bytea not null,
    meta jsonb not null,
    shout text generated always as (upper(encode(body, 'escape'))) stored
  );`,
};
const migrations = [...readMigrations(), LATER];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function run(args: string[], db: Database) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (line) => out.push(line), err: (line) => err.push(line), db, env: {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe.skipIf(!serverUrl)('copy-to-postgres', () => {
  let source: Database;
  let target: Database;
  beforeAll(async () => {
    await admin((client) => client.query(`create database ${name}`));
    source = await openPGlite();
    await migrate(source, migrations);
    // The same schema as the source, later table included (the copy applies the shipped migrations only).
    target = await openPostgres(targetUrl(), 2);
    await migrate(target, migrations);
  }, 60_000);
  afterAll(async () => {
    await source?.close();
    await target?.close();
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  });

  it('copies every table and sequence, and the copy serves the same accounts, sessions, bans and likes', async () => {
    await seedCollege(source, join(CONTENT_DIR, 'college'));
    const before = harness(source);
    const phones = ['13800138001', '13800138002', '13800138003', '13800138004'];
    const accounts = [];
    for (const phone of phones) accounts.push({ ...(await before.register(phone)), phone });
    // A ban (through the admin command, as an operator does it) and a like with its visitor cookie.
    expect((await run(['ban', '--phone', phones[3], '--reason', 'spam'], source)).code).toBe(0);
    const [article] = await source.query<{ id: number }>('select id from college_articles order by id limit 1');
    const liked = await before.call(`/v2/college/articles/${article.id}/likes`, { method: 'POST', body: {} });
    expect(liked.status).toBe(200);
    const cookie = /visitor_id=[^;]+/.exec(liked.headers.get('set-cookie') ?? '')?.[0] as string;
    expect(cookie).toBeTruthy();
    await source.query(
      `insert into later_notes (user_id, body, meta) values ($1, '\\x00ff61'::bytea, '{"a": [1, "二"]}')`,
      [accounts[0].userId],
    );

    const copied = await run(['copy-to-postgres', targetUrl()], source);
    expect(copied.err).toBe('');
    expect(copied.code).toBe(0);
    console.log(copied.out);
    // The password of the URL is never printed.
    const password = new URL(serverUrl as string).password;
    if (password) expect(copied.out).not.toContain(`:${password}@`);
    // Every table is listed with the rows it holds on both sides.
    for (const table of await tablesInDependencyOrder(source)) {
      const [{ n }] = await source.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
      const [{ m }] = await target.query<{ m: number }>(`select count(*)::int as m from "${table}"`);
      expect(m, table).toBe(n);
      expect(copied.out).toMatch(new RegExp(`^ +${table} +${n}$`, 'm'));
    }
    expect(copied.out).toMatch(/^ +users +4$/m);
    expect(copied.out).toMatch(/^ +later_notes +1$/m);

    const after = harness(target);
    for (const account of accounts.slice(0, 3)) {
      const login = await after.call<{ userId: number }>('/v2/web/userlogin', {
        body: { phone: account.phone, countryCode: 1, password: PASSWORD },
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect(login.body.data?.userId).toBe(account.userId);
      // The token the registration answered (a session of the old database) is valid on the copy.
      const info = await after.call('/v2/dm_user_base_info', { token: account.Authorization });
      expect(info.status).toBe(200);
    }
    const banned = await after.call('/v2/web/userlogin', {
      body: { phone: phones[3], countryCode: 1, password: PASSWORD },
    });
    expect(banned.body.code).not.toBe(200);
    expect(banned.body.message).toMatch(/封|禁/);
    const likes = await after.call<{ likes: number; liked: boolean }>(`/v2/college/articles/${article.id}/likes`, {
      headers: { cookie },
    });
    expect(likes.body.data).toMatchObject({ likes: 1, liked: true });
    const [note] = await target.query<{ body: Buffer; meta: unknown; shout: string }>(
      'select body, meta, shout from later_notes',
    );
    expect([...note.body]).toEqual([0, 255, 0x61]);
    expect(note.meta).toEqual({ a: [1, '二'] });
    // A new account gets the next id (the identity sequence moved on with the rows).
    const fresh = await after.register('13800138009');
    expect(fresh.userId).toBeGreaterThan(Math.max(...accounts.map((a) => a.userId)));
    const later = await target.query<{ id: number }>(
      `insert into later_notes (user_id, body, meta) values ($1, 'x', '{}') returning id`,
      [fresh.userId],
    );
    expect(later[0].id).toBe(2);

    // The target holds rows now: a second copy is refused and changes nothing.
    const [{ users }] = await target.query<{ users: number }>('select count(*)::int as users from users');
    const again = await run(['copy-to-postgres', targetUrl()], source);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/not empty \(.*users: 5 rows/);
    expect(again.err).toContain('--replace');
    expect((await target.query<{ n: number }>('select count(*)::int as n from users'))[0].n).toBe(users);
  }, 60_000);

  it('refuses a URL that is not PostgreSQL, and a database that already is', async () => {
    const wrong = await run(['copy-to-postgres', 'mysql://x@y/z'], source);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(/is not a PostgreSQL URL/);
    const missing = await run(['copy-to-postgres'], source);
    expect(missing.err).toMatch(/needs a URL/);
    const fromPostgres = await run(['copy-to-postgres', targetUrl()], target);
    expect(fromPostgres.err).toMatch(/already uses PostgreSQL/);
  });
});
