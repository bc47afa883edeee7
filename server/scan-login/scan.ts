/** The platform's scan event (through the webhook): which answer the phone gets and what the ticket becomes. */
import { randomBytes } from 'node:crypto';
import { recordAudit } from '../accounts/account-audit';
import { hashToken } from '../accounts/sessions';
import { findUserById } from '../accounts/users';
import type { Database, Queryable } from '../db/database';
import { countQr } from '../ops/metrics';
import { isBanned } from './context';
import {
  bindIdentity,
  ensureIdentity,
  findTicket,
  type IdentityRow,
  identityOfUser,
  isExpired,
  type TicketRow,
  updateTicket,
} from './tickets';

/** After an unbound identity scanned, the computer has this long to bind or register. */
export const BIND_WINDOW_SECONDS = 600;

export type ScanOutcome =
  | { kind: 'confirm'; confirmToken: string; userName: string }
  | { kind: 'unbound' }
  | { kind: 'banned' }
  | { kind: 'expired' }
  | { kind: 'taken' }
  /** A bind code of a signed-in seller: the identity is now bound to the account (or could not be: `bindFailed`). */
  | { kind: 'linked'; userName: string }
  | { kind: 'bindFailed' };

export interface ScanEvent {
  tenantId: number;
  openId: string;
  scene: string;
  /** A subscribe event (a new follower) rather than a scan by a follower; both are handled alike. */
  subscribed: boolean;
  now: Date;
}

/**
 * An identity scanned the code of `scene` (created on its first scan): bound moves the ticket to `scanned` with a
 * fresh confirm token, unbound to `unbound`, banned to `banned`; a dead code answers `expired`, one another
 * identity scanned `taken`.
 */
export async function handleScan(db: Database, event: ScanEvent): Promise<ScanOutcome> {
  const outcome = await scanTicket(db, event);
  // A live code taken by this identity (confirm on the phone, or bind / register on the computer).
  if (outcome.kind === 'confirm' || outcome.kind === 'unbound') countQr('scanned');
  return outcome;
}

async function scanTicket(db: Database, event: ScanEvent): Promise<ScanOutcome> {
  const { now } = event;
  return db.transaction(async (tx) => {
    const ticket = await findTicket(tx, 'scene', event.scene, event.tenantId);
    const identity = await ensureIdentity(tx, event.tenantId, event.openId, now);
    if (!ticket || isExpired(ticket, now) || ticket.state === 'bind_failed' || ticket.state === 'bound')
      return { kind: 'expired' };
    if (ticket.open_id !== null && ticket.open_id !== event.openId) return { kind: 'taken' };
    if (ticket.state === 'banned') return { kind: 'banned' };

    // waiting, or scanned / unbound by this same identity: answer from the identity as it is now.
    const user = identity.user_id === null ? null : await findUserById(tx, identity.user_id);
    const scannedAt = ticket.scanned_at ?? now;
    if (isBanned(identity, user)) {
      await updateTicket(tx, ticket.ticket_hash, {
        state: 'banned',
        open_id: event.openId,
        user_id: user?.id ?? null,
        confirm_hash: null,
        scanned_at: scannedAt,
        finished_at: now,
      });
      return { kind: 'banned' };
    }
    if (ticket.bind_user_id) return linkToAccount(tx, ticket, identity, now);
    if (user) {
      const confirmToken = randomBytes(32).toString('base64url');
      await updateTicket(tx, ticket.ticket_hash, {
        state: 'scanned',
        open_id: event.openId,
        user_id: user.id,
        confirm_hash: hashToken(confirmToken),
        scanned_at: scannedAt,
      });
      return { kind: 'confirm', confirmToken, userName: user.nickname };
    }
    if (ticket.state !== 'unbound') {
      await updateTicket(tx, ticket.ticket_hash, {
        state: 'unbound',
        open_id: event.openId,
        user_id: null,
        confirm_hash: null,
        scanned_at: scannedAt,
        expires_at: new Date(now.getTime() + BIND_WINDOW_SECONDS * 1000),
      });
    }
    return { kind: 'unbound' };
  });
}

/**
 * The scan of a signed-in seller's bind code: the identity that scanned is bound to the account that asked, unless
 * it is bound to another account or the account has another identity (the ticket fails for good). The ticket ends
 * `done` with the account: the poll then answers `linked`, never a session.
 */
async function linkToAccount(tx: Queryable, ticket: TicketRow, identity: IdentityRow, now: Date): Promise<ScanOutcome> {
  const ownerId = Number(ticket.bind_user_id);
  const owner = await findUserById(tx, ownerId);
  const other = await identityOfUser(tx, ownerId);
  const free =
    owner !== null &&
    (identity.user_id === null || Number(identity.user_id) === ownerId) &&
    (other === null || other.open_id === identity.open_id);
  if (!free || !owner) {
    await updateTicket(tx, ticket.ticket_hash, {
      state: 'bind_failed',
      open_id: identity.open_id,
      scanned_at: now,
      finished_at: now,
    });
    return { kind: 'bindFailed' };
  }
  if (Number(identity.user_id) !== ownerId) {
    await bindIdentity(tx, identity, ownerId, now);
    const actor = {
      userId: ownerId,
      sessionId: ticket.bind_session_id ? Number(ticket.bind_session_id) : null,
      address: ticket.created_ip,
    };
    await recordAudit(tx, actor, 'wechat_bound', now);
  }
  await updateTicket(tx, ticket.ticket_hash, {
    state: 'done',
    open_id: identity.open_id,
    user_id: ownerId,
    scanned_at: now,
    finished_at: now,
  });
  return { kind: 'linked', userName: owner.nickname };
}
