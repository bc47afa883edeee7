/**
 * Every limit of the server in one place: rate limits, attempts and back-off, the size of what a request may
 * send, and the rate limiter that counts. Rate limits are kept in the database, so they hold across server
 * processes. Each counted event is a row of `rate_events` in a named bucket ("sms:phone:86:13800138000"); a rule
 * allows `limit` events in any sliding window of `windowSeconds`. A flow names what it counts (`limit.smsPerIp(ip)`)
 * and asks the app's `RateLimiter`, in one transaction: `check` takes a transaction-scoped advisory lock per bucket
 * and says how long to wait, then `consume` counts. Two processes counting the same bucket wait for each other, so
 * neither can slip past a limit in between.
 */
import type { Queryable } from './db/database';
import { countRefusal, declareLimits } from './ops/metrics';

export interface Rule {
  limit: number;
  windowSeconds: number;
}

/** Every rate limit of the API (docs/api.md repeats them). */
export const LIMITS = {
  /** SMS codes to one phone number (any tenant, any purpose). */
  smsPerPhone: [
    { limit: 1, windowSeconds: 60 },
    { limit: 5, windowSeconds: 3600 },
    { limit: 10, windowSeconds: 86_400 },
  ],
  /** SMS codes requested from one IP address. */
  smsPerIp: [{ limit: 20, windowSeconds: 3600 }],
  /** Captcha puzzles from one IP address. */
  puzzlesPerIp: [{ limit: 30, windowSeconds: 600 }],
  /** Failed logins (password or code) of one account (tenant + phone, registered or not). */
  loginFailuresPerAccount: [{ limit: 100, windowSeconds: 3600 }],
  /** Failed logins from one IP address. */
  loginFailuresPerIp: [{ limit: 50, windowSeconds: 3600 }],
  /** Login QR codes (scan login) created from one IP address. */
  qrCodesPerIp: [
    { limit: 10, windowSeconds: 60 },
    { limit: 60, windowSeconds: 3600 },
  ],
  /** QR status polls from one IP address (a page polls every 2 s: 30 a minute). */
  qrPollsPerIp: [{ limit: 120, windowSeconds: 60 }],
  /**
   * New likes counted from one IP address (a visitor who keeps its cookie can like each article once anyway;
   * this holds a client that drops its cookie to like again).
   */
  likesPerIp: [{ limit: 60, windowSeconds: 3600 }],
} satisfies Record<string, Rule[]>;

/** A rate limit of LIMITS, by name. */
export type RateLimitName = keyof typeof LIMITS;
/** What refuses a request, as the metrics name it: a rule set of LIMITS, or the per-account login back-off. */
export type LimitName = RateLimitName | 'loginBackoff';
declareLimits([...(Object.keys(LIMITS) as RateLimitName[]), 'loginBackoff']);

/** Wrong tries of one SMS code before it is used up. */
export const CODE_MAX_ATTEMPTS = 5;

/** Failed binds of one scanned QR code before it fails for good (bind_failed). */
export const MAX_BIND_FAILURES = 5;

/** Sizes of what a request may send, in bytes. */
export const SIZE_LIMITS = {
  /** An API body (JSON); most are a few hundred bytes. Refused with 413 before parsing. */
  apiBody: 16 * 1024,
  /** A webhook's XML document (the messaging platform's events). */
  webhookXml: 16 * 1024,
  /** A phone page's form (simulator, confirm page). */
  phoneForm: 4 * 1024,
  /** One request on the admin control socket. */
  adminRequest: 64 * 1024,
} as const;

/** Per-account back-off: after the 5th consecutive failure 1 minute, doubling each time, at most 15 minutes. */
export const LOGIN_BACKOFF = { freeFailures: 4, firstSeconds: 60, maxSeconds: 900, forgetAfterSeconds: 86_400 };

/** The wait after `failures` consecutive failures (0 while below the threshold). */
export function backoffSeconds(failures: number): number {
  if (failures <= LOGIN_BACKOFF.freeFailures) return 0;
  return Math.min(
    LOGIN_BACKOFF.firstSeconds * 2 ** (failures - LOGIN_BACKOFF.freeFailures - 1),
    LOGIN_BACKOFF.maxSeconds,
  );
}

/**
 * An account's back-off after one more failed login: its consecutive failures (those before are forgotten after
 * a day without one) and the moment it may try again (null while below the threshold).
 */
export function nextBackoff(
  previous: { failures: number; lastFailureAt: Date } | undefined,
  now: Date,
): { failures: number; lockedUntil: Date | null } {
  const recent = previous && now.getTime() - previous.lastFailureAt.getTime() < LOGIN_BACKOFF.forgetAfterSeconds * 1000;
  const failures = (recent ? previous.failures : 0) + 1;
  const seconds = backoffSeconds(failures);
  return { failures, lockedUntil: seconds ? new Date(now.getTime() + seconds * 1000) : null };
}

/** One rule set of LIMITS applied to one bucket of `rate_events` ("sms:phone:86:13800138000"). */
export interface LimitCheck {
  limit: RateLimitName;
  bucket: string;
}

/** An account's login back-off (login_throttles.locked_until): no bucket of `rate_events`, but memory can hold it. */
export interface BackoffLock {
  limit: 'loginBackoff';
  bucket: string;
}

/** An account as the login limits know it: tenant and phone, registered or not. */
interface Account {
  tenantId: number;
  countryCode: number;
  phone: string;
}

const check = (name: RateLimitName, bucket: string): LimitCheck => ({ limit: name, bucket });

/** What each flow counts, by the name of its limit: `limit.smsPerPhone(86, '13800138000')`. */
export const limit = {
  smsPerPhone: (countryCode: number, phone: string) => check('smsPerPhone', `sms:phone:${countryCode}:${phone}`),
  smsPerIp: (ip: string) => check('smsPerIp', `sms:ip:${ip}`),
  puzzlesPerIp: (ip: string) => check('puzzlesPerIp', `captcha:ip:${ip}`),
  loginFailuresPerAccount: (account: Account) =>
    check('loginFailuresPerAccount', `login:account:${account.tenantId}:${account.countryCode}:${account.phone}`),
  loginFailuresPerIp: (ip: string) => check('loginFailuresPerIp', `login:ip:${ip}`),
  qrCodesPerIp: (ip: string) => check('qrCodesPerIp', `qr:create:ip:${ip}`),
  qrPollsPerIp: (ip: string) => check('qrPollsPerIp', `qr:poll:ip:${ip}`),
  likesPerIp: (ip: string) => check('likesPerIp', `college:like:ip:${ip}`),
  loginBackoff: (account: Account): BackoffLock => ({
    limit: 'loginBackoff',
    bucket: `login:lock:${account.tenantId}:${account.countryCode}:${account.phone}`,
  }),
} satisfies Record<LimitName, (...args: never[]) => LimitCheck | BackoffLock>;

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
   * Counts one event in this process's memory only (the QR status poll, `MemoryLimiter`), unless a rule is full:
   * then the seconds to wait (0 = counted). The caller counts the refusal in the metrics.
   */
  countInMemory(check: LimitCheck, now: Date): number;
}

/** How `createRateLimiter` sets up a limiter. */
export interface RateLimiterOptions {
  /**
   * BENCH_UNLIMITED=1 (never in production, see settings.ts): the per-IP buckets (`…:ip:…`) neither refuse nor
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

/** A new rate limiter, with nothing in memory; one per app, shared by every flow. */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const lifted = (bucket: string) => options.liftIpLimits === true && bucket.includes(':ip:');
  const fullBuckets = new Map<string, { freeAt: number; recheckAt: number; limit: LimitName }>();
  const inMemory = new Map<RateLimitName, MemoryLimiter>();

  /** Remembers that `bucket` refuses until `freeAt` (epoch ms), refused by `limit`. */
  function rememberFull(bucket: string, freeAt: number, now: Date, limit: LimitName): void {
    if (!fullBuckets.has(bucket) && fullBuckets.size >= MAX_FULL_BUCKETS) {
      const oldest = fullBuckets.keys().next().value;
      if (oldest !== undefined) fullBuckets.delete(oldest);
    }
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
    const rules: Rule[] = LIMITS[limit];
    const longest = Math.max(...rules.map((rule) => rule.windowSeconds));
    const most = Math.max(...rules.map((rule) => rule.limit));
    const rows = await tx.query<{ at: Date }>(
      'select at from rate_events where bucket = $1 and at > $2 order by at desc limit $3',
      [bucket, new Date(now.getTime() - longest * 1000), most],
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
        const keep = Math.max(...LIMITS[limit].map((rule: Rule) => rule.windowSeconds));
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
        limiter = new MemoryLimiter(LIMITS[limit]);
        inMemory.set(limit, limiter);
      }
      return limiter.hit(bucket, now);
    },
  };
}

/**
 * A per-process sliding-window limiter kept in memory, for the QR status poll only (`RateLimiter.countInMemory`;
 * docs/decisions/025-serving-speed-and-hot-api-calls.md, "The QR poll limit is per process"): exact within one
 * process, and with N processes an address may poll up to N times the limit. Each tracked key keeps the times of
 * its events in the longest window; at most `maxKeys` keys are tracked (the least recently seen is forgotten
 * first).
 */
export class MemoryLimiter {
  private readonly events = new Map<string, number[]>();
  private readonly longestMs: number;
  private readonly most: number;

  constructor(
    private readonly rules: Rule[],
    private readonly maxKeys = 50_000,
  ) {
    this.longestMs = Math.max(...rules.map((rule) => rule.windowSeconds)) * 1000;
    this.most = Math.max(...rules.map((rule) => rule.limit));
  }

  /** Counts one event for `key` unless a rule is full: then returns the seconds to wait (0 = counted). */
  hit(key: string, now: Date): number {
    const at = now.getTime();
    let times = this.events.get(key);
    if (times) {
      this.events.delete(key);
      let drop = 0;
      while (drop < times.length && times[drop] <= at - this.longestMs) drop++;
      if (drop) times.splice(0, drop);
    } else {
      times = [];
      if (this.events.size >= this.maxKeys) {
        const oldest = this.events.keys().next().value;
        if (oldest !== undefined) this.events.delete(oldest);
      }
    }
    this.events.set(key, times);
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
