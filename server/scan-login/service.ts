/**
 * The scan login: login QR codes and their scene tickets, the status the browser polls, what a scan
 * (the platform's event, through the webhook) and the phone's confirm page do, and binding or registering an
 * account for an identity that scanned unbound. The state machine of a ticket is in
 * server/db/migrations/004_scan_login.sql and docs/api.md.
 *
 * Every step runs in one transaction that locks the ticket row (and the identity row), so a refused request
 * leaves nothing half-written; the only writes a refusal keeps are the protective ones (a counted poll or QR
 * code, a failed bind attempt, a code's try, a ticket that became bind_failed or banned). The credential check
 * of a bind and the account creation of a register are those of the web login and registration
 * (server/accounts/login.ts and registration.ts), with their limits, back-off and no-enumeration rules.
 */
import { randomBytes } from 'node:crypto';
import type { UserInfo } from '../../shared/contract/accounts';
import type { QrCode, QrStatus } from '../../shared/contract/scan-login';
import type { AccountsContext } from '../accounts/context';
import { commitThenThrow } from '../accounts/context';
import * as errors from '../accounts/errors';
import { clearLoginAttempt, type LoginInput, type VerifiedLogin, verifyLogin } from '../accounts/login';
import { maskPhone } from '../accounts/phone';
import { checkRegistration, createAccount, type RegisterInput } from '../accounts/registration';
import { hashToken, startSession } from '../accounts/sessions';
import { findUserById, type UserRow } from '../accounts/users';
import { ApiError, type RequestFacts } from '../api/http';
import type { Database, Queryable } from '../db/database';
import { limit, MAX_BIND_FAILURES } from '../limits/rules';
import { log } from '../log';
import { countQr, countRefusal } from '../metrics';
import type { MessagingProvider } from '../providers/messaging/types';
import * as scanErrors from './errors';
import { qrPngDataUrl } from './qr-png';
import {
  bindIdentity,
  ensureIdentity,
  findTicketByHash,
  findTicketByScene,
  type IdentityRow,
  identityOfUser,
  insertTicket,
  isExpired,
  knownTicketForPoll,
  lockIdentity,
  lockTicketByHash,
  lockTicketByScene,
  matchesHash,
  readTicketForPoll,
  secondsLeft,
  type TicketRow,
  updateTicket,
} from './tickets';

/** After an unbound identity scanned, the computer has this long to bind or register. */
export const BIND_WINDOW_SECONDS = 600;
/** After the phone confirmed, the browser has this long to collect the session (it polls every 2 s). */
export const PICKUP_SECONDS = 60;
/** Failed bind attempts (wrong password or code) a ticket allows; the last one makes it bind_failed. */
/** Seconds between two polls of the browser. */
export const POLL_INTERVAL_SECONDS = 2;

export interface ScanContext extends AccountsContext {
  /** The messaging platform; without it creating a code answers 503. */
  messaging?: MessagingProvider;
  /** Lifetime of a new code in seconds (settings.wx.qrTtlSeconds). */
  qrTtlSeconds: number;
}

// ---- create -------------------------------------------------------------------------------------------------

export type { QrCode, QrStatus };

/** The QR image of `url`: a PNG data URL (error correction M, margin 2, 240 px). */
export function qrImage(url: string): string {
  return qrPngDataUrl(url, { margin: 2, width: 240 });
}

export async function createQrCode(ctx: ScanContext, req: RequestFacts & { origin: string }): Promise<QrCode> {
  const messaging = ctx.messaging;
  if (!messaging) throw scanErrors.unavailable();
  const now = ctx.now();
  const checks = [limit.qrCodesPerIp(req.ip)];
  const known = ctx.limiter.knownWait(checks, now);
  if (known) throw errors.tooMany(known);
  await ctx.db.transaction(async (tx) => {
    const wait = await ctx.limiter.check(tx, checks, now);
    if (wait) throw errors.tooMany(wait);
    // Counted even when the platform then fails: the limit also spares the platform's API.
    await ctx.limiter.consume(tx, checks, now);
  });

  const scene = `L${randomBytes(16).toString('base64url')}`;
  const ticket = randomBytes(32).toString('base64url');
  let created: Awaited<ReturnType<MessagingProvider['createQr']>>;
  try {
    created = await messaging.createQr({
      brandId: req.brandId,
      tenantId: req.tenantId,
      scene,
      ttlSeconds: ctx.qrTtlSeconds,
      origin: req.origin,
      language: req.language,
    });
  } catch (error) {
    log.error({ err: error }, '[scan-login] QR creation failed');
    throw scanErrors.qrFailed();
  }
  const expiresIn = Math.max(1, Math.min(ctx.qrTtlSeconds, Math.floor(created.expiresIn)));
  const qrcode = qrImage(created.url);
  await insertTicket(
    ctx.db,
    {
      ticketHash: hashToken(ticket),
      scene,
      tenantId: req.tenantId,
      qrUrl: created.url,
      ip: req.ip,
      expiresAt: new Date(now.getTime() + expiresIn * 1000),
    },
    now,
  );
  countQr('created');
  return {
    ticket,
    qrcode,
    qrUrl: created.url,
    expiresIn,
    pollInterval: POLL_INTERVAL_SECONDS,
    simulator: messaging.kind === 'simulator',
  };
}

// ---- status -------------------------------------------------------------------------------------------------

async function markBanned(tx: Queryable, ticket: TicketRow, now: Date, userId?: number | null): Promise<void> {
  await updateTicket(tx, ticket.ticket_hash, {
    state: 'banned',
    user_id: userId ?? ticket.user_id,
    finished_at: now,
  });
}

async function markBindFailed(tx: Queryable, ticket: TicketRow, now: Date, failures?: number): Promise<void> {
  await updateTicket(tx, ticket.ticket_hash, {
    state: 'bind_failed',
    finished_at: now,
    ...(failures === undefined ? {} : { bind_failures: failures }),
  });
}

/** Whether the identity or the account is banned. */
function isBanned(identity: IdentityRow | null, user: UserRow | null): boolean {
  return Boolean(identity?.banned_at || user?.banned_at);
}

/**
 * Completes a `bound` ticket: a new session, handed out once (the ticket becomes `done`); `banned` when the
 * account or the identity was banned since the confirmation.
 */
async function handOut(tx: Queryable, ticket: TicketRow, req: RequestFacts, now: Date): Promise<UserInfo | 'banned'> {
  const user = ticket.user_id === null ? null : await findUserById(tx, ticket.user_id);
  const identity = ticket.open_id === null ? null : await lockIdentity(tx, ticket.tenant_id, ticket.open_id);
  if (!user || !identity || identity.user_id !== user.id || isBanned(identity, user)) {
    await markBanned(tx, ticket, now);
    return 'banned';
  }
  await updateTicket(tx, ticket.ticket_hash, { state: 'done', finished_at: now });
  return startSession(tx, user, req, now);
}

/**
 * What the browser's poll sees. A `bound` ticket hands out its session here (once).
 *
 * Every open login tab polls every 2 s, so the common answers (waiting, scanned, expired, finished) come from one
 * plain read without a transaction or a lock; only the states that write or read more (unbound: the nickname;
 * bound: the hand-out) take the ticket's lock and read it again. The per-IP limit is counted in this process's
 * memory (`RateLimiter.countInMemory`, docs/decisions/025-serving-speed-and-hot-api-calls.md).
 */
export async function readStatus(ctx: ScanContext, req: RequestFacts, ticket: string): Promise<QrStatus> {
  const now = ctx.now();
  const wait = ctx.limiter.countInMemory(limit.qrPollsPerIp(req.ip), now);
  if (wait) {
    // Counted here, not in the limiter: the fast path asks it first for the same request.
    countRefusal('qrPollsPerIp');
    throw errors.tooMany(wait);
  }
  // The API's schema let through only well-formed tickets (TICKET_PATTERN).
  const ticketHash = hashToken(ticket);
  const seen = await readTicketForPoll(ctx.db, ticketHash, req.tenantId, now);
  if (!seen) throw scanErrors.unknownTicket();
  const quick = settledStatus(seen, now);
  if (quick) return quick;

  const status: QrStatus = await commitThenThrow(ctx.db, async (tx) => {
    const row = await lockTicketByHash(tx, ticketHash, req.tenantId);
    if (!row) return new errors.Refusal(scanErrors.unknownTicket());
    const settled = settledStatus(row, now);
    if (settled) return settled;
    if (row.state === 'unbound') {
      const identity = row.open_id ? await lockIdentity(tx, row.tenant_id, row.open_id) : null;
      return {
        status: 'unbound',
        expiresIn: secondsLeft(row, now),
        identity: { nickname: identity?.nickname ?? null },
      };
    }
    // bound
    const handed = await handOut(tx, row, req, now);
    return handed === 'banned' ? { status: 'banned' } : { status: 'bound', userInfo: handed };
  });
  if (status.status === 'bound') countQr('logged_in');
  return status;
}

/**
 * A poll answered from memory alone, synchronously (the server's fast path for the most frequent call): the
 * status when memory has the ticket's row and the row settles it (waiting, scanned or a final state) and the
 * poll limit admits it; otherwise undefined, and `readStatus` answers (its limit check counts nothing again
 * for an address already refused).
 */
export function readStatusFromMemory(ctx: ScanContext, req: RequestFacts, ticket: string): QrStatus | undefined {
  const now = ctx.now();
  const known = knownTicketForPoll(ctx.db, hashToken(ticket), req.tenantId, now);
  const status = known && settledStatus(known, now);
  if (!status || ctx.limiter.countInMemory(limit.qrPollsPerIp(req.ip), now)) return undefined;
  return status;
}

/** The status of a ticket that needs no more than its row (null for unbound and bound). */
function settledStatus(row: TicketRow, now: Date): QrStatus | null {
  if (isExpired(row, now)) return { status: 'expired' };
  switch (row.state) {
    case 'waiting':
    case 'scanned':
      return { status: row.state, expiresIn: secondsLeft(row, now) };
    case 'unbound':
    case 'bound':
      return null;
    case 'banned':
      return { status: 'banned' };
    case 'bind_failed':
      return { status: 'bind_failed' };
    default:
      return { status: 'expired' };
  }
}

// ---- the platform's scan event and the phone's confirm page -------------------------------------------------

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
 * An identity scanned the code of `scene`. Creates the identity when the platform shows it for the first time.
 * A bound identity moves the ticket to `scanned` and gets a confirm token (a fresh one on every scan); an unbound
 * one moves it to `unbound` (bind or register on the computer within 10 minutes); a banned identity or account
 * moves it to `banned`. Expired, used and unknown codes answer `expired`; a code another identity scanned
 * answers `taken`.
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
    const ticket = await lockTicketByScene(tx, event.scene, event.tenantId);
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
): Promise<{ userName: string; phone: string } | null> {
  const ticket = await findTicketByScene(db, input.scene, input.tenantId);
  if (ticket?.state !== 'scanned' || isExpired(ticket, input.now)) return null;
  if (!matchesHash(ticket.confirm_hash, input.confirmToken) || ticket.user_id === null) return null;
  const user = await findUserById(db, ticket.user_id);
  return user ? { userName: user.nickname, phone: maskPhone(user.phone) } : null;
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
    const ticket = await lockTicketByScene(tx, input.scene, input.tenantId);
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
    const ticket = await lockTicketByScene(tx, input.scene, input.tenantId);
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

// ---- wx/userlogin: complete, bind, register -----------------------------------------------------------------

export type WxLoginInput =
  | { ticket: string; action: 'login' }
  | ({ ticket: string; action: 'bind' } & LoginInput)
  | ({ ticket: string; action: 'register' } & RegisterInput);

export interface WxLoginResult {
  userInfo: UserInfo;
  /** Which success message the answer carries. */
  how: 'loggedIn' | 'bound' | 'registered';
}

/**
 * The error for a ticket that cannot take the action: 40020 unknown, 40023 expired or used, 40014 banned,
 * 40022 bind failed, 40021 any other state. Null when it is in `state`.
 */
function stateError(ticket: TicketRow | null, state: 'bound' | 'unbound', now: Date): ApiError | null {
  if (!ticket) return scanErrors.unknownTicket();
  if (isExpired(ticket, now)) return scanErrors.ticketExpired();
  if (ticket.state === state) return null;
  if (ticket.state === 'banned') return errors.accountBanned();
  if (ticket.state === 'bind_failed') return scanErrors.bindFailed('tooManyFailures');
  return scanErrors.wrongState();
}

async function lockForAction(tx: Queryable, req: RequestFacts, ticket: string, state: 'bound' | 'unbound', now: Date) {
  const row = await lockTicketByHash(tx, hashToken(ticket), req.tenantId);
  const problem = stateError(row, state, now);
  if (problem || !row) throw problem ?? scanErrors.unknownTicket();
  return row;
}

/** A wrong password or code on this ticket: counts it; the last allowed one makes the ticket bind_failed. */
async function countFailure(tx: Queryable, ticket: TicketRow, now: Date): Promise<errors.Refusal | null> {
  const failures = ticket.bind_failures + 1;
  if (failures >= MAX_BIND_FAILURES) {
    await markBindFailed(tx, ticket, now, failures);
    return new errors.Refusal(scanErrors.bindFailed('tooManyFailures'));
  }
  await updateTicket(tx, ticket.ticket_hash, { bind_failures: failures });
  return null;
}

export async function wxLogin(ctx: ScanContext, req: RequestFacts, input: WxLoginInput): Promise<WxLoginResult> {
  const result =
    input.action === 'login'
      ? await completeBound(ctx, req, input.ticket)
      : input.action === 'bind'
        ? await bind(ctx, req, input)
        : await registerWithIdentity(ctx, req, input);
  countQr('logged_in');
  return result;
}

async function completeBound(ctx: ScanContext, req: RequestFacts, ticket: string): Promise<WxLoginResult> {
  const now = ctx.now();
  return commitThenThrow(ctx.db, async (tx) => {
    const row = await lockForAction(tx, req, ticket, 'bound', now);
    const handed = await handOut(tx, row, req, now);
    if (handed === 'banned') return new errors.Refusal(errors.accountBanned());
    return { userInfo: handed, how: 'loggedIn' as const };
  });
}

async function bind(
  ctx: ScanContext,
  req: RequestFacts,
  input: { ticket: string; action: 'bind' } & LoginInput,
): Promise<WxLoginResult> {
  const ticketHash = hashToken(input.ticket);
  // The ticket first: no credential is checked for a dead or wrong-state code.
  const before = await findTicketByHash(ctx.db, ticketHash, req.tenantId);
  const problem = stateError(before, 'unbound', ctx.now());
  if (problem) throw problem;

  let verified: VerifiedLogin;
  try {
    verified = await verifyLogin(ctx, req, input);
  } catch (error) {
    const wrongSecret =
      error instanceof ApiError &&
      (error.code === errors.CODES.wrongCredentials || error.code === errors.CODES.wrongCode);
    if (wrongSecret) {
      const now = ctx.now();
      await commitThenThrow(ctx.db, async (tx) => {
        const row = await lockTicketByHash(tx, ticketHash, req.tenantId);
        if (!row || stateError(row, 'unbound', now)) return null;
        return countFailure(tx, row, now);
      });
    }
    throw error;
  }

  const now = ctx.now();
  return commitThenThrow(ctx.db, async (tx) => {
    const row = await lockForAction(tx, req, input.ticket, 'unbound', now);
    const identity = row.open_id === null ? null : await lockIdentity(tx, row.tenant_id, row.open_id);
    if (!identity) throw scanErrors.wrongState();
    const user = await findUserById(tx, verified.user.id);
    if (!user) throw errors.wrongCredentials();
    // The credentials were right: the attempt is not a failure, whatever follows.
    await clearLoginAttempt(tx, verified);
    if (isBanned(identity, user)) {
      await markBanned(tx, row, now, user.id);
      return new errors.Refusal(errors.accountBanned());
    }
    if (identity.user_id !== null) {
      await markBindFailed(tx, row, now);
      return new errors.Refusal(scanErrors.bindFailed('identityBound'));
    }
    if (await identityOfUser(tx, user.id)) {
      await markBindFailed(tx, row, now);
      return new errors.Refusal(scanErrors.bindFailed('accountBound'));
    }
    await bindIdentity(tx, identity, user.id, now);
    await updateTicket(tx, row.ticket_hash, { state: 'done', user_id: user.id, finished_at: now });
    return { userInfo: await startSession(tx, user, req, now), how: 'bound' as const };
  });
}

async function registerWithIdentity(
  ctx: ScanContext,
  req: RequestFacts,
  input: { ticket: string; action: 'register' } & RegisterInput,
): Promise<WxLoginResult> {
  const now = ctx.now();
  return commitThenThrow(ctx.db, async (tx) => {
    // The ticket first, then the phone and password rules before the code, so they cost no try (as in the web
    // registration); nothing is written before them, so their refusal rolls back nothing.
    const row = await lockForAction(tx, req, input.ticket, 'unbound', now);
    const key = checkRegistration(req, input);
    const identity = row.open_id === null ? null : await lockIdentity(tx, row.tenant_id, row.open_id);
    if (!identity) throw scanErrors.wrongState();
    if (identity.banned_at) {
      await markBanned(tx, row, now);
      return new errors.Refusal(errors.accountBanned());
    }
    if (identity.user_id !== null) {
      await markBindFailed(tx, row, now);
      return new errors.Refusal(scanErrors.bindFailed('identityBound'));
    }
    const user = await createAccount(tx, req, key, input, now);
    if (user instanceof errors.Refusal) return (await countFailure(tx, row, now)) ?? user;
    await bindIdentity(tx, identity, user.id, now);
    await updateTicket(tx, row.ticket_hash, { state: 'done', user_id: user.id, finished_at: now });
    return { userInfo: await startSession(tx, user, req, now), how: 'registered' as const };
  });
}
