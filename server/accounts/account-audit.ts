/**
 * The account's audit trail (table account_audit, migration 013): each change a seller makes to the account, with
 * its time, session and address. Never a password or a code: the action is one of a fixed set of words.
 */
import type { Queryable } from '../db/database';

export type AccountAction =
  | 'nickname_changed'
  | 'password_changed'
  | 'phone_changed'
  | 'session_revoked'
  | 'other_sessions_revoked'
  | 'wechat_bound'
  | 'wechat_unbound'
  | 'closure_requested'
  | 'closure_cancelled'
  | 'erased';

/** Who made a change: the signed-in session and its address (null for the erasure sweep). */
export interface Actor {
  userId: number;
  sessionId: number | null;
  address: string | null;
}

export async function recordAudit(tx: Queryable, actor: Actor, action: AccountAction, now: Date): Promise<void> {
  await tx.query('insert into account_audit (at, user_id, session_id, address, action) values ($1, $2, $3, $4, $5)', [
    now,
    actor.userId,
    actor.sessionId,
    actor.address,
    action,
  ]);
}

export async function auditTrail(tx: Queryable, userId: number) {
  const rows = await tx.query<{ at: Date; action: string; address: string | null }>(
    'select at, action, address from account_audit where user_id = $1 order by at, id',
    [userId],
  );
  return rows.map((row) => ({ at: new Date(row.at).toISOString(), action: row.action, address: row.address }));
}
