/**
 * Login sessions: a 256-bit random token, stored only as its SHA-256, living 7 days; logout revokes it, a password
 * reset all of the user's. With the flows around them: `startSession`, `authenticate`, logout.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ClosureState } from '../../shared/contract/account';
import type { UserInfo } from '../../shared/contract/accounts';
import type { RequestFacts } from '../api/http';
import type { Queryable } from '../db/database';
import { accountClosing } from './account-errors';
import type { AccountsContext } from './context';
import * as errors from './errors';
import { baseInfo, type UserRow } from './users';

const TOKEN_TTL_SECONDS = 7 * 24 * 3600;
/** How stale a session's last_seen_at may get before a call refreshes it. */
const LAST_SEEN_STEP_MS = 5 * 60 * 1000;

/** What a token looks like; anything else is "malformed" (HTTP 401, code 401) without a database look-up. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  tx: Queryable,
  session: { userId: number; tenantId: number; ip: string; userAgent?: string | null },
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.query(
    `insert into sessions (token_hash, user_id, tenant_id, created_at, expires_at, created_ip, user_agent, last_seen_at)
     values ($1, $2, $3, $4, $5, $6, $7, $4)`,
    [
      hashToken(token),
      session.userId,
      session.tenantId,
      now,
      new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
      session.ip,
      session.userAgent ?? null,
    ],
  );
  return token;
}

/**
 * The user of a live session of this tenant (one query), or null (unknown, expired, revoked, other brand). A
 * closing account's session (closure asked for, cooling-off running) counts only with `allowClosing`: it may call
 * GET /v2/account and cancel the closure, nothing else (shared/contract/account.ts).
 */
export async function sessionAccount(
  tx: Queryable,
  token: string,
  tenantId: number,
  now: Date,
  allowClosing = false,
): Promise<UserRow | null> {
  return (await liveSession(tx, token, tenantId, now, allowClosing))?.user ?? null;
}

/** `sessionAccount` with the session's id (the account page's "this device" and audit trail). */
export async function liveSession(
  tx: Queryable,
  token: string,
  tenantId: number,
  now: Date,
  allowClosing = false,
): Promise<{ user: UserRow; sessionId: number } | null> {
  const hash = hashToken(token);
  const [row] = await tx.query<UserRow & { session_seen_at: Date | null; session_id: number | string }>(
    `select u.*, s.last_seen_at as session_seen_at, s.id as session_id from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.tenant_id = $2 and s.revoked_at is null and s.expires_at > $3
        and u.erased_at is null and ($4 or u.closure_requested_at is null)`,
    [hash, tenantId, now, allowClosing],
  );
  if (!row) return null;
  const { session_seen_at: seen, session_id: sessionId, ...user } = row;
  // When the device was last seen (the console's list of sessions): a write at most every few minutes, not per call.
  if (!seen || now.getTime() - new Date(seen).getTime() >= LAST_SEEN_STEP_MS)
    await tx.query('update sessions set last_seen_at = $2 where token_hash = $1', [hash, now]);
  return { user, sessionId: Number(sessionId) };
}

export async function revokeSession(tx: Queryable, token: string, now: Date): Promise<void> {
  await tx.query('update sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null', [
    hashToken(token),
    now,
  ]);
}

export async function revokeAllSessions(tx: Queryable, userId: number, now: Date): Promise<number> {
  const rows = await tx.query(
    'update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null returning 1',
    [userId, now],
  );
  return rows.length;
}

/** The session a login answers (the shape every login, bind and registration returns). */
export function userInfo(user: UserRow, token: string): UserInfo {
  const { createdAt: _, ...shown } = baseInfo(user);
  return { userId: user.id, ...shown, Authorization: token };
}

/**
 * A new session for the user, as the login answers it. For a closing account the session is restricted (see
 * sessionAccount) and the answer carries `closure`: the login calls then answer 40030 with it (closingAnswer).
 */
export async function startSession(
  tx: Queryable,
  user: UserRow,
  req: RequestFacts,
  now: Date,
): Promise<UserInfo & { closure?: ClosureState }> {
  if (user.closure_requested_at && user.closure_erases_at) {
    const token = await createSession(
      tx,
      { userId: user.id, tenantId: user.tenant_id, ip: req.ip, userAgent: req.userAgent },
      now,
    );
    return { ...userInfo(user, token), closure: closureOf(user) as ClosureState };
  }
  const token = await createSession(
    tx,
    { userId: user.id, tenantId: user.tenant_id, ip: req.ip, userAgent: req.userAgent },
    now,
  );
  return userInfo(user, token);
}

/** The user a token belongs to: HTTP 401 code 401 without a well-formed token, code 40002 when it is dead. */
export async function authenticate(ctx: AccountsContext, req: RequestFacts, token: string | undefined) {
  if (!token || !TOKEN_PATTERN.test(token)) throw errors.needLogin();
  const user = await sessionAccount(ctx.db, token, req.tenantId, ctx.now());
  if (!user) throw errors.sessionExpired();
  return user;
}

/** The closure of an account: null unless closing (the dates of GET /v2/account and of the 40030 answer). */
export function closureOf(user: UserRow): ClosureState | null {
  if (!user.closure_requested_at || !user.closure_erases_at) return null;
  return {
    requestedAt: new Date(user.closure_requested_at).toISOString(),
    erasesAt: new Date(user.closure_erases_at).toISOString(),
  };
}

/** A login's answer for a closing account: 40030 with the restricted session (the login routes throw it). */
export function closingAnswer(info: UserInfo & { closure?: ClosureState }): void {
  if (info.closure) throw accountClosing({ ...info, closure: info.closure });
}

/** Revokes a token that `authenticate` accepted. */
export async function logout(ctx: AccountsContext, token: string): Promise<void> {
  await revokeSession(ctx.db, token, ctx.now());
}
