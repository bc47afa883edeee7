/**
 * Signing in to the console and its sessions (docs/decisions/046-operators-console.md). A wrong name, password or
 * TOTP code gets one answer (401, 40102, the same body; argon2 runs for an unknown name too); failures are limited
 * per name and per address (server/limits/rules.ts, counted before the check and taken back on success, as the
 * portal's login does). The session is a random token in a cookie, stored as its SHA-256; it ends after 12 hours,
 * after 30 minutes without a call, or on logout. Every sign-in, failure and logout is in the audit log.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { z } from 'zod';
import { CONSOLE_CODES, type consoleLoginBody } from '../../shared/contract/console';
import { tooMany } from '../accounts/errors';
import { dummyPasswordHash, verifyPassword } from '../accounts/passwords';
import { ApiError } from '../api/http';
import { limit } from '../limits/rules';
import { recordAudit } from './audit';
import type { ConsoleDeps, SignedInOperator } from './deps';
import { acceptTotpCode, findOperator } from './operators';

export const SESSION_COOKIE = 'console_session';
export const SESSION_ABSOLUTE_MS = 12 * 3600 * 1000;
export const SESSION_IDLE_MS = 30 * 60 * 1000;

export const wrongSignIn = () => new ApiError(401, CONSOLE_CODES.wrongSignIn, /*i18n*/ '名称、密码或动态验证码不正确');
export const needSignIn = () => new ApiError(401, CONSOLE_CODES.needSignIn, /*i18n*/ '请先登录控制台');

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface ConsoleSession {
  operator: SignedInOperator;
  csrfToken: string;
  expiresAt: Date;
}

/** A started session: the cookie's token (shown to nobody else) and what the answer carries. */
export interface StartedSession extends ConsoleSession {
  token: string;
}

const limitsOf = (name: string, address: string) => [
  limit.consoleLoginFailuresPerName(name),
  limit.consoleLoginFailuresPerIp(address),
];

export async function signIn(
  deps: ConsoleDeps,
  input: z.infer<typeof consoleLoginBody>,
  address: string,
): Promise<StartedSession> {
  const now = deps.now();
  const checks = limitsOf(input.name, address);
  const known = deps.limiter.knownWait(checks, now);
  if (known) throw tooMany(known, 'generic');
  // Counted as a failure before the check (parallel attempts cannot slip past the limit), taken back on success.
  const attempt = await deps.db.transaction(async (tx) => {
    const wait = await deps.limiter.check(tx, checks, now);
    if (wait > 0) return wait;
    return deps.limiter.consume(tx, checks, now);
  });
  if (typeof attempt === 'number') throw tooMany(attempt, 'generic');

  const operator = await findOperator(deps.db, input.name);
  const passwordOk = await verifyPassword(operator?.password_hash ?? (await dummyPasswordHash()), input.password);
  const started = await deps.db.transaction(async (tx) => {
    if (!operator || !passwordOk || !(await acceptTotpCode(tx, operator, input.totp, now))) return null;
    await attempt.takeBack(tx);
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
    await tx.query(
      `insert into operator_sessions (token_hash, operator_id, csrf_token, created_at, last_seen_at, expires_at, address)
       values ($1, $2, $3, $4, $4, $5, $6)`,
      [hashToken(token), operator.id, csrfToken, now, expiresAt, address],
    );
    const who = { id: operator.id, name: operator.name };
    await recordAudit(tx, { at: now, operator: who, address, action: 'operator.login' });
    return { token, csrfToken, expiresAt, operator: { ...who, role: operator.role } };
  });
  if (started) return started;
  // What was wrong is not recorded either: the name tried (never the password), and whether it exists.
  await recordAudit(deps.db, {
    at: now,
    operator: operator && { id: operator.id, name: operator.name },
    address,
    action: 'operator.login_failed',
    after: { name: input.name },
  });
  throw wrongSignIn();
}

/**
 * The live session of a cookie's token: not ended, within 12 hours of its start and 30 minutes of its last call,
 * of an operator not removed. Each call moves its last call to now.
 */
export async function readSession(deps: ConsoleDeps, token: string): Promise<ConsoleSession | null> {
  const now = deps.now();
  const rows = await deps.db.query<{
    operator_id: number;
    name: SignedInOperator['name'];
    role: SignedInOperator['role'];
    csrf_token: string;
    expires_at: Date;
  }>(
    `update operator_sessions s set last_seen_at = $2
       from operators o
      where s.token_hash = $1 and o.id = s.operator_id and o.removed_at is null and s.ended_at is null
        and s.expires_at > $2 and s.last_seen_at > $3
      returning s.operator_id, o.name, o.role, s.csrf_token, s.expires_at`,
    [hashToken(token), now, new Date(now.getTime() - SESSION_IDLE_MS)],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    operator: { id: Number(row.operator_id), name: row.name, role: row.role },
    csrfToken: row.csrf_token,
    expiresAt: row.expires_at,
  };
}

/** Ends the session and records the logout. */
export async function signOut(deps: ConsoleDeps, token: string, operator: SignedInOperator, address: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.query('update operator_sessions set ended_at = $2 where token_hash = $1 and ended_at is null', [
      hashToken(token),
      now,
    ]);
    await recordAudit(tx, {
      at: now,
      operator: { id: operator.id, name: operator.name },
      address,
      action: 'operator.logout',
    });
  });
}

/** The session cookie: HttpOnly, SameSite=Strict, Path=/, Secure over HTTPS; `maxAge` 0 clears it. */
export function sessionCookie(value: string, secure: boolean, maxAgeSeconds: number): string {
  return [
    `${SESSION_COOKIE}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The session token of the request's cookie, if any. */
export function cookieToken(c: Context): string | null {
  const header = c.req.header('cookie') ?? '';
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === SESSION_COOKIE) {
      const value = part.slice(at + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}
