/** The platform's scan event (through the webhook): which answer the phone gets and what the ticket becomes. */
import { randomBytes } from 'node:crypto';
import { hashToken } from '../accounts/sessions';
import { findUserById } from '../accounts/users';
import type { Database } from '../db/database';
import { countQr } from '../ops/metrics';
import { isBanned } from './context';
import { ensureIdentity, findTicket, isExpired, updateTicket } from './tickets';

/** After an unbound identity scanned, the computer has this long to bind or register. */
export const BIND_WINDOW_SECONDS = 600;

export type ScanOutcome =
  | { kind: 'confirm'; confirmToken: string; userName: string }
  | { kind: 'unbound' }
  | { kind: 'banned' }
  | { kind: 'expired' }
  | { kind: 'taken' };

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
