// @vitest-environment node
import { expect, it } from 'vitest';
import { describeDatabases } from '../testing/databases';
import { migrate, readMigrations } from './migrate';

describeDatabases('database adapter', (getDb) => {
  it('returns the same value types on every backend', async () => {
    const [row] = await getDb().query<{ n: number; at: Date; d: string; j: { a: number } }>(
      `select count(*) as n, now() as at, 1.5::numeric as d, '{"a":1}'::jsonb as j from schema_migrations`,
    );
    expect(row.n).toBe(readMigrations().length);
    expect(row.at).toBeInstanceOf(Date);
    expect(row.d).toBe('1.5');
    expect(row.j).toEqual({ a: 1 });
  });

  it('applies each migration once', async () => {
    expect(await migrate(getDb())).toEqual([]);
  });

  it('commits a transaction together, or rolls all of it back', async () => {
    const db = getDb();
    await db.query(`insert into app_settings (key, value) values ('kept', '1')`);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into app_settings (key, value) values ('lost', '1')`);
        await tx.query(`insert into app_settings (key, value) values ('kept', 'duplicate')`);
      }),
    ).rejects.toThrow();
    const keys = await db.query<{ key: string }>('select key from app_settings order by key');
    expect(keys.map((row) => row.key)).toEqual(['kept']);
  });

  it('starts each test with empty tables', async () => {
    expect(await getDb().query('select * from app_settings')).toEqual([]);
  });
});
