// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { registry } from '../ops/metrics';
import { describeDatabases } from '../testing/databases';
import { createRateLimiter, REFUSAL_MEMORY_MS } from './rate-limiter';
import { LIMITS, limit } from './rules';

/** rate_events behind the queries the limiter makes, in memory; counts the reads and lists the locks taken. */
function fakeEvents(times: number[] = [], bucket = '', options: { serialized?: boolean } = {}) {
  let nextId = 1;
  const rows = times.map((at) => ({ id: nextId++, bucket, at }));
  const db = {
    serialized: options.serialized,
    reads: 0,
    locks: [] as string[],
    rows,
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      if (sql.includes('pg_advisory_xact_lock')) {
        db.locks.push(params[0] as string);
        return [];
      }
      if (sql.startsWith('select at from rate_events')) {
        db.reads++;
        const [name, since, most] = params as [string, Date, number];
        return rows
          .filter((row) => row.bucket === name && row.at > since.getTime())
          .sort((a, b) => b.at - a.at)
          .slice(0, most)
          .map((row) => ({ at: new Date(row.at) })) as T[];
      }
      if (sql.startsWith('insert into rate_events')) {
        const [name, at] = params as [string, Date];
        rows.push({ id: nextId, bucket: name, at: at.getTime() });
        return [{ id: nextId++ }] as T[];
      }
      if (sql.startsWith('delete from rate_events where id')) {
        const ids = params[0] as number[];
        rows.splice(0, rows.length, ...rows.filter((row) => !ids.includes(row.id)));
        return [];
      }
      if (sql.startsWith('delete from rate_events where bucket')) {
        const names = params[0] as string[];
        rows.splice(0, rows.length, ...rows.filter((row) => !names.includes(row.bucket)));
        return [];
      }
      throw new Error(`unexpected query: ${sql}`);
    },
    async exec() {},
  };
  return db;
}

const T0 = Date.parse('2026-11-25T10:00:00Z');
const at = (ms: number) => new Date(T0 + ms);

/** The refusals counted so far under `name` (portal_rate_limit_refusals_total). */
async function refusals(name: string): Promise<number> {
  const metric = registry.getSingleMetric('portal_rate_limit_refusals_total');
  const values = (await metric?.get())?.values ?? [];
  return values.find((value) => value.labels.limit === name)?.value ?? 0;
}

describe('the rate limiter', () => {
  // 10 QR codes a minute (and 60 an hour) per address.
  const qr = limit.qrCodesPerIp('192.0.2.1');
  /** 10 events, 59.5 s to 50.5 s old. */
  const lastMinute = Array.from({ length: 10 }, (_, i) => T0 - 59_500 + i * 1000);

  it('admits up to the limit, then refuses with the seconds until the oldest event leaves the window', async () => {
    const limiter = createRateLimiter();
    const db = fakeEvents(lastMinute.slice(1), qr.bucket);
    expect(await limiter.check(db, [qr], at(0))).toBe(0);
    await limiter.consume(db, [qr], at(0));
    // The oldest of the 10 events is 58.5 s old: room again in 1.5 s, said as 2.
    expect(await limiter.check(db, [qr], at(0))).toBe(2);
    expect(await limiter.check(db, [qr], at(1500))).toBe(0);
    // Another address is not held by this one's events.
    expect(await limiter.check(db, [limit.qrCodesPerIp('192.0.2.2')], at(0))).toBe(0);
  });

  it('answers the longest wait of every check and of every rule', async () => {
    const limiter = createRateLimiter();
    const phone = limit.smsPerPhone(86, '13800138000');
    // 5 sends to the phone this hour, the first 50 minutes ago: the hourly rule waits 10 minutes, the minute's 30 s.
    const db = fakeEvents(
      [50, 40, 30, 20, 0.5].map((minutes) => T0 - minutes * 60_000),
      phone.bucket,
    );
    expect(await limiter.check(db, [limit.smsPerIp('192.0.2.1'), phone], at(0))).toBe(600);
  });

  it('locks every bucket once, in sorted order, before counting; none on PGlite', async () => {
    const checks = [limit.smsPerPhone(86, '13800138000'), limit.smsPerIp('192.0.2.1'), limit.smsPerIp('192.0.2.1')];
    const db = fakeEvents();
    await createRateLimiter().check(db, checks, at(0));
    expect(db.locks).toEqual(['sms:ip:192.0.2.1', 'sms:phone:86:13800138000']);
    const unlocked = fakeEvents();
    await createRateLimiter().check(unlocked, checks, at(0), { lock: false });
    expect(unlocked.locks).toEqual([]);
    const pglite = fakeEvents([], '', { serialized: true });
    await createRateLimiter().check(pglite, checks, at(0));
    expect(pglite.locks).toEqual([]);
  });

  it('refuses again from memory, without a query, with the wait the database would give, until it rechecks', async () => {
    const limiter = createRateLimiter();
    // 10 events, the oldest 10.2 s old: room again when it leaves, 49.8 s from now.
    const full = fakeEvents([T0 - 10_200, ...Array.from({ length: 9 }, (_, i) => T0 - 9000 + i * 1000)], qr.bucket);
    expect(await limiter.check(full, [qr], at(0))).toBe(50);
    expect(full.reads).toBe(1);
    for (const later of [500, 800, 2000, 4999]) {
      const fromMemory = await limiter.check(full, [qr], at(later));
      const fromDatabase = await createRateLimiter().check(full, [qr], at(later));
      expect(fromMemory).toBe(fromDatabase);
    }
    const reads = full.reads;
    expect(limiter.knownWait([qr], at(4999))).toBe(45);
    expect(await limiter.check(full, [qr], at(4999))).toBe(45);
    expect(full.reads).toBe(reads);
    // After REFUSAL_MEMORY_MS the database is asked again.
    expect(limiter.knownWait([qr], at(REFUSAL_MEMORY_MS + 4999))).toBe(0);
    await limiter.check(full, [qr], at(REFUSAL_MEMORY_MS + 4999));
    expect(full.reads).toBe(reads + 1);
  });

  it('never remembers a bucket with room, forgets at the moment it has room, or when the clock went back', async () => {
    const limiter = createRateLimiter();
    const db = fakeEvents(lastMinute, qr.bucket);
    expect(await limiter.check(db, [qr], at(0))).toBe(1);
    expect(limiter.knownWait([qr], at(499))).toBe(1);
    expect(limiter.knownWait([qr], at(500))).toBe(0);
    expect(await limiter.check(db, [qr], at(500))).toBe(0);
    expect(limiter.knownWait([qr], at(500))).toBe(0);
    expect(await limiter.check(db, [qr], at(0))).toBe(1);
    expect(limiter.knownWait([qr], at(-1))).toBe(0);
  });

  it('takes back what it consumed: the slot is free again and memory forgets every full bucket', async () => {
    const limiter = createRateLimiter();
    const other = limit.puzzlesPerIp('192.0.2.3');
    const db = fakeEvents(lastMinute.slice(1), qr.bucket);
    const taken = await limiter.consume(db, [qr], at(0));
    expect(await limiter.check(db, [qr], at(0))).toBe(2);
    for (let i = 0; i < 30; i++) await limiter.consume(db, [other], at(-i * 1000));
    expect(await limiter.check(db, [other], at(0))).toBeGreaterThan(0);
    expect(limiter.knownWait([qr], at(0))).toBe(2);

    await taken.takeBack(db);
    expect(db.rows.filter((row) => row.bucket === qr.bucket)).toHaveLength(9);
    expect(limiter.knownWait([qr, other], at(0))).toBe(0);
    expect(await limiter.check(db, [qr], at(0))).toBe(0);
  });

  it('forgets every event of a bucket, and what memory knows full', async () => {
    const limiter = createRateLimiter();
    const account = limit.loginFailuresPerAccount({ tenantId: 14, countryCode: 1, phone: '13800138000' });
    const db = fakeEvents(
      Array.from({ length: 100 }, (_, i) => T0 - i * 1000),
      account.bucket,
    );
    expect(await limiter.check(db, [account], at(0))).toBeGreaterThan(0);
    await limiter.forget(db, [account]);
    expect(db.rows).toEqual([]);
    expect(limiter.knownWait([account], at(0))).toBe(0);
  });

  it('remembers a back-off it is told of, and refuses it until then', async () => {
    const limiter = createRateLimiter();
    const lock = limit.loginBackoff({ tenantId: 14, countryCode: 1, phone: '13800138000' });
    const before = await refusals('loginBackoff');
    limiter.refuseUntil(lock, at(60_000), at(0));
    expect(await refusals('loginBackoff')).toBe(before + 1);
    expect(limiter.knownWait([limit.loginFailuresPerIp('192.0.2.1'), lock], at(1500))).toBe(59);
    expect(await refusals('loginBackoff')).toBe(before + 2);
    expect(limiter.knownWait([lock], at(REFUSAL_MEMORY_MS))).toBe(0);
  });

  it('counts each refusal under its limit, from the database and from memory', async () => {
    const limiter = createRateLimiter();
    const db = fakeEvents(lastMinute, qr.bucket);
    const before = await refusals('qrCodesPerIp');
    await limiter.check(db, [qr], at(0));
    limiter.knownWait([qr], at(100));
    expect(await refusals('qrCodesPerIp')).toBe(before + 2);
  });

  it('counts the QR poll in memory only, per address', () => {
    const limiter = createRateLimiter();
    const poll = limit.qrPollsPerIp('192.0.2.1');
    const waits = Array.from({ length: LIMITS.qrPollsPerIp.rules[0].limit + 1 }, () =>
      limiter.countInMemory(poll, at(0)),
    );
    expect(waits.slice(0, -1).every((wait) => wait === 0)).toBe(true);
    expect(waits.at(-1)).toBe(60);
    expect(limiter.countInMemory(limit.qrPollsPerIp('192.0.2.2'), at(0))).toBe(0);
    expect(createRateLimiter().countInMemory(poll, at(0))).toBe(0);
  });

  it('with the IP limits lifted, neither checks nor counts the per-IP buckets, and keeps every other', async () => {
    const limiter = createRateLimiter({ liftIpLimits: true });
    const phone = limit.smsPerPhone(86, '13800138000');
    const address = limit.smsPerIp('192.0.2.1');
    const full = Array.from({ length: 20 }, (_, i) => T0 - i * 1000);
    const db = fakeEvents(full, address.bucket);
    expect(await limiter.check(db, [address], at(0))).toBe(0);
    expect(await createRateLimiter().check(db, [address], at(0))).toBeGreaterThan(0);

    const sent = await limiter.consume(db, [phone, address], at(0));
    expect(db.rows.map((row) => row.bucket).filter((bucket) => bucket !== address.bucket)).toEqual([phone.bucket]);
    expect(db.rows).toHaveLength(21);
    expect(await limiter.check(db, [phone, address], at(0))).toBe(60);
    await sent.takeBack(db);
    expect(db.rows).toHaveLength(20);

    const poll = limit.qrPollsPerIp('192.0.2.1');
    for (let i = 0; i < LIMITS.qrPollsPerIp.rules[0].limit + 5; i++) expect(limiter.countInMemory(poll, at(0))).toBe(0);
  });
});

describeDatabases('the rate limiter on the database', (getDb) => {
  const count = async (db: Queryable, bucket: string) =>
    (await db.query<{ n: number }>('select count(*) as n from rate_events where bucket = $1', [bucket]))[0].n;

  it("tells a budget's use, the rules a check carries in force, and its wait once spent", async () => {
    const db = getDb();
    const limiter = createRateLimiter();
    const germany = limit.smsBudgetPerCountry(49, { hourly: 4, daily: 6 });
    const start = new Date('2026-11-25T10:00:00Z');
    const minute = (n: number) => new Date(start.getTime() + n * 60_000);
    const use = (now: Date) => db.transaction((tx) => limiter.usage(tx, [germany], now));
    expect((await use(minute(0)))[0]).toMatchObject({ share: 0.25, wait: 0 });
    for (let i = 0; i < 3; i++) await db.transaction((tx) => limiter.consume(tx, [germany], minute(i)));
    // The 4th send takes the hour's last place; the rules of the check (4 an hour), not LIMITS' defaults, count.
    expect((await use(minute(3)))[0]).toMatchObject({ share: 1, wait: 0 });
    await db.transaction((tx) => limiter.consume(tx, [germany], minute(3)));
    // Spent: room again when the oldest of the hour's 4 leaves it.
    expect((await use(minute(10)))[0]).toMatchObject({ share: 1.25, wait: 50 * 60 });
    expect(limiter.knownWait([germany], minute(10))).toBe(50 * 60);
    // An hour on, the day's rule (6) holds: 4 of 6 used.
    expect((await use(minute(70)))[0]).toMatchObject({ share: 5 / 6, wait: 0 });
  });

  it('checks, consumes, takes back and forgets in transactions', async () => {
    const db = getDb();
    const limiter = createRateLimiter();
    const phone = limit.smsPerPhone(86, '13800138000');
    const address = limit.smsPerIp('192.0.2.1');
    const now = new Date();
    const sent = await db.transaction(async (tx) => {
      expect(await limiter.check(tx, [phone, address], now)).toBe(0);
      return limiter.consume(tx, [phone, address], now);
    });
    expect(await count(db, phone.bucket)).toBe(1);
    const [row] = await db.query<{ expires_at: Date }>('select expires_at from rate_events where bucket = $1', [
      phone.bucket,
    ]);
    // Kept for the longest window of the limit (a day for a phone's SMS codes).
    expect(row.expires_at.getTime() - now.getTime()).toBe(86_400_000);
    expect(await db.transaction((tx) => limiter.check(tx, [phone, address], now))).toBe(60);

    await db.transaction((tx) => sent.takeBack(tx));
    expect(await count(db, phone.bucket)).toBe(0);
    expect(await count(db, address.bucket)).toBe(0);
    expect(limiter.knownWait([phone], now)).toBe(0);
    expect(await db.transaction((tx) => limiter.check(tx, [phone, address], now))).toBe(0);

    await db.transaction(async (tx) => {
      await limiter.consume(tx, [phone, address], now);
      await limiter.forget(tx, [phone]);
    });
    expect(await count(db, phone.bucket)).toBe(0);
    expect(await count(db, address.bucket)).toBe(1);
  });
});
