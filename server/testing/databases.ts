/**
 * Server tests run against every database the project supports: PGlite in memory (always) and a real
 * PostgreSQL server when `TEST_DATABASE_URL` names one (`npm test` starts a local one when PostgreSQL is
 * installed; `.ci/run` installs it). Each suite gets its own fresh database with the migrations applied, and
 * every table is emptied before each test.
 *
 *   describeDatabases('login', (getDb) => { it('...', async () => { const db = getDb(); ... }); });
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPGlite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { forgetTickets } from '../scan-login/tickets';

interface Backend {
  name: 'pglite' | 'postgres';
  open(): Promise<{ db: Database; dispose(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'pglite',
    async open() {
      const db = await openPGlite();
      return { db, dispose: () => db.close() };
    },
  },
];

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  backends.push({
    name: 'postgres',
    async open() {
      // A database of its own per suite, dropped afterwards, so suites may run in parallel.
      const scratch = await scratchDatabase();
      const db = await openPostgres(scratch.url, 4);
      return {
        db,
        async dispose() {
          await db.close();
          await scratch.drop();
        },
      };
    },
  });
}

export interface ScratchDatabase {
  name: string;
  /** Its address on the TEST_DATABASE_URL server. */
  url: string;
  /** Drops it, with whatever connections are still open to it. */
  drop(): Promise<void>;
}

/** Runs `sql` on the TEST_DATABASE_URL server's own database (to create or drop another). */
async function onServer(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A new empty database `<prefix>_<random>` on the TEST_DATABASE_URL server (no migrations applied), for a test that
 * needs one beside describeDatabases' (two processes on one database, a restore target). Throws when no server is
 * configured.
 */
export async function scratchDatabase(prefix = 'portal_test'): Promise<ScratchDatabase> {
  if (!serverUrl) throw new Error('scratchDatabase needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

/** The backends the tests run on, by name ("pglite", and "postgres" when a server is configured). */
export const testBackends = backends.map((backend) => backend.name);

/** Empties every application table (not the migration record), restarting identity sequences. */
export async function resetDatabase(db: Database): Promise<void> {
  const tables = await db.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables
      where schemaname = current_schema() and tablename <> 'schema_migrations'`,
  );
  if (tables.length) await db.exec(`truncate ${tables.map((t) => t.name).join(', ')} restart identity cascade`);
  // What this process remembers of the emptied tables goes with them.
  forgetTickets();
}

export function describeDatabases(title: string, define: (getDb: () => Database) => void): void {
  for (const backend of backends) {
    describe(`${title} [${backend.name}]`, () => {
      let handle: Awaited<ReturnType<Backend['open']>> | undefined;
      beforeAll(async () => {
        handle = await backend.open();
        await migrate(handle.db);
      }, 60_000);
      beforeEach(async () => {
        if (handle) await resetDatabase(handle.db);
      });
      afterAll(async () => {
        await handle?.dispose();
      });
      define(() => {
        if (!handle) throw new Error('The test database is not open yet');
        return handle.db;
      });
    });
  }
}
