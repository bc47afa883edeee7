/**
 * wx/userlogin on the computer: complete a confirmed code, bind an existing account to the identity that scanned
 * unbound, or register a new account for it. A bind needs an SMS code sent to the account's phone (purpose
 * `login`), never the password alone: whoever scanned the code may not be the one at the computer, and
 * every new binding sends the account an SMS notice (./bind-notice.ts).
 */
import type { UserInfo } from '../../shared/contract/accounts';
import { commitThenThrow } from '../accounts/context';
import * as errors from '../accounts/errors';
import { clearLoginAttempt, type VerifiedLogin, verifyLogin } from '../accounts/login';
import { checkRegistration, createAccount, type RegisterInput } from '../accounts/registration';
import { hashToken, startSession } from '../accounts/sessions';
import { findUserById, type UserRow } from '../accounts/users';
import { ApiError, type RequestFacts } from '../api/http';
import type { Queryable } from '../db/database';
import { MAX_BIND_FAILURES } from '../limits/rules';
import { countQr } from '../ops/metrics';
import { enqueueWebhookEvent } from '../webhooks/events';
import { sendBindNotice } from './bind-notice';
import { handOut, isBanned, markBanned, type ScanContext } from './context';
import * as scanErrors from './errors';
import {
  bindIdentity,
  findTicket,
  type IdentityRow,
  identityOfUser,
  isExpired,
  lockIdentity,
  type TicketRow,
  updateTicket,
} from './tickets';

export type WxLoginInput =
  | { ticket: string; action: 'login' }
  | ({ ticket: string; action: 'bind' } & BindInput)
  | ({ ticket: string; action: 'register' } & RegisterInput);

/** The phone and the SMS code (purpose `login`) sent to it: a password is not accepted for a bind. */
export interface BindInput {
  phone: string;
  countryCode: number;
  code: string;
}

export interface WxLoginResult {
  userInfo: UserInfo;
  /** Which success message the answer carries. */
  how: 'loggedIn' | 'bound' | 'registered';
}

async function markBindFailed(tx: Queryable, ticket: TicketRow, now: Date, failures?: number): Promise<void> {
  await updateTicket(tx, ticket.ticket_hash, {
    state: 'bind_failed',
    finished_at: now,
    ...(failures === undefined ? {} : { bind_failures: failures }),
  });
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
  const row = await findTicket(tx, 'ticket_hash', hashToken(ticket), req.tenantId);
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

/** Binds the identity to the account, uses the ticket up and starts the account's session. */
async function bindAndStart(
  tx: Queryable,
  row: TicketRow,
  identity: IdentityRow,
  user: UserRow,
  req: RequestFacts,
  now: Date,
) {
  await bindIdentity(tx, identity, user.id, now);
  await updateTicket(tx, row.ticket_hash, { state: 'done', user_id: user.id, finished_at: now });
  return startSession(tx, user, req, now);
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
  input: { ticket: string; action: 'bind' } & BindInput,
): Promise<WxLoginResult> {
  const ticketHash = hashToken(input.ticket);
  // The ticket first: no credential is checked for a dead or wrong-state code.
  const before = await findTicket(ctx.db, 'ticket_hash', ticketHash, req.tenantId, false);
  const problem = stateError(before, 'unbound', ctx.now());
  if (problem) throw problem;

  let verified: VerifiedLogin;
  try {
    verified = await verifyLogin(ctx, req, { phone: input.phone, countryCode: input.countryCode, code: input.code });
  } catch (error) {
    const wrongSecret = error instanceof ApiError && error.code === errors.CODES.wrongCode;
    if (wrongSecret) {
      const now = ctx.now();
      await commitThenThrow(ctx.db, async (tx) => {
        const row = await findTicket(tx, 'ticket_hash', ticketHash, req.tenantId);
        if (!row || stateError(row, 'unbound', now)) return null;
        return countFailure(tx, row, now);
      });
    }
    throw error;
  }

  const now = ctx.now();
  const result = await commitThenThrow(ctx.db, async (tx) => {
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
    const taken =
      identity.user_id !== null ? 'identityBound' : (await identityOfUser(tx, user.id)) ? 'accountBound' : null;
    if (taken) {
      await markBindFailed(tx, row, now);
      return new errors.Refusal(scanErrors.bindFailed(taken));
    }
    await enqueueWebhookEvent(tx, 'user.logged_in', user, { method: 'wechat' }, now);
    return { userInfo: await bindAndStart(tx, row, identity, user, req, now), how: 'bound' as const, user };
  });
  await sendBindNotice(ctx, req, result.user);
  return { userInfo: result.userInfo, how: result.how };
}

async function registerWithIdentity(
  ctx: ScanContext,
  req: RequestFacts,
  input: { ticket: string; action: 'register' } & RegisterInput,
): Promise<WxLoginResult> {
  const now = ctx.now();
  const result = await commitThenThrow(ctx.db, async (tx) => {
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
    const user = await createAccount(ctx, tx, req, key, input, now, 'wechat');
    if (user instanceof errors.Refusal) return (await countFailure(tx, row, now)) ?? user;
    return { userInfo: await bindAndStart(tx, row, identity, user, req, now), how: 'registered' as const, user };
  });
  // A new binding too: the WeChat that scanned may not be the registering person's own.
  await sendBindNotice(ctx, req, result.user);
  return { userInfo: result.userInfo, how: result.how };
}
