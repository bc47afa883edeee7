// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { tooMany } from './accounts/errors';
import { backoffSeconds } from './limits';

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
