// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { tooMany } from './accounts/errors';
import { backoffSeconds, forgetEvents, forgetFullBuckets, knownWait, REFUSAL_MEMORY_MS, retryAfter } from './limits';

describe('limits', () => {
  it('backs off after the 5th consecutive failure: 1, 2, 4, 8 minutes, then 15 at most', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50].map(backoffSeconds)).toEqual([
      0, 0, 0, 0, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });

  it('answers 429 with Retry-After and the wait in words', () => {
    const error = tooMany(56);
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({ 'Retry-After': '56' });
    expect(error.data).toEqual({ retryAfter: 56 });
    expect(error.text).toEqual({
      zh: '操作过于频繁，请 56 秒后再试',
      en: 'Too many attempts. Try again in 56 seconds.',
    });
    expect(tooMany(1).text.en).toBe('Too many attempts. Try again in 1 second.');
    expect(tooMany(61).text.zh).toBe('操作过于频繁，请 2 分钟后再试');
    expect(tooMany(7200).text.en).toBe('Too many attempts. Try again in 2 hours.');
  });
});

describe('full buckets remembered in memory', () => {
  /** rate_events of one test, behind the one query retryAfter makes; counts the queries. */
  function fakeEvents(times: number[]) {
    const db = {
      queries: 0,
      async query<T>(sql: string, params: readonly unknown[] = []) {
        if (!sql.startsWith('select')) return [] as T[];
        db.queries++;
        const [, since, most] = params as [string, Date, number];
        return times
          .filter((at) => at > since.getTime())
          .sort((a, b) => b - a)
          .slice(0, most)
          .map((at) => ({ at: new Date(at) })) as T[];
      },
      async exec() {},
    };
    return db;
  }
  const RULES = [{ limit: 3, windowSeconds: 60 }];
  const T0 = Date.parse('2026-11-25T10:00:00Z');
  const at = (ms: number) => new Date(T0 + ms);

  beforeEach(() => forgetFullBuckets());

  it('refuses again without a query, with the wait the database would give, until it rechecks', async () => {
    // Three events 10.2 s, 5 s and 1 s ago: room again when the oldest leaves, 49.8 s from now.
    const db = fakeEvents([T0 - 10_200, T0 - 5000, T0 - 1000]);
    expect(await retryAfter(db, 'sms:ip:192.0.2.1', RULES, at(0))).toBe(50);
    expect(db.queries).toBe(1);
    for (const later of [500, 800, 2000, 4999]) {
      const fromMemory = await retryAfter(db, 'sms:ip:192.0.2.1', RULES, at(later));
      forgetFullBuckets();
      const fromDatabase = await retryAfter(db, 'sms:ip:192.0.2.1', RULES, at(later));
      expect(fromMemory).toBe(fromDatabase);
    }
    const queries = db.queries;
    expect(knownWait('sms:ip:192.0.2.1', at(4999))).toBe(45);
    expect(await retryAfter(db, 'sms:ip:192.0.2.1', RULES, at(4999))).toBe(45);
    expect(db.queries).toBe(queries);
    // After REFUSAL_MEMORY_MS the database is asked again.
    expect(knownWait('sms:ip:192.0.2.1', at(REFUSAL_MEMORY_MS + 4999))).toBe(0);
    await retryAfter(db, 'sms:ip:192.0.2.1', RULES, at(REFUSAL_MEMORY_MS + 4999));
    expect(db.queries).toBe(queries + 1);
  });

  it('never remembers a bucket with room, forgets at the moment the bucket has room, and on a take-back', async () => {
    const db = fakeEvents([T0 - 59_000, T0 - 5000, T0 - 1000]);
    expect(await retryAfter(db, 'login:ip:192.0.2.2', RULES, at(0))).toBe(1);
    expect(knownWait('login:ip:192.0.2.2', at(999))).toBe(1);
    expect(knownWait('login:ip:192.0.2.2', at(1000))).toBe(0);
    expect(await retryAfter(db, 'login:ip:192.0.2.2', RULES, at(1000))).toBe(0);
    expect(knownWait('login:ip:192.0.2.2', at(1000))).toBe(0);

    const full = fakeEvents([T0 - 3000, T0 - 2000, T0 - 1000]);
    expect(await retryAfter(full, 'captcha:ip:192.0.2.3', RULES, at(0))).toBe(57);
    // Events taken back (a login that succeeded, a failed SMS send): nothing is refused from memory any more.
    await forgetEvents(full, [41]);
    expect(knownWait('captcha:ip:192.0.2.3', at(0))).toBe(0);
    // Nor is a clock that went back before the refusal trusted.
    expect(await retryAfter(full, 'captcha:ip:192.0.2.3', RULES, at(0))).toBe(57);
    expect(knownWait('captcha:ip:192.0.2.3', at(-1))).toBe(0);
  });
});
