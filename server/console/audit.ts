/**
 * The console's audit log (table operator_audit, append-only): every operator action with its before and after,
 * and every sign-in and failed sign-in. Write the entry in the same transaction as the change it records.
 */
import type { Queryable } from '../db/database';

export interface AuditEntry {
  at: Date;
  /** null for a failed sign-in with an unknown name. */
  operator: { id: number; name: string } | null;
  address: string;
  /** `operator.login`, `operator.login_failed`, `operator.logout`, `user.ban`, `user.unban`, `user.revoke_sessions`,
   * `user.unbind_wechat`, `user.reveal_phone`, `webhook.create`, `webhook.delete`, `webhook.resend`, … */
  action: string;
  userId?: number | null;
  /** What changed, never a password hash, token or SMS code. */
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `insert into operator_audit (at, operator_id, operator_name, address, action, user_id, before, after)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.at,
      entry.operator?.id ?? null,
      entry.operator?.name ?? null,
      entry.address,
      entry.action,
      entry.userId ?? null,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}
