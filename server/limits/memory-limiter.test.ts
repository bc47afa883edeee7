// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MemoryLimiter } from './memory-limiter';

describe('the in-memory poll limiter', () => {
  it('allows the limit in a sliding window, then says how long to wait', () => {
    const limiter = new MemoryLimiter([{ limit: 3, windowSeconds: 60 }]);
    const at = (seconds: number) => new Date(1_000_000 + seconds * 1000);
    expect([0, 1, 2].map((s) => limiter.hit('ip', at(s)))).toEqual([0, 0, 0]);
    expect(limiter.hit('ip', at(3))).toBe(57);
    expect(limiter.hit('other', at(3))).toBe(0);
    expect(limiter.hit('ip', at(60))).toBe(0);
    expect(limiter.hit('ip', at(60.5))).toBe(1);
  });

  it('tracks a bounded number of addresses', () => {
    const limiter = new MemoryLimiter([{ limit: 1, windowSeconds: 60 }], 2);
    const now = new Date();
    limiter.hit('a', now);
    limiter.hit('b', now);
    limiter.hit('c', now);
    // "a" was forgotten (least recently seen), "c" is still counted.
    expect(limiter.hit('a', now)).toBe(0);
    expect(limiter.hit('c', now)).toBeGreaterThan(0);
  });
});
