/**
 * Applies `migrations/NNN_name.sql` in order, each in its own transaction, recorded in `schema_migrations`, once
 * across processes (advisory lock). An applied file never runs again: change the schema with a new file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { log } from '../ops/log';
import type { Database } from './database';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
/** An arbitrary constant naming this application's migration lock. */
const LOCK_KEY = 7_302_551;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = /^(\d+)_([\w-]+)\.sql$/.exec(file);
      if (!match) throw new Error(`Migration file "${file}" must be named like 001_name.sql`);
      return { version: Number(match[1]), name: match[2], sql: readFileSync(join(dir, file), 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i].version === migrations[i - 1].version)
      throw new Error(`Two migrations share number ${migrations[i].version}`);
  }
  return migrations;
}

/** Applies the migrations not yet applied (each logged with its duration); returns their versions. */
export async function migrate(db: Database, migrations = readMigrations()): Promise<number[]> {
  const started = performance.now();
  const applied = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.query(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      (await tx.query<{ version: number }>('select version from schema_migrations')).map((row) => row.version),
    );
    const ran: { version: number; name: string; ms: number }[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      const begun = performance.now();
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      ran.push({ version: migration.version, name: migration.name, ms: elapsedMs(begun) });
    }
    return ran;
  });
  for (const { version, name, ms } of applied)
    log.info(
      { migration: name, version, ms },
      `[db] migration ${String(version).padStart(3, '0')}_${name} applied in ${ms} ms`,
    );
  if (applied.length)
    log.info({ migrations: applied.length, ms: elapsedMs(started) }, `[db] ${applied.length} migrations applied`);
  return applied.map((migration) => migration.version);
}

const elapsedMs = (since: number) => Math.round((performance.now() - since) * 10) / 10;
