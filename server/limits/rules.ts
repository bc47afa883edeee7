/**
 * Every limit of the product, as rules (rate limits per address, phone or account; the login back-off; tries;
 * request sizes). Nothing here counts (rate-limiter.ts does); docs/api.md's limits tables are generated from it.
 */
import { addressKey } from './address-key';

export interface Rule {
  limit: number;
  windowSeconds: number;
}

/** What a rate limit counts per, in the words docs/api.md uses for the key. */
export const KEYS = {
  address: 'IP address (IPv6: its /64)',
  phone: 'country + number',
  account: 'tenant + phone, registered or not',
  country: 'country',
  site: 'the whole site',
  accountAddress: 'tenant + phone + IP address (IPv6: its /64)',
  operator: "the operator's name tried (existing or not)",
} as const;

/** One rate limit: what it counts, per what, its rules, and whether each process counts it alone. */
export interface RateLimit {
  /** What is counted, as docs/api.md says it. */
  readonly about: string;
  readonly per: keyof typeof KEYS;
  readonly rules: readonly Rule[];
  /** Counted in each process's memory, not the database: N processes allow up to N times the rules. */
  readonly perProcess?: true;
}

/** Every rate limit of the API. */
export const LIMITS = {
  // Register codes and login/reset codes are counted apart, each whether or not it is delivered (else the
  // answers would tell which phones have accounts): a stranger's register codes for a registered phone, which
  // deliver nothing, cannot use up the login and reset codes its owner needs.
  smsPerPhone: {
    about: 'SMS login and reset codes to a phone (any brand; also those not sent, for a phone without an account)',
    per: 'phone',
    rules: [
      { limit: 1, windowSeconds: 60 },
      { limit: 5, windowSeconds: 3600 },
      { limit: 10, windowSeconds: 86_400 },
    ],
  },
  smsRegisterPerPhone: {
    about: 'SMS register codes to a phone (also those not sent, for a phone registered on that brand)',
    per: 'account',
    rules: [
      { limit: 1, windowSeconds: 60 },
      { limit: 5, windowSeconds: 3600 },
      { limit: 10, windowSeconds: 86_400 },
    ],
  },
  smsPerIp: {
    about: 'SMS codes requested from an address',
    per: 'address',
    rules: [{ limit: 20, windowSeconds: 3600 }],
  },
  // The SMS budgets: their rules are settings (SMS_BUDGET_*); these are the defaults, and a check carries the
  // rules in force (limit.smsBudgetPerCountry). Only sends that deliver a code count.
  smsBudgetPerCountry: {
    about:
      'SMS codes delivered to one country (`SMS_BUDGET_COUNTRY`, `SMS_BUDGET_COUNTRIES`: China 300 an hour and 3000 a day)',
    per: 'country',
    rules: [
      { limit: 20, windowSeconds: 3600 },
      { limit: 100, windowSeconds: 86_400 },
    ],
  },
  smsBudgetTotal: {
    about: 'SMS codes delivered, all countries together (`SMS_BUDGET_TOTAL`)',
    per: 'site',
    rules: [
      { limit: 500, windowSeconds: 3600 },
      { limit: 5000, windowSeconds: 86_400 },
    ],
  },
  puzzlesPerIp: { about: 'captcha puzzles', per: 'address', rules: [{ limit: 30, windowSeconds: 600 }] },
  loginFailuresPerAccount: {
    about: 'failed logins (password or code) of an account',
    per: 'account',
    rules: [{ limit: 100, windowSeconds: 3600 }],
  },
  loginFailuresPerIp: {
    about: 'failed logins from an address',
    per: 'address',
    rules: [{ limit: 50, windowSeconds: 3600 }],
  },
  // The back-off of one address against one account: an attacker's failures hold the attacker, not the owner
  // elsewhere (docs/decisions/045-lock-outs-that-hit-the-attacker.md).
  loginFailuresPerAccountIp: {
    about: 'failed logins of an account from one address',
    per: 'accountAddress',
    rules: [
      { limit: 5, windowSeconds: 900 },
      { limit: 20, windowSeconds: 86_400 },
    ],
  },
  // Each one tries a code (and would tell a registered phone from another): decision 045.
  registerAttemptsPerIp: {
    about: 'registrations tried from an address (web and WeChat, right code or not)',
    per: 'address',
    rules: [
      { limit: 10, windowSeconds: 600 },
      { limit: 50, windowSeconds: 86_400 },
    ],
  },
  qrCodesPerIp: {
    about: 'login QR codes (scan login) created',
    per: 'address',
    rules: [
      { limit: 10, windowSeconds: 60 },
      { limit: 60, windowSeconds: 3600 },
    ],
  },
  // A page polls every 2 s: 30 a minute. Counted per process (docs/decisions/025-serving-speed-and-hot-api-calls.md).
  qrPollsPerIp: {
    about: 'QR status polls (scan login)',
    per: 'address',
    rules: [{ limit: 120, windowSeconds: 60 }],
    perProcess: true,
  },
  // A visitor who keeps its cookie can like each article once anyway: this holds one that drops it to like again.
  likesPerIp: {
    about: 'new likes of college articles',
    per: 'address',
    rules: [{ limit: 60, windowSeconds: 3600 }],
  },
  // The operator's console (docs/decisions/046-operators-console.md): a name tried for an operator that does not
  // exist counts like one that does, so the 429 tells nothing either.
  consoleLoginFailuresPerName: {
    about: "failed sign-ins to the operator's console with one name",
    per: 'operator',
    rules: [
      { limit: 5, windowSeconds: 900 },
      { limit: 20, windowSeconds: 86_400 },
    ],
  },
  consoleLoginFailuresPerIp: {
    about: "failed sign-ins to the operator's console from an address",
    per: 'address',
    rules: [
      { limit: 10, windowSeconds: 900 },
      { limit: 50, windowSeconds: 86_400 },
    ],
  },
} as const satisfies Record<string, RateLimit>;

/** A rate limit of LIMITS, by name. */
export type RateLimitName = keyof typeof LIMITS;
/** The rate limits each process counts in its memory alone (`RateLimiter.countInMemory`). */
export type PerProcessLimitName = {
  [Name in RateLimitName]: (typeof LIMITS)[Name] extends { perProcess: true } ? Name : never;
}[RateLimitName];
/** What refuses a request, as the metrics name it: a rate limit of LIMITS, or the per-account login back-off. */
export type LimitName = RateLimitName | 'loginBackoff';
export const LIMIT_NAMES: readonly LimitName[] = [...(Object.keys(LIMITS) as RateLimitName[]), 'loginBackoff'];

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

/**
 * Per-account back-off: after the 5th consecutive failure 1 minute, doubling each time, at most 15 minutes. While
 * it runs, an address that never signed in to the account needs a captcha ticket for each attempt (40005); one that
 * did goes on (docs/decisions/045-lock-outs-that-hit-the-attacker.md).
 */
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

/** One rate limit of LIMITS applied to one bucket of events ("sms:phone:86:13800138000"). */
export interface LimitCheck<Name extends RateLimitName = RateLimitName> {
  limit: Name;
  bucket: string;
  /** The rules in force when they are settings (the SMS budgets); else LIMITS[limit].rules. */
  rules?: readonly Rule[];
}

/** An account's login back-off (login_throttles.locked_until): no bucket of events, but memory can hold it. */
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

const check = <Name extends RateLimitName>(name: Name, bucket: string): LimitCheck<Name> => ({ limit: name, bucket });

/** An SMS budget's rules: so many an hour and so many a day. */
const hourlyDaily = ({ hourly, daily }: { hourly: number; daily: number }): Rule[] => [
  { limit: hourly, windowSeconds: 3600 },
  { limit: daily, windowSeconds: 86_400 },
];

/**
 * The bucket of a per-address limit: every one is built here, and only these have `:ip:` in their name (what
 * BENCH_UNLIMITED lifts); an IPv6 client counts by its /64 (./address-key.ts).
 */
const byAddress = (prefix: string, ip: string) => `${prefix}:ip:${addressKey(ip)}`;
const byAccount = (prefix: string, account: Account) =>
  `${prefix}:${account.tenantId}:${account.countryCode}:${account.phone}`;

/** What each flow counts, by the name of its limit: `limit.smsPerPhone(86, '13800138000')`. */
export const limit = {
  smsPerPhone: (countryCode: number, phone: string) => check('smsPerPhone', `sms:phone:${countryCode}:${phone}`),
  smsRegisterPerPhone: (account: Account) => check('smsRegisterPerPhone', byAccount('sms:register', account)),
  smsPerIp: (ip: string) => check('smsPerIp', byAddress('sms', ip)),
  smsBudgetPerCountry: (countryCode: number, budget: { hourly: number; daily: number }) => ({
    ...check('smsBudgetPerCountry', `sms:budget:country:${countryCode}`),
    rules: hourlyDaily(budget),
  }),
  smsBudgetTotal: (budget: { hourly: number; daily: number }) => ({
    ...check('smsBudgetTotal', 'sms:budget:total'),
    rules: hourlyDaily(budget),
  }),
  puzzlesPerIp: (ip: string) => check('puzzlesPerIp', byAddress('captcha', ip)),
  loginFailuresPerAccount: (account: Account) => check('loginFailuresPerAccount', byAccount('login:account', account)),
  loginFailuresPerIp: (ip: string) => check('loginFailuresPerIp', byAddress('login', ip)),
  loginFailuresPerAccountIp: (account: Account, ip: string) =>
    check('loginFailuresPerAccountIp', byAddress(byAccount('login:pair', account), ip)),
  registerAttemptsPerIp: (ip: string) => check('registerAttemptsPerIp', byAddress('register', ip)),
  qrCodesPerIp: (ip: string) => check('qrCodesPerIp', byAddress('qr:create', ip)),
  qrPollsPerIp: (ip: string) => check('qrPollsPerIp', byAddress('qr:poll', ip)),
  likesPerIp: (ip: string) => check('likesPerIp', byAddress('college:like', ip)),
  consoleLoginFailuresPerName: (name: string) =>
    check('consoleLoginFailuresPerName', `console:login:name:${name.toLowerCase().replaceAll(':', '%3A')}`),
  consoleLoginFailuresPerIp: (ip: string) => check('consoleLoginFailuresPerIp', byAddress('console:login', ip)),
  loginBackoff: (account: Account): BackoffLock => ({
    limit: 'loginBackoff',
    bucket: byAccount('login:lock', account),
  }),
} satisfies Record<LimitName, (...args: never[]) => LimitCheck | BackoffLock>;
