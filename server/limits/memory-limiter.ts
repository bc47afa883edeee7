/**
 * A per-process sliding-window limiter kept in memory, for the limits of LIMITS marked `perProcess` (the QR status
 * poll, `RateLimiter.countInMemory`; docs/decisions/025-serving-speed-and-hot-api-calls.md): exact within one
 * process, and with N processes an address may poll up to N times the limit. Each tracked key keeps the times of
 * its events in the longest window; at most `maxKeys` keys are tracked (the least recently seen is forgotten
 * first).
 *
 * Hand-written because the poll's fast path needs the answer at once and on the app's clock: rate-limiter-flexible's
 * RateLimiterMemory answers in a promise, on Date.now, in fixed windows (docs/decisions/039-limits-rules-and-counting.md).
 */
import { LRUCache } from 'lru-cache';
import type { Rule } from './rules';

export class MemoryLimiter {
  private readonly events: LRUCache<string, number[]>;
  private readonly longestMs: number;
  private readonly most: number;

  constructor(
    private readonly rules: readonly Rule[],
    maxKeys = 50_000,
  ) {
    this.events = new LRUCache({ max: maxKeys });
    this.longestMs = Math.max(...rules.map((rule) => rule.windowSeconds)) * 1000;
    this.most = Math.max(...rules.map((rule) => rule.limit));
  }

  /** Counts one event for `key` unless a rule is full: then returns the seconds to wait (0 = counted). */
  hit(key: string, now: Date): number {
    const at = now.getTime();
    let times = this.events.get(key);
    if (times) {
      let drop = 0;
      while (drop < times.length && times[drop] <= at - this.longestMs) drop++;
      if (drop) times.splice(0, drop);
    } else {
      times = [];
      this.events.set(key, times);
    }
    let wait = 0;
    for (const rule of this.rules) {
      const since = at - rule.windowSeconds * 1000;
      let inWindow = 0;
      for (let i = times.length - 1; i >= 0 && times[i] > since; i--) inWindow++;
      if (inWindow < rule.limit) continue;
      // The window has room again once the limit-th newest event has left it.
      const leaves = times[times.length - rule.limit] + rule.windowSeconds * 1000;
      wait = Math.max(wait, Math.max(1, Math.ceil((leaves - at) / 1000)));
    }
    if (wait) return wait;
    times.push(at);
    if (times.length > this.most) times.shift();
    return 0;
  }
}
