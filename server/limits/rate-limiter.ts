/**
 * The rate limiter that counts the rules of LIMITS (rules.ts). Rate limits are kept in the database, so they hold
 * across server processes. Each counted event is a row of `rate_events` in a named bucket
 * ("sms:phone:86:13800138000"); a rule allows `limit` events in any sliding window of `windowSeconds`. A flow names
 * what it counts (`limit.smsPerIp(ip)`) and asks the app's `RateLimiter`, in one transaction: `check` takes a
 * transaction-scoped advisory lock per bucket and says how long to wait, then `consume` counts. Two processes
 * counting the same bucket wait for each other, so neither can slip past a limit in between.
 *
 * Hand-written because the count belongs to the flow's own transaction (counted before the check, taken back on
 * success, docs/decisions/007-accounts-server.md): rate-limiter-flexible's PostgreSQL store counts on its own
 * connection outside it, in fixed windows, and has no PGlite client (docs/decisions/039-limits-rules-and-counting.md).
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

/** Events `consume` counted, which the flow may take back. */
export interface Consumed {
  /**
   * Forgets the counted events (a login that succeeded, a send the SMS provider failed), and every bucket memory
   * knows full: one of them may have room now.
   */
  takeBack(tx: Queryable): Promise<void>;
}

/**
 * The rate limiter of one app (`createRateLimiter`): the counts in the database, and what it remembers of them.
 * A flow asks `knownWait` before its transaction, then in the transaction `check` (which locks the buckets) and
 * `consume`; a wait above 0 is its 429's Retry-After.
 */
export interface RateLimiter {
  /**
   * The seconds to wait that memory alone knows for any of `checks` (a bucket this limiter found full, an
   * account's back-off), without a query; 0 means: ask the database (`check`).
   */
  knownWait(checks: readonly (LimitCheck | BackoffLock)[], now: Date): number;
  /**
   * Seconds until every check admits one more event (0 = now). First locks the buckets in `tx` (a transaction), so
   * that no other process counts them until it ends: `consume` in the same transaction. `lock: false` for a look
   * outside a transaction, which the transaction repeats.
   */
  check(tx: Queryable, checks: readonly LimitCheck[], now: Date, options?: { lock?: boolean }): Promise<number>;
  /** Counts one event in each check's bucket; the handle takes them back. */
  consume(tx: Queryable, checks: readonly LimitCheck[], now: Date): Promise<Consumed>;
  /** Forgets every event counted in these buckets (a password reset ends an account's failures). */
  forget(tx: Queryable, checks: readonly LimitCheck[]): Promise<void>;
  /** A back-off in force until `until`, found by the caller: counts the refusal, and memory refuses until then. */
  refuseUntil(lock: BackoffLock, until: Date, now: Date): void;
  /**
   * Counts one event in this process's memory only (a limit of LIMITS marked `perProcess`: the QR status poll),
   * unless a rule is full: then the seconds to wait (0 = counted). The caller counts the refusal in the metrics.
   */
  countInMemory(check: LimitCheck<PerProcessLimitName>, now: Date): number;
}

/** How `createRateLimiter` sets up a limiter. */
export interface RateLimiterOptions {
  /**
   * BENCH_UNLIMITED=1 (never in production, see the settings): the per-IP buckets (`…:ip:…`) neither refuse nor
   * count, so a load test from one address measures the server and not the limiter. Per-account and per-phone
   * limits stay.
   */
  liftIpLimits?: boolean;
}

/**
 * Buckets a limiter found full, remembered for a few seconds: a client that keeps sending at its limit (someone
 * guessing passwords, a script asking for SMS codes) is refused from memory, without a transaction or a query,
 * with the same Retry-After the database would give. Memory only ever refuses: it never admits what the database
 * would refuse, so the limits hold exactly across processes. It can refuse what the database would now admit
 * only when counted events were taken back (a login that succeeded, a send the SMS provider failed): the limiter
 * forgets every full bucket when it takes events back, and a take-back by another process is noticed at the next
 * check, at most REFUSAL_MEMORY_MS later.
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

/** A new rate limiter, with nothing in memory; one per app, shared by every flow. */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
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
  async function retryAfter(tx: Queryable, { limit, bucket }: LimitCheck, now: Date): Promise<number> {
    if (lifted(bucket)) return 0;
    const known = knownWait(bucket, now);
    if (known) return known;
    const rules = LIMITS[limit].rules;
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
    knownWait(checks, now) {
      // Every check is asked (each counts its own refusal), as the database would be.
      return Math.max(0, ...checks.map((one) => knownWait(one.bucket, now)));
    },

    async check(tx, checks, now, { lock = true } = {}) {
      if (lock) await lockBuckets(tx, checks);
      let wait = 0;
      for (const one of checks) wait = Math.max(wait, await retryAfter(tx, one, now));
      return wait;
    },

    async consume(tx, checks, now) {
      const ids: number[] = [];
      for (const { limit, bucket } of checks) {
        if (lifted(bucket)) continue;
        const keep = longestWindow(LIMITS[limit].rules);
        const [row] = await tx.query<{ id: number }>(
          'insert into rate_events (bucket, at, expires_at) values ($1, $2, $3) returning id',
          [bucket, now, new Date(now.getTime() + keep * 1000)],
        );
        ids.push(row.id);
      }
      return {
        async takeBack(tx) {
          if (!ids.length) return;
          fullBuckets.clear();
          await tx.query('delete from rate_events where id = any($1::bigint[])', [ids]);
        },
      };
    },

    async forget(tx, checks) {
      fullBuckets.clear();
      await tx.query('delete from rate_events where bucket = any($1::text[])', [checks.map((one) => one.bucket)]);
    },

    refuseUntil(lock, until, now) {
      countRefusal(lock.limit);
      rememberFull(lock.bucket, until.getTime(), now, lock.limit);
    },

    countInMemory({ limit, bucket }, now) {
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
