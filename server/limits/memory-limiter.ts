/**
 * A per-process sliding-window limiter for the limits marked `perProcess` (the QR poll): exact in one process, so N
 * processes allow up to N times the limit; the least recently seen of `maxKeys` keys is forgotten first.
 * Hand-written because the poll's fast path needs the answer at once and on the app's clock, which
 * rate-limiter-flexible's RateLimiterMemory (a promise, Date.now, fixed windows) does not give.
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
