/**
 * The `wx_login_tickets` and `wx_identities` tables: plain parameterized SQL, one function per question the
 * scan-login flows ask. See server/db/migrations/004_scan_login.sql for the columns and the state machine.
 */
import { timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { hashToken } from '../accounts/sessions';
import type { Database, Queryable } from '../db/database';

/** A scene as the webhook and the phone pages accept it (ours are "L" and 22 base64url characters). */
export const SCENE_PATTERN = /^[\w-]{1,64}$/;

export type TicketState = 'waiting' | 'scanned' | 'bound' | 'unbound' | 'bind_failed' | 'banned' | 'done';

export interface TicketRow {
  ticket_hash: string;
  scene: string;
  tenant_id: number;
  state: TicketState;
  qr_url: string;
  open_id: string | null;
  user_id: number | null;
  confirm_hash: string | null;
  bind_failures: number;
  created_ip: string;
  /** The computer's browser and system ("Chrome · Windows", ./device.ts), or null. */
  created_device: string | null;
  created_at: Date;
  expires_at: Date;
  scanned_at: Date | null;
  finished_at: Date | null;
  /** A signed-in seller's bind code (POST /v2/account/wechat/bind-code): the account, and the session that asked. */
  bind_user_id?: number | string | null;
  bind_session_id?: number | string | null;
}

export interface IdentityRow {
  tenant_id: number;
  open_id: string;
  nickname: string | null;
  user_id: number | null;
  created_at: Date;
  bound_at: Date | null;
  banned_at: Date | null;
}

/** States that still wait for something: they expire by time. The others are final. */
const LIVE: ReadonlySet<TicketState> = new Set(['waiting', 'scanned', 'bound', 'unbound']);

/** A used ticket (`done`) reads as expired, and so does a live one past its `expires_at`. */
export function isExpired(ticket: TicketRow, now: Date): boolean {
  return ticket.state === 'done' || (LIVE.has(ticket.state) && ticket.expires_at.getTime() <= now.getTime());
}

/** Whole seconds left, at least 0. */
export function secondsLeft(ticket: TicketRow, now: Date): number {
  return Math.max(0, Math.ceil((ticket.expires_at.getTime() - now.getTime()) / 1000));
}

/** Whether `token` is the secret whose SHA-256 (hex) is `hash`, compared in constant time. */
export function matchesHash(hash: string | null, token: string): boolean {
  if (!hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = Buffer.from(hashToken(token), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

type NewTicket = Pick<
  TicketRow,
  'ticket_hash' | 'scene' | 'tenant_id' | 'qr_url' | 'created_ip' | 'created_device' | 'expires_at'
>;

export async function insertTicket(tx: Queryable, t: NewTicket, now: Date): Promise<void> {
  await tx.query(
    `insert into wx_login_tickets (ticket_hash, scene, tenant_id, state, qr_url, created_ip, created_device,
                                   created_at, expires_at)
     values ($1, $2, $3, 'waiting', $4, $5, $6, $7, $8)`,
    [t.ticket_hash, t.scene, t.tenant_id, t.qr_url, t.created_ip, t.created_device, now, t.expires_at],
  );
}

/** The ticket of the browser's secret (its hash) or of a scene; locked for the transaction unless `lock` is false. */
export async function findTicket(
  tx: Queryable,
  by: 'ticket_hash' | 'scene',
  value: string,
  tenantId: number,
  lock = true,
): Promise<TicketRow | null> {
  const [row] = await tx.query<TicketRow>(
    `select * from wx_login_tickets where ${by} = $1 and tenant_id = $2${lock ? ' for update' : ''}`,
    [value, tenantId],
  );
  return row ?? null;
}

/**
 * Ticket rows as the QR poll reads them, kept in memory (docs/decisions/025-serving-speed-and-hot-api-calls.md)
 * and forgotten whenever the ticket changes: on PGlite every write passes `updateTicket` or the bans here; on
 * PostgreSQL the table's trigger announces every committed change on `wx_ticket_changed`, and memory is used only
 * while this process listens. A read that began before a forget never stores what it read (`generation`).
 */
const pollRows = new LRUCache<string, TicketRow>({ max: 20_000 });
let generation = 0;
/** Whether this process hears every ticket change made on PostgreSQL (see above). */
let hearingChanges = false;
export const TICKET_CHANNEL = 'wx_ticket_changed';

/** Forgets one ticket's row (or every row, for writes by user or identity). */
export function forgetTickets(ticketHash?: string): void {
  generation++;
  if (ticketHash === undefined) pollRows.clear();
  else pollRows.delete(ticketHash);
}

/**
 * PostgreSQL: listens to ticket changes so polls may be answered from memory (above); a no-op on PGlite. Returns
 * the function that stops listening (the database's `close()` stops it too).
 */
export async function watchTicketChanges(db: Database): Promise<() => Promise<void>> {
  if (db.kind !== 'postgres' || !db.listen) return async () => {};
  return db.listen(TICKET_CHANNEL, {
    notify: (ticketHash) => forgetTickets(ticketHash),
    up: () => {
      forgetTickets();
      hearingChanges = true;
    },
    down: () => {
      hearingChanges = false;
      forgetTickets();
    },
  });
}

const memoryUsable = (db: Database) => db.kind === 'pglite' || hearingChanges;

/** The ticket for a poll when memory has it, current and not expired; no database read. */
export function knownTicketForPoll(db: Database, ticketHash: string, tenantId: number, now: Date): TicketRow | null {
  if (!memoryUsable(db)) return null;
  const known = pollRows.get(ticketHash);
  return known && known.tenant_id === tenantId && !isExpired(known, now) ? known : null;
}

/** The ticket for a poll: from memory while it is current and not expired (see above), else from the database. */
export async function readTicketForPoll(
  db: Database,
  ticketHash: string,
  tenantId: number,
  now: Date,
): Promise<TicketRow | null> {
  if (!memoryUsable(db)) return findTicket(db, 'ticket_hash', ticketHash, tenantId, false);
  const known = knownTicketForPoll(db, ticketHash, tenantId, now);
  if (known) return known;
  const before = generation;
  const row = await findTicket(db, 'ticket_hash', ticketHash, tenantId, false);
  if (row && before === generation && memoryUsable(db) && !isExpired(row, now)) {
    pollRows.set(ticketHash, row);
  }
  return row;
}

/** Sets the given columns of one ticket. */
export async function updateTicket(
  tx: Queryable,
  ticketHash: string,
  changes: Partial<
    Omit<TicketRow, 'ticket_hash' | 'scene' | 'tenant_id' | 'qr_url' | 'created_ip' | 'created_device' | 'created_at'>
  >,
): Promise<void> {
  const entries = Object.entries(changes);
  if (!entries.length) return;
  const sets = entries.map(([column], index) => `${column} = $${index + 2}`).join(', ');
  forgetTickets(ticketHash);
  try {
    await tx.query(`update wx_login_tickets set ${sets} where ticket_hash = $1`, [
      ticketHash,
      ...entries.map(([, value]) => value),
    ]);
  } finally {
    forgetTickets(ticketHash);
  }
}

/** The identity, created (unbound, no nickname) when the platform shows it for the first time; locked. */
export async function ensureIdentity(tx: Queryable, tenantId: number, openId: string, now: Date): Promise<IdentityRow> {
  await tx.query(
    `insert into wx_identities (tenant_id, open_id, nickname, created_at) values ($1, $2, null, $3)
     on conflict (tenant_id, open_id) do nothing`,
    [tenantId, openId, now],
  );
  const identity = await lockIdentity(tx, tenantId, openId);
  if (!identity) throw new Error('The identity vanished while it was being created');
  return identity;
}

export async function lockIdentity(tx: Queryable, tenantId: number, openId: string): Promise<IdentityRow | null> {
  const [row] = await tx.query<IdentityRow>(
    'select * from wx_identities where tenant_id = $1 and open_id = $2 for update',
    [tenantId, openId],
  );
  return row ?? null;
}

/** The identity bound to an account, if any. */
export async function identityOfUser(tx: Queryable, userId: number): Promise<IdentityRow | null> {
  const [row] = await tx.query<IdentityRow>('select * from wx_identities where user_id = $1', [userId]);
  return row ?? null;
}

/**
 * Removes the binding of the identity `which` names (an account's, or an open id's); answers the open id and the
 * account it was bound to, or null when there was no binding. The identity stays known (and banned if it was).
 */
export async function unbindIdentity(
  db: Queryable,
  which: { userId: number } | { tenantId: number; openId: string },
): Promise<{ openId: string; userId: number } | null> {
  const [row] =
    'userId' in which
      ? await db.query<{ open_id: string; user_id: number }>(
          `update wx_identities w set user_id = null, bound_at = null from wx_identities old
            where w.tenant_id = old.tenant_id and w.open_id = old.open_id and old.user_id = $1
            returning w.open_id, old.user_id`,
          [which.userId],
        )
      : await db.query<{ open_id: string; user_id: number }>(
          `update wx_identities w set user_id = null, bound_at = null from wx_identities old
            where w.tenant_id = old.tenant_id and w.open_id = old.open_id
              and old.tenant_id = $1 and old.open_id = $2 and old.user_id is not null
            returning w.open_id, old.user_id`,
          [which.tenantId, which.openId],
        );
  return row ? { openId: row.open_id, userId: Number(row.user_id) } : null;
}

export async function bindIdentity(
  tx: Queryable,
  identity: Pick<IdentityRow, 'tenant_id' | 'open_id'>,
  userId: number,
  now: Date,
): Promise<void> {
  await tx.query('update wx_identities set user_id = $3, bound_at = $4 where tenant_id = $1 and open_id = $2', [
    identity.tenant_id,
    identity.open_id,
    userId,
    now,
  ]);
}
