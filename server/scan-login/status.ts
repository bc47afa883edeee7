/** The status the browser polls. */
import type { QrStatus } from '../../shared/contract/scan-login';
import { commitThenThrow } from '../accounts/context';
import * as errors from '../accounts/errors';
import { hashToken } from '../accounts/sessions';
import type { RequestFacts } from '../api/http';
import { limit } from '../limits/rules';
import { countQr, countRefusal } from '../ops/metrics';
import { handOut, type ScanContext } from './context';
import * as scanErrors from './errors';
import {
  findTicket,
  isExpired,
  knownTicketForPoll,
  lockIdentity,
  readTicketForPoll,
  secondsLeft,
  type TicketRow,
} from './tickets';

/**
 * What the browser's poll (every 2 s per open tab) sees: the common answers from one plain read, without a lock;
 * unbound and bound lock the ticket and read it again, and a `bound` ticket hands out its session (once). The
 * per-IP limit is counted in this process's memory.
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
    const row = await findTicket(tx, 'ticket_hash', ticketHash, req.tenantId);
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
 * The poll's fast path: the status when memory's row settles it and the limit admits the poll, else undefined
 * (`readStatus` answers, and counts nothing again for an address already refused).
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
  // A signed-in seller's bind code that bound the WeChat (server/scan-login/scan.ts linkToAccount): no session.
  if (row.state === 'done' && row.bind_user_id && row.user_id) return { status: 'linked' };
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
