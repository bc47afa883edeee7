/**
 * Login with a password or an SMS code (docs/product.md#calls): the limits per IP and per account and IP, the
 * account's limits and back-off (which ask an address that never signed in to the account for a captcha, decision 045),
 * then the credentials. `verifyLogin` and `clearLoginAttempt` are shared with the scan login's "bind an
 * account"; `clearLoginFailures` with the password reset, which ends a lock-out.
 */
import { CHANNEL_IDS, CLIENT_ID } from '../../shared/brand';
import type { LoginData, LoginInput, SmsPurpose } from '../../shared/contract/accounts';

export type { LoginInput };

import { ApiError, type RequestFacts } from '../api/http';
import type { Queryable } from '../db/database';
import type { Consumed } from '../limits/rate-limiter';
import { backoffSeconds, LOGIN_BACKOFF, limit, nextBackoff } from '../limits/rules';
import { countLockout, countLogin, countRefusal } from '../ops/metrics';
import { enqueueWebhookEvent } from '../webhooks/events';
import { recordRemoteTicket, redeemTicket } from './captcha';
import { consumeCode } from './codes';
import { type AccountsContext, commitThenThrow, phoneKey } from './context';
import * as errors from './errors';
import { dummyPasswordHash, NO_PASSWORD, verifyPassword } from './passwords';
import { insertAccount } from './registration';
import { startSession } from './sessions';
import { findUserByPhone, type PhoneKey, type UserRow } from './users';

/** The failed-login limits every attempt counts: its address, and its address against this account. */
const addressLimits = (ip: string, key: PhoneKey) => [
  limit.loginFailuresPerIp(ip),
  limit.loginFailuresPerAccountIp(key, ip),
];

/** How long an address that signed in to an account is trusted by it (docs/decisions/045-…). */
export const KNOWN_ADDRESS_DAYS = 90;

/**
 * Whether the account had a session started from this address in the last 90 days. Asked for an unregistered
 * phone too (with no user), so both take the same query.
 */
async function signedInFrom(tx: Queryable, user: UserRow | null, ip: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    'select 1 from sessions where user_id = $1 and created_ip = $2 and created_at > $3 limit 1',
    [user?.id ?? 0, ip, new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000)],
  );
  return rows.length > 0 && user !== null;
}

/** The consecutive failures at which an account's back-off first reaches its longest wait. */
const MAXED_FAILURES = (() => {
  let failures = LOGIN_BACKOFF.freeFailures + 1;
  while (backoffSeconds(failures) < LOGIN_BACKOFF.maxSeconds) failures++;
  return failures;
})();

/** A captcha ticket sent with a login: checked with a remote provider before the transaction. */
interface LoginTicket {
  ticket: string;
  /** A remote provider's verdict (null for the built-in slider, redeemed in the transaction). */
  remoteOk: boolean | null;
}

/**
 * Counts the attempt as a failure before checking it (and takes the count back on success), so parallel
 * attempts cannot all slip through before the back-off starts. The address's limits hold every attempt; the
 * account's (100 an hour, and the back-off) hold only addresses that never signed in to it: during the back-off
 * they need a captcha ticket for each attempt (40005), so an attacker elsewhere cannot lock the owner out.
 */
async function reserveLoginAttempt(
  ctx: AccountsContext,
  tx: Queryable,
  key: PhoneKey,
  user: UserRow | null,
  ip: string,
  ticket: LoginTicket | null,
  now: Date,
): Promise<{ consumed: Consumed; backoff: Throttle | null }> {
  const known = await signedInFrom(tx, user, ip, now);
  const checks = known ? addressLimits(ip, key) : [...addressLimits(ip, key), limit.loginFailuresPerAccount(key)];
  const limited = await ctx.limiter.check(tx, checks, now);
  if (limited > 0) throw errors.tooMany(limited, 'login');
  const [throttle] = await tx.query<Throttle>(
    'select failures, last_failure_at, locked_until from login_throttles where tenant_id = $1 and country_code = $2 and phone = $3',
    [key.tenantId, key.countryCode, key.phone],
  );
  const backingOff = throttle?.locked_until && throttle.locked_until.getTime() > now.getTime();
  if (backingOff && !known) {
    const genuine =
      ticket !== null &&
      (ticket.remoteOk === null
        ? await redeemTicket(tx, ticket.ticket, now)
        : ticket.remoteOk && (await recordRemoteTicket(tx, ticket.ticket, now)));
    if (!genuine) {
      countRefusal('loginBackoff');
      throw errors.needCaptcha();
    }
  }

  const next = nextBackoff(throttle && { failures: throttle.failures, lastFailureAt: throttle.last_failure_at }, now);
  if (next.lockedUntil && next.failures === LOGIN_BACKOFF.freeFailures + 1) countLockout('started');
  if (next.lockedUntil && next.failures === MAXED_FAILURES) countLockout('maxed');
  await tx.query(
    `insert into login_throttles (tenant_id, country_code, phone, failures, last_failure_at, locked_until)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (tenant_id, country_code, phone)
     do update set failures = excluded.failures, last_failure_at = excluded.last_failure_at,
                   locked_until = excluded.locked_until`,
    [key.tenantId, key.countryCode, key.phone, next.failures, now, next.lockedUntil],
  );
  // A back-off in force outlives a success (see clearLoginAttempt); one that is not is ended by it.
  return { consumed: await ctx.limiter.consume(tx, checks, now), backoff: backingOff ? (throttle ?? null) : null };
}

/** An account's row of login_throttles. */
interface Throttle {
  failures: number;
  last_failure_at: Date;
  locked_until: Date | null;
}

/** Ends the back-off of a phone. */
async function endBackoff(tx: Queryable, key: PhoneKey): Promise<void> {
  await tx.query('delete from login_throttles where tenant_id = $1 and country_code = $2 and phone = $3', [
    key.tenantId,
    key.countryCode,
    key.phone,
  ]);
}

/**
 * Ends the back-off of a phone and forgets every failure counted for its account, and those of the address that
 * proved it owns the phone (a password reset).
 */
export async function clearLoginFailures(
  ctx: AccountsContext,
  tx: Queryable,
  key: PhoneKey,
  ip: string,
): Promise<void> {
  await endBackoff(tx, key);
  await ctx.limiter.forget(tx, [limit.loginFailuresPerAccount(key), limit.loginFailuresPerAccountIp(key, ip)]);
}

/** Credentials that passed the check: the account, and the failure counted for the attempt (to take back). */
export interface VerifiedLogin {
  user: UserRow;
  key: PhoneKey;
  attempt: Consumed;
  /** The account's back-off in force before this attempt, if any: a success puts it back rather than ending it. */
  backoff: Throttle | null;
}

/**
 * The credential check of a login (the web login, and binding a WeChat identity to an account): the limits
 * and back-off (429), the phone (40011), then the password (argon2id, against a dummy hash when the phone has no
 * account) or the login code. 40003 / 40004 alike for a wrong secret and an unregistered phone. On success the
 * attempt is still counted as a failure: the caller clears it with `clearLoginAttempt` in the transaction that
 * completes the login. A banned account passes this check (the caller refuses it, after the check).
 */
export async function verifyLogin(
  ctx: AccountsContext,
  req: RequestFacts,
  input: LoginInput,
  codePurpose: SmsPurpose = 'login',
): Promise<VerifiedLogin> {
  const verified = await checkLogin(ctx, req, input, codePurpose);
  if (!verified.user) throw errors.wrongCode();
  return { ...verified, user: verified.user };
}

/** A login that passed the check: with no user, a right login code for a phone without an account. */
type CheckedLogin = Omit<VerifiedLogin, 'user'> & { user: UserRow | null };

/**
 * `verifyLogin`, except that a right login code for a phone without an account passes with no user (the
 * one-step SMS sign-in creates it). A wrong code answers the same 40004 and costs the same try either way.
 */
async function checkLogin(
  ctx: AccountsContext,
  req: RequestFacts,
  input: LoginInput,
  codePurpose: SmsPurpose = 'login',
): Promise<CheckedLogin> {
  const key = phoneKey(req, input.countryCode, input.phone);
  const now = ctx.now();
  // An address this process just found at its limit is refused without the database (limits/rate-limiter.ts).
  const known = ctx.limiter.knownWait(addressLimits(req.ip, key), now);
  if (known) throw errors.tooMany(known, 'login');
  let ticket: LoginTicket | null = null;
  if (input.ticket) {
    // A remote provider is asked before the transaction (the built-in slider's ticket is redeemed in it).
    const remoteOk =
      ctx.captcha.kind === 'builtin' ? null : await ctx.captcha.verify(input.ticket, req.ip, input.randstr);
    ticket = { ticket: input.ticket, remoteOk };
  }
  const { attempt, backoff, user } = await ctx.db.transaction(async (tx) => {
    const found = await findUserByPhone(tx, key);
    const reserved = await reserveLoginAttempt(ctx, tx, key, found, req.ip, ticket, now);
    return { attempt: reserved.consumed, backoff: reserved.backoff, user: found };
  });

  let valid: boolean;
  if (input.password !== undefined) {
    // The same argon2id work whether or not the phone has an account.
    const matches = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
    valid = matches && user !== null;
  } else {
    const check = await ctx.db.transaction((tx) => consumeCode(tx, { ...key, purpose: codePurpose }, input.code, now));
    valid = check === 'ok';
  }
  if (!valid) throw input.password !== undefined ? errors.wrongCredentials() : errors.wrongCode();
  return { user, key, attempt, backoff };
}

/**
 * Takes back the failure `verifyLogin` counted: the credentials were right. The account's back-off ends, unless one
 * was in force (the owner got in from a known address or with a captcha while someone else keeps failing): then it
 * is put back as it was, so the attacker still meets the captcha.
 */
export async function clearLoginAttempt(tx: Queryable, verified: VerifiedLogin): Promise<void> {
  const { backoff, key } = verified;
  if (!backoff) await endBackoff(tx, key);
  else
    await tx.query(
      `update login_throttles set failures = $4, last_failure_at = $5, locked_until = $6
        where tenant_id = $1 and country_code = $2 and phone = $3`,
      [key.tenantId, key.countryCode, key.phone, backoff.failures, backoff.last_failure_at, backoff.locked_until],
    );
  await verified.attempt.takeBack(tx);
}

export async function login(ctx: AccountsContext, req: RequestFacts, input: LoginInput): Promise<LoginData> {
  const method = input.password !== undefined ? 'password' : 'code';
  try {
    const info = await loginOnce(ctx, req, input);
    countLogin(method, 'succeeded');
    return info;
  } catch (error) {
    // A refusal by the limits (429, or the captcha the back-off asks for) is counted as such; a server or
    // database failure is not the user's.
    const refusedByLimits =
      error instanceof ApiError && (error.status === 429 || error.code === errors.CODES.needCaptcha);
    if (error instanceof ApiError && !refusedByLimits && error.status < 500) countLogin(method, 'failed');
    throw error;
  }
}

async function loginOnce(ctx: AccountsContext, req: RequestFacts, input: LoginInput): Promise<LoginData> {
  const checked = await checkLogin(ctx, req, input);
  const now = ctx.now();
  if (!checked.user) return signUpByCode(ctx, req, { ...checked, user: null }, input, now);
  const verified = { ...checked, user: checked.user };
  return commitThenThrow(ctx.db, async (tx) => {
    await clearLoginAttempt(tx, verified);
    // Refused after the credentials check, so a ban tells nothing to someone without them.
    if (verified.user.banned_at) return new errors.Refusal(errors.accountBanned());
    await enqueueWebhookEvent(
      tx,
      'user.logged_in',
      verified.user,
      { method: input.password !== undefined ? 'password' : 'sms' },
      now,
    );
    return { ...(await startSession(tx, verified.user, req, now)), newAccount: false };
  });
}

/**
 * The nickname an account created by a code login starts with: "用户" (or "User " from /en) and the phone's last
 * 4 digits. Data stored once, in the language of the sign-in, not a message of the catalogs.
 */
export function defaultNickname(phone: string, language: RequestFacts['language']): string {
  return language === 'en' ? `User ${phone.slice(-4)}` : `用户${phone.slice(-4)}`;
}

/**
 * The one-step SMS sign-in (issue 34): a right login code for a phone without an account creates it as
 * registration does (the address's register attempts, trial, invite code, attribution, `user.registered`), with a
 * default nickname and no password, and signs it in. Only the phone's owner gets here, so 429 or a phone
 * registered meanwhile (then signed in to that account, whose phone the code proved) tells nothing new.
 */
async function signUpByCode(
  ctx: AccountsContext,
  req: RequestFacts,
  checked: CheckedLogin & { user: null },
  input: LoginInput,
  now: Date,
): Promise<LoginData> {
  const { key } = checked;
  return commitThenThrow(ctx.db, async (tx) => {
    const checks = [limit.registerAttemptsPerIp(req.ip)];
    const wait = await ctx.limiter.check(tx, checks, now);
    if (wait) throw errors.tooMany(wait);
    await ctx.limiter.consume(tx, checks, now);
    const created = await insertAccount(
      tx,
      req,
      key,
      {
        nickname: defaultNickname(key.phone, req.language),
        passwordHash: NO_PASSWORD,
        channelId: input.channelId ?? CHANNEL_IDS.web,
        clientId: input.clientId ?? CLIENT_ID,
        inviteCode: input.inviteCode,
        registeInfo: input.registeInfo,
      },
      now,
      'sms',
    );
    const user = created ?? (await findUserByPhone(tx, key));
    if (!user) throw errors.wrongCode();
    await clearLoginAttempt(tx, { ...checked, user });
    if (user.banned_at) return new errors.Refusal(errors.accountBanned());
    if (!created) await enqueueWebhookEvent(tx, 'user.logged_in', user, { method: 'sms' }, now);
    return { ...(await startSession(tx, user, req, now)), newAccount: created !== null };
  });
}

/** Accounts whose back-off is in force at `now` (the metrics' `portal_login_accounts_backing_off`). */
export async function countBackingOff(db: Queryable, now: Date): Promise<number> {
  const [row] = await db.query<{ n: number | string }>(
    'select count(*) as n from login_throttles where locked_until > $1',
    [now],
  );
  return Number(row?.n ?? 0);
}
