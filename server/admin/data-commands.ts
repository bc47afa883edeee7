/**
 * `backup FILE`, `restore FILE` and `copy-to-postgres URL` (docs/decisions/030-backups-and-the-move-to-postgresql.md),
 * run like the other commands inside the running server or in the command's own process.
 */
import { resolve } from 'node:path';
import { readSettings } from '../config/settings';
import { BackupRefusal, backupPGlite, backupPostgres, restoreIntoFolder, restoreIntoPostgres } from '../db/backup';
import { copyDatabase, type TableCount, TargetNotEmptyError } from '../db/copy';
import type { Database } from '../db/database';
import { PROJECT_ROOT } from '../ops/paths';

export const DATA_COMMANDS = ['backup', 'restore', 'copy-to-postgres'] as const;

export const DATA_USAGE = `  backup FILE [--replace]
      Write a consistent backup of the database to FILE (mode 0600) while the server keeps running. The embedded
      database: PGlite's dump of its folder, taken by the running server (writes wait while it is read, well
      under a second for a small site). PostgreSQL (DATABASE_URL): pg_dump --format=custom.
  restore FILE [--replace]
      Restore a backup into the configured database, with the server stopped: into DATA_DIR (which must be
      missing or empty; --replace moves a non-empty folder aside) or, with DATABASE_URL, into PostgreSQL (which
      must be empty; --replace empties it). An embedded-database backup can be restored into PostgreSQL.
  copy-to-postgres URL [--replace]
      Copy everything from the embedded database (DATA_DIR) into the empty PostgreSQL database URL, in one
      transaction, and print the rows copied per table. Then set DATABASE_URL=URL and restart the server.
      A target with rows is refused (--replace empties it first).`;

export interface DataIo {
  out: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** The running server's database, when the command runs inside it. */
  db?: Database;
  /** Opens the server's embedded database when no server holds it (commands.ts). */
  openEmbedded(): Promise<Database>;
}

/** A PostgreSQL URL with its password hidden, for printing. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(the URL given)';
  }
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function printCounts(out: (line: string) => void, tables: TableCount[]) {
  const width = Math.max(...tables.map((t) => t.table.length), 5);
  for (const { table, rows } of tables) out(`  ${table.padEnd(width)} ${String(rows).padStart(8)}`);
  out(`  ${'total'.padEnd(width)} ${String(tables.reduce((sum, t) => sum + t.rows, 0)).padStart(8)}`);
}

export async function runDataCommand(
  command: (typeof DATA_COMMANDS)[number],
  argument: string | undefined,
  replace: boolean,
  io: DataIo,
): Promise<void> {
  const settings = readSettings({ NODE_ENV: 'production', ...io.env });
  const what = command === 'copy-to-postgres' ? 'URL' : 'FILE';
  if (!argument) throw new BackupRefusal(`"${command}" needs a ${what}. See: npm run admin -- help`);
  const postgres = io.db ? io.db.kind === 'postgres' : Boolean(settings.databaseUrl);
  switch (command) {
    case 'backup': {
      const file = resolve(argument);
      if (postgres) {
        if (!settings.databaseUrl) throw new BackupRefusal('DATABASE_URL is not set.');
        const result = await backupPostgres(settings.databaseUrl, file, replace);
        io.out(
          `Backed up PostgreSQL (pg_dump, custom format) to ${file}: ${megabytes(result.bytes)} in ${result.ms} ms.`,
        );
      } else {
        const db = io.db ?? (await io.openEmbedded());
        try {
          const result = await backupPGlite(db, file, replace);
          io.out(
            `Backed up the embedded database to ${file}: ${megabytes(result.bytes)}; writes waited ${result.ms} ms at most.`,
          );
        } finally {
          if (!io.db) await db.close();
        }
      }
      io.out(`The file is readable by this user only (0600). Restore it with: npm run admin -- restore ${file}`);
      return;
    }
    case 'restore': {
      if (io.db)
        throw new BackupRefusal(
          'The server is running on this database: stop it first (a restore replaces the database it has open), ' +
            'run the restore, then start it again.',
        );
      const file = resolve(argument);
      if (settings.databaseUrl) {
        const result = await restoreIntoPostgres(file, settings.databaseUrl, replace);
        io.out(`Restored ${file} into PostgreSQL ${displayUrl(settings.databaseUrl)}. Rows per table:`);
        printCounts(io.out, result.tables);
      } else {
        const dataDir = resolve(PROJECT_ROOT, settings.dataDir);
        const result = await restoreIntoFolder(file, dataDir, replace);
        if (result.movedAside) io.out(`The folder that was there is now ${result.movedAside}.`);
        io.out(`Restored ${file} into ${dataDir} (folders 0700, files 0600). Rows per table:`);
        printCounts(io.out, result.tables);
      }
      io.out('Start the server again (npm start, or npm run serve).');
      return;
    }
    case 'copy-to-postgres': {
      if (!/^postgres(ql)?:\/\//.test(argument))
        throw new BackupRefusal(
          `"${displayUrl(argument)}" is not a PostgreSQL URL (postgres://user:password@host/db).`,
        );
      if (postgres)
        throw new BackupRefusal(
          'The server already uses PostgreSQL (DATABASE_URL): copy-to-postgres copies from the embedded database. ' +
            'To copy one PostgreSQL database to another, use backup and restore.',
        );
      const source = io.db ?? (await io.openEmbedded());
      try {
        const { openPostgres } = await import('../db/postgres');
        const { migrate } = await import('../db/migrate');
        const target = await openPostgres(argument, 2);
        try {
          await migrate(target);
          const result = await copyDatabase(source, target, { replace });
          io.out(`Copied the embedded database into ${displayUrl(argument)}, in one transaction. Rows per table:`);
          printCounts(io.out, result.tables);
          io.out(`Sequences set: ${result.sequences}.`);
          io.out(`Next: stop the server, set DATABASE_URL=${displayUrl(argument)} and start it again.`);
        } finally {
          await target.close();
        }
      } finally {
        if (!io.db) await source.close();
      }
      return;
    }
  }
}

/** Whether `error` is a refusal the operator acts on (printed as it is, without "The command failed"). */
export function isRefusal(error: unknown): boolean {
  return error instanceof BackupRefusal || error instanceof TargetNotEmptyError;
}
