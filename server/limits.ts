/**
 * Every limit of the server in one place: rate limits, attempts and back-off, and the size of what a request
 * may send. Rate limits are kept in the database, so they hold across server processes. Each counted event is a row of
 * `rate_events` in a named bucket ("sms:phone:86:13800138000"); a rule allows `limit` events in any sliding
 * window of `windowSeconds`. Callers run check and record in one transaction after `lockBuckets`, which takes a
 * transaction-scoped advisory lock per bucket: two processes counting the same bucket wait for each other, so
 * neither can slip past a limit in between.
 */
import type { Queryable } from './db/database';
import { countRefusal, declareLimits } from './metrics';

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

/** What refuses a request, as the metrics name it: a rule set of LIMITS, or the per-account login back-off. */
export type LimitName = keyof typeof LIMITS | 'loginBackoff';
const LIMIT_OF_RULES = new Map<Rule[], LimitName>(
  Object.entries(LIMITS).map(([name, rules]) => [rules, name as keyof typeof LIMITS]),
);
declareLimits([...LIMIT_OF_RULES.values(), 'loginBackoff']);

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

export const bucket = {
  smsPhone: (countryCode: number, phone: string) => `sms:phone:${countryCode}:${phone}`,
  smsIp: (ip: string) => `sms:ip:${ip}`,
  puzzleIp: (ip: string) => `captcha:ip:${ip}`,
  loginAccount: (tenantId: number, countryCode: number, phone: string) =>
    `login:account:${tenantId}:${countryCode}:${phone}`,
  loginIp: (ip: string) => `login:ip:${ip}`,
  /** Not a bucket of rate_events: the memory key of an account's back-off (login_throttles.locked_until). */
  loginLock: (tenantId: number, countryCode: number, phone: string) => `login:lock:${tenantId}:${countryCode}:${phone}`,
  qrCodeIp: (ip: string) => `qr:create:ip:${ip}`,
  qrPollIp: (ip: string) => `qr:poll:ip:${ip}`,
  likeIp: (ip: string) => `college:like:ip:${ip}`,
};

/** Serialises every transaction that counts these buckets (in a fixed order, so two never deadlock). */
export async function lockBuckets(tx: Queryable, names: string[]): Promise<void> {
  // PGlite runs one transaction at a time: nothing to order (one query each saved on every limited call).
  if (tx.serialized) return;
  for (const name of [...new Set(names)].sort()) {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [name]);
  }
}

/** Seconds until the bucket may count another event under every rule; 0 when it may now. */
export async function retryAfter(tx: Queryable, name: string, rules: Rule[], now: Date): Promise<number> {
  if (ipLimitLifted(name)) return 0;
  const known = knownWait(name, now);
  if (known) return known;
  const longest = Math.max(...rules.map((rule) => rule.windowSeconds));
  const most = Math.max(...rules.map((rule) => rule.limit));
  const rows = await tx.query<{ at: Date }>(
    'select at from rate_events where bucket = $1 and at > $2 order by at desc limit $3',
    [name, new Date(now.getTime() - longest * 1000), most],
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
  const limit = LIMIT_OF_RULES.get(rules);
  if (limit) countRefusal(limit);
  rememberFull(name, freeAt, now, limit);
  return secondsUntil(freeAt, now);
}

/** Whole seconds from `now` until `freeAt`, at least 1 (a Retry-After). */
const secondsUntil = (freeAt: number, now: Date) => Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));

/**
 * Buckets this process found full, remembered for a few seconds: a client that keeps sending at its limit (someone
 * guessing passwords, a script asking for SMS codes) is refused from memory, without a transaction or a query,
 * with the same Retry-After the database would give. Memory only ever refuses: it never admits what the database
 * would refuse, so the limits hold exactly across processes. It can refuse what the database would now admit
 * only when counted events were taken back (a login that succeeded, a send the SMS provider failed): this process
 * forgets every full bucket when it takes events back, and a take-back by another process is noticed at the next
 * check, at most REFUSAL_MEMORY_MS later.
 */
export const REFUSAL_MEMORY_MS = 5000;
const MAX_FULL_BUCKETS = 50_000;
const fullBuckets = new Map<string, { freeAt: number; recheckAt: number; limit?: LimitName }>();

/**
 * Remembers that `name` refuses until `freeAt` (epoch ms); also for refusals that are not buckets (a login
 * back-off). `limit` names what refuses, for the metrics of the refusals memory answers.
 */
export function rememberFull(name: string, freeAt: number, now: Date, limit?: LimitName): void {
  if (!fullBuckets.has(name) && fullBuckets.size >= MAX_FULL_BUCKETS) {
    const oldest = fullBuckets.keys().next().value;
    if (oldest !== undefined) fullBuckets.delete(oldest);
  }
  fullBuckets.set(name, { freeAt, recheckAt: now.getTime() + REFUSAL_MEMORY_MS, limit });
}

/** The seconds to wait when memory knows `name` is full (see above), else 0 (which means: ask the database). */
export function knownWait(name: string, now: Date): number {
  const full = fullBuckets.get(name);
  if (!full) return 0;
  const at = now.getTime();
  if (at >= full.freeAt || at >= full.recheckAt || at < full.recheckAt - REFUSAL_MEMORY_MS) {
    fullBuckets.delete(name);
    return 0;
  }
  if (ipLimitLifted(name)) return 0;
  if (full.limit) countRefusal(full.limit);
  return secondsUntil(full.freeAt, now);
}

/** Forgets every bucket memory knows full: events were taken back, so one of them may have room. */
export function forgetFullBuckets(): void {
  fullBuckets.clear();
}

export async function recordEvent(tx: Queryable, name: string, rules: Rule[], now: Date): Promise<number> {
  if (ipLimitLifted(name)) return 0;
  const keep = Math.max(...rules.map((rule) => rule.windowSeconds));
  const [row] = await tx.query<{ id: number }>(
    'insert into rate_events (bucket, at, expires_at) values ($1, $2, $3) returning id',
    [name, now, new Date(now.getTime() + keep * 1000)],
  );
  return row.id;
}

export async function forgetEvents(tx: Queryable, ids: number[]): Promise<void> {
  ids = ids.filter((id) => id !== 0);
  if (!ids.length) return;
  forgetFullBuckets();
  await tx.query('delete from rate_events where id = any($1::bigint[])', [ids]);
}

/**
 * BENCH_UNLIMITED=1 (never in production, see settings.ts): the per-IP buckets (`…:ip:…`) neither refuse nor
 * count, so a load test from one address measures the server and not the limiter. Per-account and per-phone
 * limits stay. Set by `createApp` from its settings.
 */
let ipLimitsLifted = false;
export function liftIpLimits(lifted: boolean): void {
  ipLimitsLifted = lifted;
}
export function ipLimitLifted(name: string): boolean {
  return ipLimitsLifted && name.includes(':ip:');
}

/**
 * A per-process sliding-window limiter kept in memory, for the QR status poll only (docs/decisions/025-serving-speed-and-hot-api-calls.md, "The QR
 * poll limit is per process"): exact within one process, and with N processes an address may poll up to N times
 * the limit. Each tracked address keeps the times of its events in the longest window; at most `maxKeys`
 * addresses are tracked (the least recently seen is forgotten first).
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
