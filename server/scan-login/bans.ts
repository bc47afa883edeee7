/**
 * Bans (`npm run admin`, the phone simulator): a banned account's sessions are revoked and its logins and scans
 * end in 40014 / `banned`; a banned identity cannot log in or bind by scanning.
 */
import { revokeAllSessions } from '../accounts/sessions';
import type { Database, Queryable } from '../db/database';
import { enqueueWebhookEvent } from '../webhooks/events';
import { forgetTickets, lockIdentity } from './tickets';

/** Live tickets of the account or identity read `banned` from now on (the browser's next poll shows it). */
const LIVE_STATES = "('waiting', 'scanned', 'bound', 'unbound')";

export async function banAccount(
  db: Database,
  input: { userId: number; reason: string | null; now: Date },
): Promise<{ changed: boolean; revokedSessions: number }> {
  return db.transaction((tx) => banAccountIn(tx, input));
}

/** banAccount inside the caller's transaction (the console writes its audit entry in the same one). */
export async function banAccountIn(
  tx: Queryable,
  input: { userId: number; reason: string | null; now: Date },
): Promise<{ changed: boolean; revokedSessions: number }> {
  const [row] = await tx.query<{ banned_at: Date | null }>('select banned_at from users where id = $1 for update', [
    input.userId,
  ]);
  if (!row) throw new Error(`No account with id ${input.userId}`);
  await tx.query('update users set banned_at = coalesce(banned_at, $2), ban_reason = $3 where id = $1', [
    input.userId,
    input.now,
    input.reason,
  ]);
  const revokedSessions = await revokeAllSessions(tx, input.userId, input.now);
  if (row.banned_at === null)
    await enqueueWebhookEvent(tx, 'user.banned', { id: input.userId }, { reason: input.reason }, input.now);
  forgetTickets();
  await tx.query(
    `update wx_login_tickets set state = 'banned', finished_at = $2 where user_id = $1 and state in ${LIVE_STATES}`,
    [input.userId, input.now],
  );
  // Banned already: the reason is updated all the same.
  return { changed: row.banned_at === null, revokedSessions };
}

/** Lifts the ban; false when the account was not banned. */
export async function unbanAccount(db: Database, userId: number): Promise<boolean> {
  const rows = await db.query(
    'update users set banned_at = null, ban_reason = null where id = $1 and banned_at is not null returning 1',
    [userId],
  );
  return rows.length > 0;
}

/** Bans a messaging identity; null when the tenant has no such identity, else whether it changed. */
export async function banIdentity(
  db: Database,
  input: { tenantId: number; openId: string; now: Date },
): Promise<boolean | null> {
  return db.transaction(async (tx) => {
    const row = await lockIdentity(tx, input.tenantId, input.openId);
    if (!row) return null;
    if (row.banned_at) return false;
    await tx.query('update wx_identities set banned_at = $3 where tenant_id = $1 and open_id = $2', [
      input.tenantId,
      input.openId,
      input.now,
    ]);
    forgetTickets();
    await tx.query(
      `update wx_login_tickets set state = 'banned', finished_at = $3
        where tenant_id = $1 and open_id = $2 and state in ${LIVE_STATES}`,
      [input.tenantId, input.openId, input.now],
    );
    return true;
  });
}

/** Lifts an identity's ban; null when there is no such identity, else whether it changed. */
export async function unbanIdentity(
  db: Database,
  input: { tenantId: number; openId: string },
): Promise<boolean | null> {
  return db.transaction(async (tx) => {
    const row = await lockIdentity(tx, input.tenantId, input.openId);
    if (!row) return null;
    if (!row.banned_at) return false;
    await tx.query('update wx_identities set banned_at = null where tenant_id = $1 and open_id = $2', [
      input.tenantId,
      input.openId,
    ]);
    return true;
  });
}
