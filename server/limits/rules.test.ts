// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { tooMany } from '../accounts/errors';
import { translate } from '../api/catalog';
import { backoffSeconds, KEYS, LIMITS, limit, nextBackoff } from './rules';

describe('limits', () => {
  it('backs off after the 5th consecutive failure: 1, 2, 4, 8 minutes, then 15 at most', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50].map(backoffSeconds)).toEqual([
      0, 0, 0, 0, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });

  it('counts the failures of the last day towards the back-off, and forgets older ones', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    expect(nextBackoff(undefined, now)).toEqual({ failures: 1, lockedUntil: null });
    expect(nextBackoff({ failures: 4, lastFailureAt: ago(86_399) }, now)).toEqual({
      failures: 5,
      lockedUntil: new Date(now.getTime() + 60_000),
    });
    expect(nextBackoff({ failures: 9, lastFailureAt: ago(86_400) }, now)).toEqual({ failures: 1, lockedUntil: null });
  });

  it('answers 429 with Retry-After and the wait in words', () => {
    const error = tooMany(56);
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({ 'Retry-After': '56' });
    expect(error.data).toEqual({ retryAfter: 56 });
    expect(translate(error.text, 'zh')).toBe('操作过于频繁，请 56 秒后再试');
    expect(translate(error.text, 'en')).toBe('Too many attempts. Try again in 56 seconds.');
    expect(translate(tooMany(1).text, 'en')).toBe('Too many attempts. Try again in 1 second.');
    expect(translate(tooMany(61).text, 'zh')).toBe('操作过于频繁，请 2 分钟后再试');
    expect(translate(tooMany(7200).text, 'en')).toBe('Too many attempts. Try again in 2 hours.');
    expect(translate(tooMany(60, 'login').text, 'en')).toBe(
      'Too many failed logins. Try again in 1 minute, or reset your password.',
    );
  });

  it('has a check for every limit, each counting in a bucket of its own kind', () => {
    const account = { tenantId: 14, countryCode: 86, phone: '13800138000' };
    expect(limit.smsPerPhone(86, '13800138000')).toEqual({ limit: 'smsPerPhone', bucket: 'sms:phone:86:13800138000' });
    expect(limit.loginFailuresPerAccount(account)).toEqual({
      limit: 'loginFailuresPerAccount',
      bucket: 'login:account:14:86:13800138000',
    });
    expect(limit.loginBackoff(account)).toEqual({ limit: 'loginBackoff', bucket: 'login:lock:14:86:13800138000' });
    expect(Object.keys(limit).sort()).toEqual([...Object.keys(LIMITS), 'loginBackoff'].sort());
    // The per-IP buckets, and only they, are what BENCH_UNLIMITED lifts.
    const ip = '192.0.2.9';
    const perIp = [
      limit.smsPerIp,
      limit.puzzlesPerIp,
      limit.loginFailuresPerIp,
      limit.registerAttemptsPerIp,
      limit.qrCodesPerIp,
      limit.qrPollsPerIp,
      limit.consoleLoginFailuresPerIp,
    ];
    for (const check of [...perIp, limit.likesPerIp].map((of) => of(ip)))
      expect(check.bucket).toMatch(/:ip:192\.0\.2\.9$/);
    expect(limit.loginFailuresPerAccountIp(account, ip)).toEqual({
      limit: 'loginFailuresPerAccountIp',
      bucket: 'login:pair:14:86:13800138000:ip:192.0.2.9',
    });
    for (const check of [
      limit.smsPerPhone(86, ip),
      limit.loginFailuresPerAccount(account),
      limit.loginBackoff(account),
      limit.consoleLoginFailuresPerName('alice'),
    ])
      expect(check.bucket).not.toContain(':ip:');
    // What the limits table says each limit counts per matches its bucket.
    const perAddress = Object.entries(LIMITS).flatMap(([name, rate]) => (rate.per === 'address' ? [name] : []));
    expect(perAddress.sort()).toEqual([...perIp, limit.likesPerIp].map((of) => of(ip).limit).sort());
    expect(Object.keys(KEYS).sort()).toEqual([...new Set(Object.values(LIMITS).map((rate) => rate.per))].sort());
  });
});
