/**
 * The console's operators (table operators): add, remove, new TOTP secret, list; and the TOTP check of a sign-in.
 * Passwords are argon2id with the portal's own parameters (server/accounts/passwords.ts); the second factor is
 * RFC 6238 (SHA-1, 6 digits, 30 s, ±1 step) with `otpauth`, each code accepted once (operators.last_totp_step).
 */
import * as OTPAuth from 'otpauth';
import { OPERATOR_ROLES, type OperatorRole } from '../../shared/contract/console';
import { hashPassword, passwordLength } from '../accounts/passwords';
import type { Database, Queryable } from '../db/database';

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
/** Steps before and after the current one a code may come from (clock drift). */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'Portal console';
/** An operator's password: at least this many characters (code points), at most the contract's 256. */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 256;
/** Lower-case letters, digits, `.`, `_` and `-`, 1 to 64 characters, starting with a letter or digit. */
export const OPERATOR_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export interface OperatorRow {
  id: number;
  name: string;
  role: OperatorRole;
  password_hash: string;
  totp_secret: string;
  last_totp_step: number;
  created_at: Date;
  removed_at: Date | null;
}

/** What an operator is told once: the TOTP secret (base32) and its otpauth:// URI for an authenticator app. */
export interface TotpSecret {
  secret: string;
  uri: string;
}

/** Why an operator command refuses (printed as it is). */
export class OperatorRefusal extends Error {}

function totpOf(name: string, secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label: name,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, RFC 4226's recommendation) and its URI. */
export function newTotpSecret(name: string): TotpSecret {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(name, secret).toString() };
}

/** The RFC 6238 time step of `at`. */
export const totpStep = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_PERIOD);

/** The code of `secret` at `at` (tests, and the console harness). */
export function totpCode(secret: string, at: Date): string {
  return totpOf('x', secret).generate({ timestamp: at.getTime() });
}

/** The time step the code belongs to when it is within ±1 step of `now`, else null. */
export function totpCodeStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf('x', secret).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totpStep(now) + delta;
}

/**
 * Accepts the code once: records its step as the operator's last when it is newer than the last accepted one.
 * False for a wrong code, one outside ±1 step, or one already used (or older than one used).
 */
export async function acceptTotpCode(tx: Queryable, operator: OperatorRow, code: string, now: Date): Promise<boolean> {
  const step = totpCodeStep(operator.totp_secret, code, now);
  if (step === null) return false;
  const rows = await tx.query(
    'update operators set last_totp_step = $2 where id = $1 and last_totp_step < $2 and removed_at is null returning id',
    [operator.id, step],
  );
  return rows.length === 1;
}

export async function findOperator(db: Queryable, name: string): Promise<OperatorRow | null> {
  const [row] = await db.query<OperatorRow>('select * from operators where name = $1 and removed_at is null', [name]);
  return row ? { ...row, id: Number(row.id), last_totp_step: Number(row.last_totp_step) } : null;
}

export function checkOperatorName(name: string): string {
  if (!OPERATOR_NAME.test(name))
    throw new OperatorRefusal(
      `The name must be 1 to 64 lower-case letters, digits, ".", "_" or "-" (starting with a letter or digit), got "${name}".`,
    );
  return name;
}

export function checkOperatorRole(role: string): OperatorRole {
  if (!(OPERATOR_ROLES as readonly string[]).includes(role))
    throw new OperatorRefusal(`The role must be ${OPERATOR_ROLES.join(', ')}, got "${role}".`);
  return role as OperatorRole;
}

export function checkOperatorPassword(password: string): string {
  const length = passwordLength(password);
  if (length < OPERATOR_PASSWORD_MIN)
    throw new OperatorRefusal(
      `The password must have at least ${OPERATOR_PASSWORD_MIN} characters (it has ${length}): type it on standard input.`,
    );
  if (length > OPERATOR_PASSWORD_MAX)
    throw new OperatorRefusal(`The password must have at most ${OPERATOR_PASSWORD_MAX} characters.`);
  return password;
}

/**
 * Adds an operator (or gives a removed one's name to a new operator: its sessions are long ended, its audit rows
 * keep their name). Refuses a name in use.
 */
export async function addOperator(
  db: Database,
  input: { name: string; role: string; password: string },
  now: Date,
): Promise<TotpSecret & { id: number }> {
  const name = checkOperatorName(input.name);
  const role = checkOperatorRole(input.role);
  const passwordHash = await hashPassword(checkOperatorPassword(input.password));
  const totp = newTotpSecret(name);
  const id = await db.transaction(async (tx) => {
    const [existing] = await tx.query<{ id: number; removed_at: Date | null }>(
      'select id, removed_at from operators where name = $1 for update',
      [name],
    );
    if (existing && existing.removed_at === null) throw new OperatorRefusal(`There is already an operator "${name}".`);
    if (existing) {
      await tx.query(
        `update operators set role = $2, password_hash = $3, totp_secret = $4, last_totp_step = 0, created_at = $5,
                removed_at = null where id = $1`,
        [existing.id, role, passwordHash, totp.secret, now],
      );
      return Number(existing.id);
    }
    const [row] = await tx.query<{ id: number }>(
      `insert into operators (name, role, password_hash, totp_secret, created_at) values ($1, $2, $3, $4, $5)
       returning id`,
      [name, role, passwordHash, totp.secret, now],
    );
    return Number(row.id);
  });
  return { id, ...totp };
}

/** Removes an operator: signing in stops and its sessions end. False when there is no such operator. */
export async function removeOperator(db: Database, name: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      'update operators set removed_at = $2 where name = $1 and removed_at is null returning id',
      [name, now],
    );
    if (!rows.length) return false;
    await tx.query('update operator_sessions set ended_at = $2 where operator_id = $1 and ended_at is null', [
      rows[0].id,
      now,
    ]);
    return true;
  });
}

/** A new TOTP secret (the old one stops working at once); null when there is no such operator. */
export async function resetOperatorTotp(db: Database, name: string): Promise<TotpSecret | null> {
  const totp = newTotpSecret(name);
  const rows = await db.query(
    'update operators set totp_secret = $2, last_totp_step = 0 where name = $1 and removed_at is null returning id',
    [name, totp.secret],
  );
  return rows.length ? totp : null;
}

export async function listOperators(
  db: Queryable,
): Promise<{ name: string; role: OperatorRole; createdAt: Date; lastLoginAt: Date | null }[]> {
  const rows = await db.query<{ name: string; role: OperatorRole; created_at: Date; last_login: Date | null }>(
    `select o.name, o.role, o.created_at,
            (select max(s.created_at) from operator_sessions s where s.operator_id = o.id) as last_login
       from operators o where o.removed_at is null order by o.name`,
  );
  return rows.map((row) => ({
    name: row.name,
    role: row.role,
    createdAt: row.created_at,
    lastLoginAt: row.last_login,
  }));
}
