/**
 * Closing an account: after the password or a code of purpose "close", every session is signed out and
 * a cooling-off period of CLOSURE_COOLING_OFF_DAYS starts, in which a sign-in answers 40030 with a session that can
 * only read the account and cancel the closure; then the sweep erases the personal data (eraseDueAccounts).
 */

import type { ProofInput } from '../../shared/contract/account';
import { CLOSURE_COOLING_OFF_DAYS, type ClosureState } from '../../shared/contract/account';
import type { RequestFacts } from '../api/http';
import type { Queryable } from '../db/database';
import { enqueueWebhookEvent } from '../webhooks/events';
import { recordAudit } from './account-audit';
import * as accountErrors from './account-errors';
import { type AccountSessionRef, accountView, actorOf, prove } from './account-settings';
import type { AccountsContext } from './context';
import { clearLoginAttempt } from './login';
import { closureOf, revokeAllSessions } from './sessions';
import type { UserRow } from './users';

export { CLOSURE_COOLING_OFF_DAYS };

const DAY_MS = 24 * 3600 * 1000;

export async function closeAccount(
  ctx: AccountsContext,
  req: RequestFacts,
  session: AccountSessionRef,
  proof: ProofInput,
): Promise<ClosureState> {
  const verified = await prove(ctx, req, session.user, proof, 'close');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await clearLoginAttempt(tx, verified);
    const [user] = await tx.query<UserRow>(
      `update users set closure_requested_at = $2, closure_erases_at = $3
        where id = $1 and closure_requested_at is null and erased_at is null returning *`,
      [session.user.id, now, new Date(now.getTime() + CLOSURE_COOLING_OFF_DAYS * DAY_MS)],
    );
    // The session was checked as a full one: only a concurrent closure gets here.
    if (!user) throw accountErrors.notClosing();
    await revokeAllSessions(tx, user.id, now);
    await recordAudit(tx, actorOf(session, req), 'closure_requested', now);
    const closure = closureOf(user) as ClosureState;
    await enqueueWebhookEvent(tx, 'user.closed', user, { erasesAt: closure.erasesAt }, now);
    return closure;
  });
}

/** Cancels a pending closure (the restricted session of a closing account may call it): the account is as before. */
export async function cancelClosure(ctx: AccountsContext, req: RequestFacts, session: AccountSessionRef) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.query<UserRow>(
      `update users set closure_requested_at = null, closure_erases_at = null
        where id = $1 and closure_requested_at is not null and erased_at is null returning *`,
      [session.user.id],
    );
    if (!user) throw accountErrors.notClosing();
    await recordAudit(tx, actorOf(session, req), 'closure_cancelled', now);
    return accountView(tx, user);
  });
}

/**
 * Erases the personal data of every account whose cooling-off period has ended (the sweep, in its transaction):
 * phone (set to `erased:<id>`, so the number is free to register), nickname, password, address, WeChat identity,
 * sessions, SMS codes and login throttles of the number, QR tickets, and the audit trail, which keeps one row with
 * the time only. Likes are kept: they never named the person (college_likes is per browser).
 */
export async function eraseDueAccounts(tx: Queryable, now: Date): Promise<number> {
  const due = await tx.query<{ id: number | string; tenant_id: number; country_code: number; phone: string }>(
    `select id, tenant_id, country_code, phone from users
      where closure_erases_at <= $1 and erased_at is null order by id limit 100 for update`,
    [now],
  );
  for (const user of due) {
    const id = Number(user.id);
    const number = [user.tenant_id, user.country_code, user.phone];
    await tx.query('delete from sms_codes where tenant_id = $1 and country_code = $2 and phone = $3', number);
    await tx.query('delete from login_throttles where tenant_id = $1 and country_code = $2 and phone = $3', number);
    await tx.query('delete from sessions where user_id = $1', [id]);
    await tx.query('delete from wx_login_tickets where user_id = $1 or bind_user_id = $1', [id]);
    // A banned WeChat keeps its ban (without the person); any other identity is deleted.
    await tx.query('delete from wx_identities where user_id = $1 and banned_at is null', [id]);
    await tx.query('update wx_identities set user_id = null, bound_at = null, nickname = null where user_id = $1', [
      id,
    ]);
    await tx.query('delete from account_audit where user_id = $1', [id]);
    await tx.query(
      `update users set phone = 'erased:' || id::text, nickname = '', password_hash = '', created_ip = '',
                        invite_code = null, erased_at = $2
        where id = $1`,
      [id, now],
    );
    await recordAudit(tx, { userId: id, sessionId: null, address: null }, 'erased', now);
  }
  return due.length;
}
