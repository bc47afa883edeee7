import { randomBytes } from 'node:crypto';
import type { Queryable } from './database';

/**
 * The install's own secret under `key` in app_settings (`bytes` random bytes as base64url), made on first use: the
 * same for every process, concurrent first uses agree on one, backups carry it.
 */
export async function installSecret(db: Queryable, key: string, bytes = 32): Promise<string> {
  await db.query('insert into app_settings (key, value) values ($1, $2) on conflict (key) do nothing', [
    key,
    randomBytes(bytes).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>('select value from app_settings where key = $1', [key]);
  return row.value;
}
