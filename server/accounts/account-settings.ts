/**
 * The signed-in seller's own account: what GET /v2/account shows, and the changes of the account page,
 * each proved by the password or an SMS code to the account's phone (checked like a login: its limits and
 * back-off count a wrong one), then made in one transaction with its audit row.
 */
import type { Account, ChangePasswordInput, ChangePhoneInput, ProofInput } from '../../shared/contract/account';
import type { RequestFacts } from '../api/http';
import type { Queryable } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import type { SmsPurpose } from '../providers/sms/index';
import { type Actor, recordAudit } from './account-audit';
import * as accountErrors from './account-errors';
import { revokeOtherSessions } from './account-sessions';
import { consumeCode } from './codes';
import { type AccountsContext, commitThenThrow, phoneKey, requireGoodPassword } from './context';
import * as errors from './errors';
import { clearLoginAttempt, type VerifiedLogin, verifyLogin } from './login';
import { hashPassword } from './passwords';
import { maskPhone } from './phone';
import { closureOf } from './sessions';
import { customerInfo, findUserById, findUserByPhone, type UserRow, updatePassword } from './users';

/** The signed-in session a change comes from. */
export interface AccountSessionRef {
  user: UserRow;
  sessionId: number;
}

export const actorOf = (session: AccountSessionRef, req: RequestFacts): Actor & { sessionId: number } => ({
  userId: session.user.id,
  sessionId: session.sessionId,
  address: req.ip,
});

/** Whether the account has a password (an account created by SMS sign-in may have none: an empty hash). */
export const hasPassword = (user: UserRow) => Boolean(user.password_hash);

async function wechatOf(tx: Queryable, userId: number) {
  const [row] = await tx.query<{ nickname: string | null; bound_at: Date | null }>(
    'select nickname, bound_at from wx_identities where user_id = $1',
    [userId],
  );
  return row ? { nickname: row.nickname, boundAt: row.bound_at ? new Date(row.bound_at).toISOString() : null } : null;
}

/** What GET /v2/account answers. */
export async function accountView(tx: Queryable, user: UserRow): Promise<Account> {
  return {
    userId: Number(user.id),
    nickname: user.nickname,
    phone: maskPhone(user.phone),
    countryCode: Number(user.country_code),
    tenantId: Number(user.tenant_id),
    createdAt: new Date(user.created_at).toISOString(),
    hasPassword: hasPassword(user),
    wechat: await wechatOf(tx, user.id),
    closure: closureOf(user),
    trialEndsAt: customerInfo(user).trialEndsAt,
  };
}

/** The account as it is now (after a change). */
async function reread(tx: Queryable, userId: number): Promise<Account> {
  const user = await findUserById(tx, userId);
  if (!user) throw new Error(`user ${userId} vanished`);
  return accountView(tx, user);
}

/**
 * Checks the proof of a change: exactly one of the password and an SMS code of `codePurpose` sent to the account's
 * phone, through the login's check (its limits and back-off; a wrong one answers 40003 / 40004 and stays counted).
 * The caller clears the counted attempt in its transaction (clearLoginAttempt).
 */
export async function prove(
  ctx: AccountsContext,
  req: RequestFacts,
  user: UserRow,
  proof: { password?: string; code?: string },
  codePurpose: SmsPurpose,
  fields: { password: string; code: string } = { password: 'password', code: 'code' },
): Promise<VerifiedLogin> {
  if ((proof.password === undefined) === (proof.code === undefined))
    throw accountErrors.proofMissing(hasPassword(user) ? fields.password : fields.code);
  const base = { phone: user.phone, countryCode: Number(user.country_code) };
  const verified =
    proof.password !== undefined
      ? await verifyLogin(ctx, req, { ...base, password: proof.password })
      : await verifyLogin(ctx, req, { ...base, code: proof.code as string }, codePurpose);
  // The phone names the signed-in account (a changed phone would name another only after a race): refuse otherwise.
  if (Number(verified.user.id) !== Number(user.id)) throw errors.sessionExpired();
  return verified;
}

export async function changeNickname(
  ctx: AccountsContext,
  req: RequestFacts,
  session: AccountSessionRef,
  nickname: string,
): Promise<Account> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await tx.query('update users set nickname = $2 where id = $1', [session.user.id, nickname]);
    await recordAudit(tx, actorOf(session, req), 'nickname_changed', now);
    return reread(tx, session.user.id);
  });
}

/**
 * A new password (the registration's rules), proved by the current one, or by a code of purpose "verify" when the
 * account has none; every other session is signed out.
 */
export async function changePassword(
  ctx: AccountsContext,
  req: RequestFacts,
  session: AccountSessionRef,
  input: ChangePasswordInput,
): Promise<{ revoked: number }> {
  const { user } = session;
  if (hasPassword(user) && (input.oldPassword === undefined || input.code !== undefined))
    throw accountErrors.oldPasswordNeeded();
  requireGoodPassword(input.password);
  const verified = await prove(ctx, req, user, { password: input.oldPassword, code: input.code }, 'verify', {
    password: 'oldPassword',
    code: 'code',
  });
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await clearLoginAttempt(tx, verified);
    await updatePassword(tx, user.id, passwordHash, now);
    const revoked = await revokeOtherSessions(tx, user.id, session.sessionId, now);
    await recordAudit(tx, actorOf(session, req), 'password_changed', now);
    return { revoked };
  });
}

/**
 * A new phone: the current password or a code of purpose "verify" to the current number, then the code of purpose
 * "change_phone" sent to the new one. One transaction: the new code, the phone taken check, the change and its
 * audit row; a phone registered between the check and the write (the unique constraint) rolls it all back.
 */
export async function changePhone(
  ctx: AccountsContext,
  req: RequestFacts,
  session: AccountSessionRef,
  input: ChangePhoneInput,
): Promise<Account> {
  const { user } = session;
  const key = phoneKey(req, input.countryCode, input.phone);
  if (key.countryCode === Number(user.country_code) && key.phone === user.phone) throw accountErrors.samePhone();
  const verified = await prove(ctx, req, user, { password: input.oldPassword, code: input.oldCode }, 'verify', {
    password: 'oldPassword',
    code: 'oldCode',
  });
  const now = ctx.now();
  try {
    return await commitThenThrow(ctx.db, async (tx) => {
      await clearLoginAttempt(tx, verified);
      // Checked before the phone, like the registration: only someone who got the code learns the number is taken.
      if ((await consumeCode(tx, { ...key, purpose: 'change_phone' }, input.code, now)) !== 'ok')
        return new errors.Refusal(errors.wrongCode());
      if (await findUserByPhone(tx, key)) throw accountErrors.phoneTaken();
      await tx.query('update users set country_code = $2, phone = $3 where id = $1', [
        user.id,
        key.countryCode,
        key.phone,
      ]);
      await recordAudit(tx, actorOf(session, req), 'phone_changed', now);
      return reread(tx, user.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw accountErrors.phoneTaken();
    throw error;
  }
}

/** Unbinds the account's WeChat after the password or a code of purpose "verify" (40034 when none is bound). */
export async function unbindWechat(
  ctx: AccountsContext,
  req: RequestFacts,
  session: AccountSessionRef,
  proof: ProofInput,
): Promise<Account> {
  const { user } = session;
  if (!(await wechatOf(ctx.db, user.id))) throw accountErrors.wechatNotBound();
  const verified = await prove(ctx, req, user, proof, 'verify');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await clearLoginAttempt(tx, verified);
    const removed = await tx.query(
      'update wx_identities set user_id = null, bound_at = null where user_id = $1 returning 1',
      [user.id],
    );
    if (!removed.length) throw accountErrors.wechatNotBound();
    await recordAudit(tx, actorOf(session, req), 'wechat_unbound', now);
    return reread(tx, user.id);
  });
}
