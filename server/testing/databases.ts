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
      const name = `portal_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const db = await openPostgres(url.toString(), 4);
      return {
        db,
        async dispose() {
          await db.close();
          const cleanup = new pg.Client({ connectionString: serverUrl });
          await cleanup.connect();
          await cleanup.query(`drop database if exists ${name} with (force)`);
          await cleanup.end();
        },
      };
    },
  });
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
