/** Opens the database the settings name (PostgreSQL or the PGlite folder) and migrates it. */
import type { Database } from './database';
import { migrate } from './migrate';

export interface DatabaseSettings {
  databaseUrl?: string;
  databasePoolSize?: number;
  dataDir: string;
  /** The folder's lock, when the caller took it already (`takeDataDir`). */
  dataDirLock?: { unlock: () => void };
}

export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  const db = settings.databaseUrl
    ? await (await import('./postgres')).openPostgres(settings.databaseUrl, settings.databasePoolSize)
    : await (await import('./pglite')).openPGlite(settings.dataDir, settings.dataDirLock);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
