/**
 * Login sessions. A token is 32 random bytes (256 bits) in base64url; the database keeps only its SHA-256, so a
 * leaked table logs nobody in. A token lives 7 days, every login makes a new one, logout revokes it and a
 * password reset revokes all of the user's.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { UserRow } from './users';

const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

/** What a token looks like; anything else is "malformed" (HTTP 401, code 401) without a database look-up. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  tx: Queryable,
  session: { userId: number; tenantId: number; ip: string },
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.query(
    `insert into sessions (token_hash, user_id, tenant_id, created_at, expires_at, created_ip)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      hashToken(token),
      session.userId,
      session.tenantId,
      now,
      new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
      session.ip,
    ],
  );
  return token;
}

/** The user of a live session of this tenant (one query), or null (unknown, expired, revoked, other brand). */
export async function sessionAccount(
  tx: Queryable,
  token: string,
  tenantId: number,
  now: Date,
): Promise<UserRow | null> {
  const [row] = await tx.query<UserRow>(
    `select u.* from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.tenant_id = $2 and s.revoked_at is null and s.expires_at > $3`,
    [hashToken(token), tenantId, now],
  );
  return row ?? null;
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
