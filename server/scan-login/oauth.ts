/**
 * Sign-in inside WeChat's browser (issue 34, item 3): the official account's web authorisation (OAuth2, scope
 * snsapi_base) finishes a scan-login ticket made for this browser at the start, as a scan would, so the page's own poll takes
 * the same outcomes as a QR login: bound → logged in, unbound → bind or register, banned → the banned message.
 * Nobody else's phone confirms here: the identity authorised itself in this very browser.
 *
 * `state` is random, stored as its SHA-256 with the ticket, one use, valid `OAUTH_STATE_SECONDS`; the browser that
 * started holds the same hash (and the ticket) in an HttpOnly cookie, so a state carried to another browser is
 * refused.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hashToken } from '../accounts/sessions';
import { findUserById } from '../accounts/users';
import type { Database } from '../db/database';
import { countQr } from '../ops/metrics';
import { PICKUP_SECONDS } from './confirm';
import { isBanned } from './context';
import { BIND_WINDOW_SECONDS } from './scan';
import { ensureIdentity, findTicket, insertTicket, isExpired, matchesHash, updateTicket } from './tickets';

/** How long a started authorisation may come back. */
export const OAUTH_STATE_SECONDS = 300;
/** The cookie that binds a state to the browser that started it. */
export const OAUTH_COOKIE = 'wx_oauth';
export const STATE_PATTERN = /^[\w-]{43}$/;

export const stateHash = (state: string) => createHash('sha256').update(state).digest('base64url');

export interface OAuthStarted {
  state: string;
  /** The new ticket's secret: only this browser gets it (in the cookie, then in the return address's fragment). */
  ticket: string;
  /** The cookie's value: the state's hash and the ticket. */
  cookie: string;
}

/**
 * Starts the authorisation with a new ticket of this browser (no QR code: nobody scans it). The ticket is made
 * here, never taken from the request, so a link that starts the authorisation in someone else's WeChat cannot
 * finish a ticket its sender polls (a login CSRF that would hand the sender the victim's session).
 */
export async function startOAuth(
  db: Database,
  input: { tenantId: number; returnPath: string; ip: string; device: string | null; now: Date },
): Promise<OAuthStarted> {
  const ticket = randomBytes(32).toString('base64url');
  const ticketHash = hashToken(ticket);
  const state = randomBytes(32).toString('base64url');
  const hash = stateHash(state);
  const expiresAt = new Date(input.now.getTime() + OAUTH_STATE_SECONDS * 1000);
  await db.transaction(async (tx) => {
    await insertTicket(
      tx,
      {
        ticket_hash: ticketHash,
        scene: `O${randomBytes(16).toString('base64url')}`,
        tenant_id: input.tenantId,
        qr_url: '',
        created_ip: input.ip,
        created_device: input.device,
        expires_at: expiresAt,
      },
      input.now,
    );
    await tx.query(
      `insert into wx_oauth_states (state_hash, tenant_id, ticket_hash, return_path, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [hash, input.tenantId, ticketHash, input.returnPath, input.now, expiresAt],
    );
  });
  return { state, ticket, cookie: `${hash}.${ticket}` };
}

export type StateCheck =
  | { kind: 'ok'; ticketHash: string; ticket: string; returnPath: string }
  | { kind: 'refused'; returnPath: string | null; why: 'unknown' | 'used' | 'expired' | 'foreign' };

/**
 * Takes the state back (one use: it is spent whatever follows) if this browser started it and it is alive.
 */
export async function takeState(
  db: Database,
  input: { tenantId: number; state: string; cookie: string | undefined; now: Date },
): Promise<StateCheck> {
  const hash = stateHash(input.state);
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ ticket_hash: string; return_path: string; expires_at: Date; used_at: Date | null }>(
      'select ticket_hash, return_path, expires_at, used_at from wx_oauth_states where state_hash = $1 and tenant_id = $2 for update',
      [hash, input.tenantId],
    );
    if (!row) return { kind: 'refused', returnPath: null, why: 'unknown' } as const;
    const [cookieHash = '', ticket = ''] = (input.cookie ?? '').split('.');
    const own =
      cookieHash.length === hash.length &&
      timingSafeEqual(Buffer.from(cookieHash), Buffer.from(hash)) &&
      matchesHash(row.ticket_hash, ticket);
    // A foreign browser's try does not spend the state: its owner may still come back with it.
    if (!own) return { kind: 'refused', returnPath: row.return_path, why: 'foreign' } as const;
    if (row.used_at) return { kind: 'refused', returnPath: row.return_path, why: 'used' } as const;
    await tx.query('update wx_oauth_states set used_at = $2 where state_hash = $1', [hash, input.now]);
    if (row.expires_at.getTime() <= input.now.getTime())
      return { kind: 'refused', returnPath: row.return_path, why: 'expired' } as const;
    return { kind: 'ok', ticketHash: row.ticket_hash, ticket, returnPath: row.return_path } as const;
  });
}

export type OAuthOutcome = 'bound' | 'unbound' | 'banned' | 'expired';

/**
 * The authorised identity finishes the ticket: banned → `banned`; bound to an account → `bound` (the page's next
 * poll hands out the session, as after a phone's confirm); unbound → `unbound` (the page offers bind or register).
 */
export async function finishOAuth(
  db: Database,
  input: { tenantId: number; ticketHash: string; openId: string; now: Date },
): Promise<OAuthOutcome> {
  const { now } = input;
  const outcome = await db.transaction(async (tx): Promise<OAuthOutcome> => {
    const ticket = await findTicket(tx, 'ticket_hash', input.ticketHash, input.tenantId);
    const identity = await ensureIdentity(tx, input.tenantId, input.openId, now);
    if (!ticket || ticket.state !== 'waiting' || isExpired(ticket, now)) return 'expired';
    const user = identity.user_id === null ? null : await findUserById(tx, identity.user_id);
    if (isBanned(identity, user)) {
      await updateTicket(tx, ticket.ticket_hash, {
        state: 'banned',
        open_id: input.openId,
        user_id: user?.id ?? null,
        confirm_hash: null,
        scanned_at: now,
        finished_at: now,
      });
      return 'banned';
    }
    if (user) {
      await updateTicket(tx, ticket.ticket_hash, {
        state: 'bound',
        open_id: input.openId,
        user_id: user.id,
        confirm_hash: null,
        scanned_at: now,
        expires_at: new Date(now.getTime() + PICKUP_SECONDS * 1000),
      });
      return 'bound';
    }
    await updateTicket(tx, ticket.ticket_hash, {
      state: 'unbound',
      open_id: input.openId,
      user_id: null,
      confirm_hash: null,
      scanned_at: now,
      expires_at: new Date(now.getTime() + BIND_WINDOW_SECONDS * 1000),
    });
    return 'unbound';
  });
  if (outcome === 'bound' || outcome === 'unbound') countQr('scanned');
  return outcome;
}
