// @vitest-environment node
/**
 * Liveness and readiness: /api/health never touches the database; /api/ready is 200 only when
 * the database answers within 1 s and every migration is applied, else 503 with the envelope.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { describeDatabases } from '../testing/databases';
import { healthApi, READY_TIMEOUT_MS } from './health';

const get = (db: Database | undefined, path: string, lang = 'en') =>
  healthApi(db).request(`http://localhost${path}`, { headers: { 'accept-language': lang } });

describeDatabases('readiness on a real database', (getDb) => {
  it('is ready when the database answers and every migration is applied', async () => {
    const res = await get(getDb(), '/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 200, message: 'ready', data: { database: 'ok', migrations: 'ok' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is not ready while a migration of this build is missing', async () => {
    const db = getDb();
    const [last] = await db.query<{ version: number }>('select max(version) as version from schema_migrations');
    await db.query('delete from schema_migrations where version = $1', [last.version]);
    try {
      const res = await get(db, '/ready', 'zh');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: 503,
        message: '未就绪：数据库迁移尚未完成',
        data: { database: 'ok', migrations: 'pending' },
      });
    } finally {
      await db.query("insert into schema_migrations (version, name) values ($1, 'restored')", [last.version]);
    }
  });
});

describe('readiness without a working database', () => {
  const failing = { query: async () => Promise.reject(new Error('connection refused')) } as unknown as Database;
  const hanging = { query: () => new Promise(() => {}) } as unknown as Database;

  it('answers 503 at once when the database fails', async () => {
    const res = await get(failing, '/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 503, message: 'Not ready: the database does not answer' });
  });

  it('answers 503 after about a second when the database hangs', async () => {
    const started = Date.now();
    const res = await get(hanging, '/ready');
    const waited = Date.now() - started;
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ data: { database: 'timeout' } });
    expect(waited).toBeGreaterThanOrEqual(READY_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(READY_TIMEOUT_MS + 1500);
  });

  it('keeps liveness independent of the database', async () => {
    const res = await get(hanging, '/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200, message: 'ok' });
  });
});
