/**
 * Login with a password or an SMS code (docs/product.md#calls): the limits and the back-off per account and per IP,
 * then the credentials. `verifyLogin` and `clearLoginAttempt` are shared with the scan login's "bind an
 * account"; `clearLoginFailures` with the password reset, which ends a lock-out.
 */
import type { LoginInput, UserInfo } from '../../shared/contract/accounts';

export type { LoginInput };

import { ApiError, type RequestFacts } from '../api/http';
import type { Queryable } from '../db/database';
import type { Consumed } from '../limits/rate-limiter';
import { limit, nextBackoff } from '../limits/rules';
import { countLogin } from '../ops/metrics';
import { consumeCode } from './codes';
import { type AccountsContext, commitThenThrow, phoneKey } from './context';
import * as errors from './errors';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { startSession } from './sessions';
import { findUserByPhone, type PhoneKey, type UserRow } from './users';

/** The failed-login limits of an address and an account. */
const loginLimits = (ip: string, key: PhoneKey) => [limit.loginFailuresPerIp(ip), limit.loginFailuresPerAccount(key)];

/**
 * Counts the attempt as a failure before checking it (and takes the count back on success), so parallel
 * attempts cannot all slip through before the back-off starts.
 */
async function reserveLoginAttempt(
  ctx: AccountsContext,
  tx: Queryable,
  key: PhoneKey,
  ip: string,
  now: Date,
): Promise<Consumed> {
  const checks = loginLimits(ip, key);
  const limited = await ctx.limiter.check(tx, checks, now);
  const [throttle] = await tx.query<{ failures: number; last_failure_at: Date; locked_until: Date | null }>(
    'select failures, last_failure_at, locked_until from login_throttles where tenant_id = $1 and country_code = $2 and phone = $3',
    [key.tenantId, key.countryCode, key.phone],
  );
  const locked = throttle?.locked_until ? Math.ceil((throttle.locked_until.getTime() - now.getTime()) / 1000) : 0;
  if (locked > 0 && throttle?.locked_until)
    ctx.limiter.refuseUntil(limit.loginBackoff(key), throttle.locked_until, now);
  const wait = Math.max(locked, limited);
  if (wait > 0) throw errors.tooMany(wait, 'login');

  const next = nextBackoff(throttle && { failures: throttle.failures, lastFailureAt: throttle.last_failure_at }, now);
  await tx.query(
    `insert into login_throttles (tenant_id, country_code, phone, failures, last_failure_at, locked_until)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (tenant_id, country_code, phone)
     do update set failures = excluded.failures, last_failure_at = excluded.last_failure_at,
                   locked_until = excluded.locked_until`,
    [key.tenantId, key.countryCode, key.phone, next.failures, now, next.lockedUntil],
  );
  return ctx.limiter.consume(tx, checks, now);
}

/** Ends the back-off of a phone. */
async function endBackoff(tx: Queryable, key: PhoneKey): Promise<void> {
  await tx.query('delete from login_throttles where tenant_id = $1 and country_code = $2 and phone = $3', [
    key.tenantId,
    key.countryCode,
    key.phone,
  ]);
}

/** Ends the back-off of a phone and forgets every failure counted for its account (a password reset). */
export async function clearLoginFailures(ctx: AccountsContext, tx: Queryable, key: PhoneKey): Promise<void> {
  await endBackoff(tx, key);
  await ctx.limiter.forget(tx, [limit.loginFailuresPerAccount(key)]);
}

/** Credentials that passed the check: the account, and the failure counted for the attempt (to take back). */
export interface VerifiedLogin {
  user: UserRow;
  key: PhoneKey;
  attempt: Consumed;
}

/**
 * The credential check of a login (the web login, and binding a WeChat identity to an account): the limits
 * and back-off (429), the phone (40011), then the password (argon2id, against a dummy hash when the phone has no
 * account) or the login code. 40003 / 40004 alike for a wrong secret and an unregistered phone. On success the
 * attempt is still counted as a failure: the caller clears it with `clearLoginAttempt` in the transaction that
 * completes the login. A banned account passes this check (the caller refuses it, after the check).
 */
export async function verifyLogin(ctx: AccountsContext, req: RequestFacts, input: LoginInput): Promise<VerifiedLogin> {
  const key = phoneKey(req, input.countryCode, input.phone);
  const now = ctx.now();
  // An address or account this process just found at its limit is refused without the database (limits/rate-limiter.ts).
  const known = ctx.limiter.knownWait([...loginLimits(req.ip, key), limit.loginBackoff(key)], now);
  if (known) throw errors.tooMany(known, 'login');
  const { attempt, user } = await ctx.db.transaction(async (tx) => ({
    attempt: await reserveLoginAttempt(ctx, tx, key, req.ip, now),
    user: await findUserByPhone(tx, key),
  }));

  let valid: boolean;
  if (input.password !== undefined) {
    // The same argon2id work whether or not the phone has an account.
    const matches = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
    valid = matches && user !== null;
  } else {
    const check = await ctx.db.transaction((tx) => consumeCode(tx, { ...key, purpose: 'login' }, input.code, now));
    valid = check === 'ok' && user !== null;
  }
  if (!valid || !user) throw input.password !== undefined ? errors.wrongCredentials() : errors.wrongCode();
  return { user, key, attempt };
}

/** Takes back the failure `verifyLogin` counted and ends the back-off: the credentials were right. */
export async function clearLoginAttempt(tx: Queryable, verified: VerifiedLogin): Promise<void> {
  await endBackoff(tx, verified.key);
  await verified.attempt.takeBack(tx);
}

export async function login(ctx: AccountsContext, req: RequestFacts, input: LoginInput): Promise<UserInfo> {
  const method = input.password !== undefined ? 'password' : 'code';
  try {
    const info = await loginOnce(ctx, req, input);
    countLogin(method, 'succeeded');
    return info;
  } catch (error) {
    // A refusal by the limits (429) is counted as such; a server or database failure is not the user's.
    if (error instanceof ApiError && error.status !== 429 && error.status < 500) countLogin(method, 'failed');
    throw error;
  }
}

async function loginOnce(ctx: AccountsContext, req: RequestFacts, input: LoginInput): Promise<UserInfo> {
  const verified = await verifyLogin(ctx, req, input);
  const now = ctx.now();
  return commitThenThrow(ctx.db, async (tx) => {
    await clearLoginAttempt(tx, verified);
    // Refused after the credentials check, so a ban tells nothing to someone without them.
    if (verified.user.banned_at) return new errors.Refusal(errors.accountBanned());
    return startSession(tx, verified.user, req, now);
  });
}
