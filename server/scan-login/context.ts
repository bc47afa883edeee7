/**
 * What every scan-login flow shares: its context and the ticket changes several flows make. Each step runs in one
 * transaction that locks the ticket (and identity) row; a refusal keeps only its protective writes. A bind checks
 * credentials and a register creates the account as the web login and registration do (server/accounts/).
 */
import type { UserInfo } from '../../shared/contract/accounts';
import type { AccountsContext } from '../accounts/context';
import { startSession } from '../accounts/sessions';
import { findUserById, type UserRow } from '../accounts/users';
import type { RequestFacts } from '../api/http';
import type { Queryable } from '../db/database';
import type { MessagingProvider } from '../providers/messaging/types';
import { enqueueWebhookEvent } from '../webhooks/events';
import { type IdentityRow, lockIdentity, type TicketRow, updateTicket } from './tickets';

export interface ScanContext extends AccountsContext {
  /** The messaging platform; without it creating a code answers 503. */
  messaging?: MessagingProvider;
  /** Lifetime of a new code in seconds (settings.wx.qrTtlSeconds). */
  qrTtlSeconds: number;
}

/** Ends the ticket as `banned`, naming the account when it is known now. */
export async function markBanned(tx: Queryable, ticket: TicketRow, now: Date, userId?: number | null): Promise<void> {
  await updateTicket(tx, ticket.ticket_hash, {
    state: 'banned',
    user_id: userId ?? ticket.user_id,
    finished_at: now,
  });
}

/** Whether the identity or the account is banned. */
export function isBanned(identity: IdentityRow | null, user: UserRow | null): boolean {
  return Boolean(identity?.banned_at || user?.banned_at);
}

/**
 * Completes a `bound` ticket: a new session, handed out once (the ticket becomes `done`); `banned` when the
 * account or the identity was banned since the confirmation.
 */
export async function handOut(
  tx: Queryable,
  ticket: TicketRow,
  req: RequestFacts,
  now: Date,
): Promise<UserInfo | 'banned'> {
  const user = ticket.user_id === null ? null : await findUserById(tx, ticket.user_id);
  const identity = ticket.open_id === null ? null : await lockIdentity(tx, ticket.tenant_id, ticket.open_id);
  if (!user || !identity || identity.user_id !== user.id || isBanned(identity, user)) {
    await markBanned(tx, ticket, now);
    return 'banned';
  }
  await updateTicket(tx, ticket.ticket_hash, { state: 'done', finished_at: now });
  await enqueueWebhookEvent(tx, 'user.logged_in', user, { method: 'wechat' }, now);
  return startSession(tx, user, req, now);
}
