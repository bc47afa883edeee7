/** The phone's confirm page: what it shows, the confirmation that lets the browser log in, and "not me". */
import { maskPhone } from '../accounts/phone';
import { findUserById } from '../accounts/users';
import type { Database } from '../db/database';
import { isBanned, markBanned } from './context';
import { maskAddress } from './device';
import { findTicket, isExpired, lockIdentity, matchesHash, updateTicket } from './tickets';

/** After the phone confirmed, the browser has this long to collect the session (it polls every 2 s). */
export const PICKUP_SECONDS = 60;

export interface ConfirmInput {
  tenantId: number;
  scene: string;
  confirmToken: string;
  now: Date;
}

/** What the confirm page shows before the user confirms: null unless the link is live (scanned, right token). */
export async function confirmPreview(
  db: Database,
  input: ConfirmInput,
): Promise<{ userName: string; phone: string; device: string | null; address: string | null } | null> {
  const ticket = await findTicket(db, 'scene', input.scene, input.tenantId, false);
  if (ticket?.state !== 'scanned' || isExpired(ticket, input.now)) return null;
  if (!matchesHash(ticket.confirm_hash, input.confirmToken) || ticket.user_id === null) return null;
  const user = await findUserById(db, ticket.user_id);
  if (!user) return null;
  // Which computer the login is for: its browser and system, and its address masked (./device.ts).
  return {
    userName: user.nickname,
    phone: maskPhone(user.phone),
    device: ticket.created_device,
    address: maskAddress(ticket.created_ip),
  };
}

/**
 * The phone confirms the login: the ticket becomes `bound` and the browser's next poll logs in (within 60 s).
 * Confirming twice answers `confirmed` again. `invalid` for an unknown scene or a wrong token.
 */
export async function confirmScan(
  db: Database,
  input: ConfirmInput,
): Promise<'confirmed' | 'expired' | 'invalid' | 'banned'> {
  const { now } = input;
  return db.transaction(async (tx) => {
    const ticket = await findTicket(tx, 'scene', input.scene, input.tenantId);
    if (!ticket || !matchesHash(ticket.confirm_hash, input.confirmToken)) return 'invalid';
    if (isExpired(ticket, now)) return 'expired';
    if (ticket.state === 'banned') return 'banned';
    if (ticket.state === 'bound') return 'confirmed';
    if (ticket.state !== 'scanned' || ticket.open_id === null || ticket.user_id === null) return 'invalid';
    const identity = await lockIdentity(tx, ticket.tenant_id, ticket.open_id);
    const user = await findUserById(tx, ticket.user_id);
    if (!identity || !user || identity.user_id !== user.id) return 'invalid';
    if (isBanned(identity, user)) {
      await markBanned(tx, ticket, now);
      return 'banned';
    }
    await updateTicket(tx, ticket.ticket_hash, {
      state: 'bound',
      expires_at: new Date(now.getTime() + PICKUP_SECONDS * 1000),
    });
    return 'confirmed';
  });
}

/** The phone says "not me" / cancels: a scanned ticket goes back to waiting (anyone may scan it again). */
export async function cancelScan(db: Database, input: ConfirmInput): Promise<void> {
  await db.transaction(async (tx) => {
    const ticket = await findTicket(tx, 'scene', input.scene, input.tenantId);
    if (ticket?.state !== 'scanned' || isExpired(ticket, input.now)) return;
    if (!matchesHash(ticket.confirm_hash, input.confirmToken)) return;
    await updateTicket(tx, ticket.ticket_hash, {
      state: 'waiting',
      open_id: null,
      user_id: null,
      confirm_hash: null,
      scanned_at: null,
    });
  });
}
