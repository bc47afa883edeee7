/**
 * Every setting of the server, read once from the environment, with its default. README lists them.
 */
import type { Edition } from '../src/lib/portal-env';

export interface Settings {
  /** Port of brand 1 (StarReach). */
  port: number;
  /** Port of brand 2 (CreatorBox); a request arriving here is brand 2 whatever its host. */
  brand2Port: number;
  host: string;
  /** A host name containing this marker selects brand 2. */
  brand2HostMarker: string;
  edition: Edition;
  workbenchUrl: string;
  production: boolean;
  /** Seconds a rendered page stays in the server's HTML cache (0 turns the cache off). */
  htmlCacheSeconds: number;
  /** A PostgreSQL connection string; when empty the embedded database in `dataDir` is used. */
  databaseUrl?: string;
  /** Folder of the embedded (PGlite) database. */
  dataDir: string;
  /** Whether a proxy in front sets X-Forwarded-For (the client address used by the rate limits). */
  trustProxy: boolean;
}

function intSetting(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const edition = env.EDITION ?? 'main';
  if (edition !== 'main' && edition !== 'regional')
    throw new Error(`EDITION must be "main" or "regional", got "${edition}"`);
  return {
    port: intSetting(env.PORT, 3030, 'PORT'),
    brand2Port: intSetting(env.BRAND2_PORT, 3031, 'BRAND2_PORT'),
    host: env.HOST ?? '0.0.0.0',
    brand2HostMarker: env.BRAND2_HOST_MARKER ?? 'creatorbox',
    edition,
    workbenchUrl: env.WORKBENCH_URL ?? '/workbench/function_introduction',
    production: env.NODE_ENV !== 'development',
    htmlCacheSeconds: intSetting(env.HTML_CACHE_SECONDS, 300, 'HTML_CACHE_SECONDS'),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || 'data/pglite',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}
