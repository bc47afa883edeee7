/**
 * GET /api/health (the process answers, no database call) and GET /api/ready (the database answers within 1 s and
 * every migration is applied; 503 naming the failed check otherwise).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { Hono } from 'hono';
import type { Database } from '../db/database';
import { readMigrations } from '../db/migrate';
import { translate } from './catalog';
import { requestLanguage } from './http';

export const READY_TIMEOUT_MS = 1000;

type Check = 'ok' | 'timeout' | 'error' | 'pending';

async function databaseCheck(db: Database): Promise<{ database: Check; migrations: Check }> {
  const expected = readMigrations().map((migration) => migration.version);
  const probe = (async () => {
    await db.query('select 1');
    const rows = await db.query<{ version: number }>('select version from schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    return expected.every((version) => applied.has(version)) ? 'ok' : 'pending';
  })();
  probe.catch(() => {});
  const timeout = delay(READY_TIMEOUT_MS, 'timeout' as const, { ref: false });
  try {
    const outcome = await Promise.race([probe, timeout]);
    return outcome === 'timeout'
      ? { database: 'timeout', migrations: 'pending' }
      : { database: 'ok', migrations: outcome };
  } catch {
    return { database: 'error', migrations: 'pending' };
  }
}

export function healthApi(db?: Database) {
  const api = new Hono();
  const noStore = { 'Cache-Control': 'no-store' };
  api.get('/health', (c) =>
    c.json({ code: 200, message: 'ok', data: { uptime: Math.round(process.uptime()) } }, 200, noStore),
  );
  api.get('/ready', async (c) => {
    const lang = requestLanguage(c);
    if (!db) return c.json({ code: 200, message: 'ok', data: { database: 'none' } }, 200, noStore);
    const checks = await databaseCheck(db);
    if (checks.database === 'ok' && checks.migrations === 'ok')
      return c.json({ code: 200, message: translate(/*i18n*/ '就绪', lang), data: checks }, 200, noStore);
    const message = translate(
      checks.database === 'ok' ? /*i18n*/ '未就绪：数据库迁移尚未完成' : /*i18n*/ '未就绪：数据库没有响应',
      lang,
    );
    return c.json({ code: 503, message, data: checks }, 503, noStore);
  });
  return api;
}
