// @vitest-environment node
/**
 * The sign-ups report on PGlite and PostgreSQL: counts per Asia/Shanghai day and ISO week, each split (the ad source
 * rule of ./signups.ts above all), the funnel, the CSV (BOM, header, formula cells made inert), and the refusals.
 * The funnel's SMS count comes from the portal's real send.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { harness } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';
import { consoleTestApp } from './console-test-app';
import { csvCell, type SignupsData } from './signups';

interface Seed {
  at: string;
  tenant?: number;
  channel?: number;
  invite?: string | null;
  info?: Record<string, string>;
  method?: string | null;
  workbench?: string | null;
}

let phones = 0;
async function seed(db: Database, user: Seed): Promise<void> {
  phones++;
  await db.query(
    `insert into users (tenant_id, country_code, phone, nickname, password_hash, channel_id, client_id, invite_code,
                        registe_info, created_ip, created_at, password_changed_at, signup_method, first_workbench_at)
     values ($1, 1, $2, 'n', 'x', $3, 'c', $4, $5::jsonb, '203.0.113.9', $6, $6, $7, $8)`,
    [
      user.tenant ?? 14,
      `1380000${String(phones).padStart(4, '0')}`,
      user.channel ?? 2,
      user.invite ?? null,
      JSON.stringify(user.info ?? {}),
      user.at,
      user.method === undefined ? 'password' : user.method,
      user.workbench ?? null,
    ],
  );
}

describe('csvCell', () => {
  it('quotes and makes formulas inert', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('跨境')).toBe('跨境');
  });
});

describeDatabases('console sign-ups', (getDb) => {
  const fixture = async () => {
    const db = getDb();
    // 2026-11-09 is a Monday. 23:30 on Sunday 11-08 in Shanghai is 15:30 UTC; 00:30 on Monday 11-09 is 16:30 UTC on 11-08.
    await seed(db, { at: '2026-11-08T15:30:00Z', info: { bd_vid: 'b1', utm_term: '跨境电商' }, invite: 'SPRING' });
    await seed(db, { at: '2026-11-08T16:30:00Z', info: { qhclickid: 'q1', e_keywordid: '777' }, method: 'wechat' });
    await seed(db, {
      at: '2026-11-09T03:00:00Z',
      info: { utm_term: '=HYPERLINK("x")' },
      tenant: 51,
      channel: 7,
      workbench: '2026-11-09T04:00:00Z',
    });
    await seed(db, { at: '2026-11-10T03:00:00Z', info: { searchEngineWord: '店铺' }, method: null, invite: 'SPRING' });
    await seed(db, { at: '2026-11-10T04:00:00Z', workbench: '2026-11-12T00:00:00Z' });
    // Outside the range: 11-16 00:00 Shanghai.
    await seed(db, { at: '2026-11-15T16:00:00Z', info: { bd_vid: 'late' } });
    await db.query(
      `insert into sms_register_daily (tenant_id, day, sent) values (14, '2026-11-08', 3), (51, '2026-11-10', 4),
              (14, '2026-11-16', 50)`,
    );
    return { db, ...consoleTestApp(db, () => new Date('2026-11-20T00:00:00Z')) };
  };
  const items = (data: SignupsData | undefined) => (data?.items ?? []).map((i) => `${i.period} ${i.key} ${i.count}`);

  it('counts per Shanghai day, with the funnel', async () => {
    const { call } = await fixture();
    const res = await call<SignupsData>('/signups?from=2026-11-08&to=2026-11-15');
    expect(res.status).toBe(200);
    expect(items(res.body.data)).toEqual(['2026-11-08  1', '2026-11-09  2', '2026-11-10  2']);
    expect(res.body.data?.keys).toEqual(['']);
    expect(res.body.data?.funnel).toEqual({ smsSent: 7, registrations: 5, firstWorkbench: 2 });
    const brand = await call<SignupsData>('/signups?from=2026-11-08&to=2026-11-15&brand=creatorbox');
    expect(brand.body.data?.funnel).toEqual({ smsSent: 4, registrations: 1, firstWorkbench: 1 });
  });

  it('splits by source, keyword, brand, channel, invite and method; keys by total', async () => {
    const { call } = await fixture();
    const by = async (split: string) =>
      (await call<SignupsData>(`/signups?from=2026-11-08&to=2026-11-15&by=${split}&interval=week`)).body.data;
    const source = await by('source');
    expect(items(source)).toEqual([
      '2026-11-02 baidu 1',
      '2026-11-09  1',
      '2026-11-09 360 1',
      '2026-11-09 keyword 1',
      '2026-11-09 search 1',
    ]);
    expect(source?.keys).toEqual(['', '360', 'baidu', 'keyword', 'search']);
    expect(items(await by('keyword'))).toEqual([
      '2026-11-02 跨境电商 1',
      '2026-11-09  1',
      '2026-11-09 777 1',
      '2026-11-09 =HYPERLINK("x") 1',
      '2026-11-09 店铺 1',
    ]);
    expect(items(await by('brand'))).toEqual([
      '2026-11-02 starreach 1',
      '2026-11-09 creatorbox 1',
      '2026-11-09 starreach 3',
    ]);
    expect((await by('brand'))?.keys).toEqual(['starreach', 'creatorbox']);
    expect(items(await by('channel'))).toEqual(['2026-11-02 2 1', '2026-11-09 2 3', '2026-11-09 7 1']);
    expect(items(await by('invite'))).toEqual(['2026-11-02 SPRING 1', '2026-11-09  3', '2026-11-09 SPRING 1']);
    expect(items(await by('method'))).toEqual([
      '2026-11-02 password 1',
      '2026-11-09  1',
      '2026-11-09 password 2',
      '2026-11-09 wechat 1',
    ]);
  });

  it('answers CSV with a BOM, a header and formula cells made inert', async () => {
    const { call } = await fixture();
    const res = await call('/signups?from=2026-11-08&to=2026-11-15&by=keyword&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="signups-keyword-day-2026-11-08-2026-11-15.csv"',
    );
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    const lines = res.text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('period,keyword,count');
    expect(lines).toContain('2026-11-08,跨境电商,1');
    expect(lines).toContain(`2026-11-09,"'=HYPERLINK(""x"")",1`);
    const byDay = await call('/signups?from=2026-11-08&to=2026-11-15&format=csv');
    expect(byDay.text.slice(1).split('\r\n').slice(0, 2)).toEqual(['period,count', '2026-11-08,1']);
  });

  it('adds the rollup of closed days (before yesterday) and the live count of yesterday and today, the same twice', async () => {
    const { db, call } = await fixture();
    // "now" is 2026-11-20 08:00 in Shanghai: 11-18 is the last closed day, 11-19 and 11-20 are counted live.
    await seed(db, { at: '2026-11-18T10:00:00Z', info: { bd_vid: 'x' } });
    await seed(db, { at: '2026-11-19T10:00:00Z', info: { bd_vid: 'y' } });
    await seed(db, { at: '2026-11-19T23:00:00Z', info: { qhclickid: 'z' }, workbench: '2026-11-19T23:30:00Z' });
    for (let i = 0; i < 2; i++) {
      const week = await call<SignupsData>('/signups?from=2026-11-16&to=2026-11-20&by=source&interval=week');
      expect(items(week.body.data)).toEqual(['2026-11-16 360 1', '2026-11-16 baidu 3']);
      expect(week.body.data?.keys).toEqual(['baidu', '360']);
      expect(week.body.data?.funnel).toMatchObject({ registrations: 4, firstWorkbench: 1 });
      const days = await call<SignupsData>('/signups?from=2026-11-15&to=2026-11-20&by=brand');
      expect(items(days.body.data)).toEqual([
        '2026-11-16 starreach 1',
        '2026-11-18 starreach 1',
        '2026-11-19 starreach 1',
        '2026-11-20 starreach 1',
      ]);
    }
    const filled = await db.query<{ day: string }>(
      "select to_char(day, 'YYYY-MM-DD') as day from signup_days order by 1",
    );
    expect(filled.map((row) => row.day)).toEqual(['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18']);
  });

  it('refuses bad queries with their field', async () => {
    const { call } = await fixture();
    for (const [query, field] of [
      ['from=2026-11-08', 'to'],
      ['from=2026-11-08&to=2026-11-01', 'from'],
      ['from=2026-13-45&to=2026-11-01', 'from'],
      ['from=2026-02-01&to=2026-02-30', 'to'],
      ['from=2025-01-01&to=2026-11-01', 'to'],
      ['from=2026-11-01&to=2026-11-02&by=city', 'by'],
      ['from=2026-11-01&to=2026-11-02&format=xml', 'format'],
    ]) {
      const res = await call(`/signups?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ code: 40000, data: { field } });
    }
  });

  it('counts the register codes the portal sends (not login codes, not a registered phone), and the method of a real registration', async () => {
    const db = getDb();
    const h = harness(db);
    await h.register('13800138000');
    await h.code('13800138001', 'register');
    await h.code('13800138000', 'login');
    // A register code for a registered phone is not sent.
    expect((await h.sendCode('13800138000', 'register', { ip: '203.0.113.50' })).status).toBe(200);
    const [row] = await db.query<{ tenant_id: number; sent: number }>('select tenant_id, sent from sms_register_daily');
    expect(row).toEqual({ tenant_id: 14, sent: 2 });
    const { call } = consoleTestApp(db, h.now);
    const report = await call<SignupsData>('/signups?from=2026-11-21&to=2026-11-21&by=method');
    expect(report.body.data).toEqual({
      items: [{ period: '2026-11-21', key: 'password', count: 1 }],
      keys: ['password'],
      funnel: { smsSent: 2, registrations: 1, firstWorkbench: 0 },
    });
  });
});
