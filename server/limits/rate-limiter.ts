/**
 * Counts the rate limits of LIMITS (rules.ts) in the database, so they hold across processes: each event is a
 * `rate_events` row in a named bucket ("sms:phone:86:13800138000"). A flow, in one transaction, `check`s (which
 * takes an advisory lock per bucket) and `consume`s. Hand-written because the count belongs to the flow's own
 * transaction, which rate-limiter-flexible's stores cannot join (docs/decisions/039-limits-rules-and-counting.md).
 */
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/database';
import { countRefusal, declareLimits } from '../ops/metrics';
import { MemoryLimiter } from './memory-limiter';
import {
  type BackoffLock,
  LIMIT_NAMES,
  LIMITS,
  type LimitCheck,
  type LimitName,
  type PerProcessLimitName,
  type RateLimitName,
  type Rule,
} from './rules';

declareLimits(LIMIT_NAMES);

/** Events `consume` counted, which the flow may take back (a login that succeeded, a send that failed). */
export interface Consumed {
  takeBack(tx: Queryable): Promise<void>;
}

export interface RateLimiterOptions {
  /** BENCH_UNLIMITED=1 (never in production): per-IP buckets neither refuse nor count, for a load test. */
  liftIpLimits?: boolean;
}

/**
 * Buckets found full are remembered this long, so a client that keeps sending at its limit is refused without a
 * query. Memory only ever refuses, so the limits hold exactly across processes; a take-back forgets every full
 * bucket (another process's take-back is noticed at most this much later).
 */
export const REFUSAL_MEMORY_MS = 5000;
const MAX_FULL_BUCKETS = 50_000;

/** Whole seconds from `now` until `freeAt`, at least 1 (a Retry-After). */
const secondsUntil = (freeAt: number, now: Date) => Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));

/** Serialises every transaction that counts these buckets (in a fixed order, so two never deadlock). */
async function lockBuckets(tx: Queryable, checks: readonly LimitCheck[]): Promise<void> {
  // PGlite runs one transaction at a time: nothing to order (one query each saved on every limited call).
  if (tx.serialized) return;
  for (const bucket of [...new Set(checks.map((one) => one.bucket))].sort()) {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [bucket]);
  }
}

/** The longest window of a rate limit's rules, in seconds: how long its events matter. */
const longestWindow = (rules: readonly Rule[]) => Math.max(...rules.map((rule) => rule.windowSeconds));

/** A new rate limiter, with nothing in memory; one per app, shared by every flow. A wait above 0 is a 429's Retry-After. */
export function createRateLimiter(options: RateLimiterOptions = {}) {
  const lifted = (bucket: string) => options.liftIpLimits === true && bucket.includes(':ip:');
  const fullBuckets = new LRUCache<string, { freeAt: number; recheckAt: number; limit: LimitName }>({
    max: MAX_FULL_BUCKETS,
  });
  const inMemory = new Map<RateLimitName, MemoryLimiter>();

  /** Remembers that `bucket` refuses until `freeAt` (epoch ms), refused by `limit`. */
  function rememberFull(bucket: string, freeAt: number, now: Date, limit: LimitName): void {
    fullBuckets.set(bucket, { freeAt, recheckAt: now.getTime() + REFUSAL_MEMORY_MS, limit });
  }

  /** The seconds to wait when memory knows `bucket` is full, else 0. */
  function knownWait(bucket: string, now: Date): number {
    const full = fullBuckets.get(bucket);
    if (!full) return 0;
    const at = now.getTime();
    if (at >= full.freeAt || at >= full.recheckAt || at < full.recheckAt - REFUSAL_MEMORY_MS) {
      fullBuckets.delete(bucket);
      return 0;
    }
    if (lifted(bucket)) return 0;
    countRefusal(full.limit);
    return secondsUntil(full.freeAt, now);
  }

  /** Seconds until the check's bucket may count another event under every rule; 0 when it may now. */
  async function retryAfter(tx: Queryable, { limit, bucket, rules = LIMITS[limit].rules }: LimitCheck, now: Date) {
    if (lifted(bucket)) return 0;
    const known = knownWait(bucket, now);
    if (known) return known;
    const most = Math.max(...rules.map((rule) => rule.limit));
    const rows = await tx.query<{ at: Date }>(
      'select at from rate_events where bucket = $1 and at > $2 order by at desc limit $3',
      [bucket, new Date(now.getTime() - longestWindow(rules) * 1000), most],
    );
    let freeAt = 0;
    for (const rule of rules) {
      const since = now.getTime() - rule.windowSeconds * 1000;
      const inWindow = rows.filter((row) => row.at.getTime() > since);
      if (inWindow.length < rule.limit) continue;
      // The window has room again once the limit-th newest event has left it.
      freeAt = Math.max(freeAt, inWindow[rule.limit - 1].at.getTime() + rule.windowSeconds * 1000);
    }
    if (!freeAt) return 0;
    countRefusal(limit);
    rememberFull(bucket, freeAt, now, limit);
    return secondsUntil(freeAt, now);
  }

  return {
    /** The wait memory alone knows (a bucket found full, a back-off), asked before the transaction; 0: ask `check`. */
    knownWait(checks: readonly (LimitCheck | BackoffLock)[], now: Date): number {
      // Every check is asked (each counts its own refusal), as the database would be.
      return Math.max(0, ...checks.map((one) => knownWait(one.bucket, now)));
    },

    /** Seconds until every check admits one more event, after locking the buckets in `tx` unless `lock` is false. */
    async check(tx: Queryable, checks: readonly LimitCheck[], now: Date, { lock = true } = {}): Promise<number> {
      if (lock) await lockBuckets(tx, checks);
      let wait = 0;
      for (const one of checks) wait = Math.max(wait, await retryAfter(tx, one, now));
      return wait;
    },

    /**
     * How full each check's bucket is, for limits that are budgets (many events, where `check` would read each
     * one): the fullest rule's share with one more event counted (1 = this event would take the last place), and
     * the wait when that is over 1. Locks the buckets in `tx` unless `lock` is false.
     */
    async usage(
      tx: Queryable,
      checks: readonly LimitCheck[],
      now: Date,
      { lock = true } = {},
    ): Promise<{ check: LimitCheck; share: number; wait: number }[]> {
      if (lock) await lockBuckets(tx, checks);
      const answers = [];
      for (const one of checks) {
        const rules = one.rules ?? LIMITS[one.limit].rules;
        let share = 0;
        let freeAt = 0;
        for (const rule of rules) {
          const since = new Date(now.getTime() - rule.windowSeconds * 1000);
          const [{ count }] = await tx.query<{ count: number }>(
            'select count(*)::int as count from rate_events where bucket = $1 and at > $2',
            [one.bucket, since],
          );
          share = Math.max(share, (count + 1) / rule.limit);
          if (count < rule.limit) continue;
          // The window has room again once the limit-th newest event has left it.
          const [oldest] = await tx.query<{ at: Date }>(
            'select at from rate_events where bucket = $1 and at > $2 order by at desc offset $3 limit 1',
            [one.bucket, since, rule.limit - 1],
          );
          freeAt = Math.max(freeAt, (oldest?.at.getTime() ?? now.getTime()) + rule.windowSeconds * 1000);
        }
        const wait = freeAt ? secondsUntil(freeAt, now) : 0;
        if (wait) {
          countRefusal(one.limit);
          rememberFull(one.bucket, freeAt, now, one.limit);
        }
        answers.push({ check: one, share, wait });
      }
      return answers;
    },

    /** Counts one event in each check's bucket; the handle takes them back. */
    async consume(tx: Queryable, checks: readonly LimitCheck[], now: Date): Promise<Consumed> {
      const ids: number[] = [];
      for (const { limit, bucket, rules = LIMITS[limit].rules } of checks) {
        if (lifted(bucket)) continue;
        const keep = longestWindow(rules);
        const [row] = await tx.query<{ id: number }>(
          'insert into rate_events (bucket, at, expires_at) values ($1, $2, $3) returning id',
          [bucket, now, new Date(now.getTime() + keep * 1000)],
        );
        ids.push(row.id);
      }
      return {
        async takeBack(tx: Queryable) {
          if (!ids.length) return;
          fullBuckets.clear();
          await tx.query('delete from rate_events where id = any($1::bigint[])', [ids]);
        },
      };
    },

    /** Forgets every event counted in these buckets (a password reset ends an account's failures). */
    async forget(tx: Queryable, checks: readonly LimitCheck[]): Promise<void> {
      fullBuckets.clear();
      await tx.query('delete from rate_events where bucket = any($1::text[])', [checks.map((one) => one.bucket)]);
    },

    /** A back-off in force until `until`, found by the caller: counts the refusal, and memory refuses until then. */
    refuseUntil(lock: BackoffLock, until: Date, now: Date): void {
      countRefusal(lock.limit);
      rememberFull(lock.bucket, until.getTime(), now, lock.limit);
    },

    /** Counts a `perProcess` limit's event in memory unless a rule is full: then the wait (the caller counts it). */
    countInMemory({ limit, bucket }: LimitCheck<PerProcessLimitName>, now: Date): number {
      if (lifted(bucket)) return 0;
      let limiter = inMemory.get(limit);
      if (!limiter) {
        limiter = new MemoryLimiter(LIMITS[limit].rules);
        inMemory.set(limit, limiter);
      }
      return limiter.hit(bucket, now);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
