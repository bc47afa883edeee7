/**
 * The built-in slider's records: each puzzle may be answered once within 2 minutes; a good answer earns a
 * ticket, which `sendSmsCode` may redeem once within 2 minutes. Tickets (and puzzle ids) are random; tickets
 * are stored only as SHA-256. A remote provider's tickets are recorded here too when redeemed, so a replay is
 * refused without asking the provider again.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { PUZZLE_TOLERANCE } from '../providers/captcha/slider';

export const PUZZLE_TTL_SECONDS = 120;
export const TICKET_TTL_SECONDS = 120;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

export async function storePuzzle(tx: Queryable, answerX: number, now: Date): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  await tx.query('insert into captcha_puzzles (id, answer_x, created_at, expires_at) values ($1, $2, $3, $4)', [
    id,
    answerX,
    now,
    later(now, PUZZLE_TTL_SECONDS),
  ]);
  return id;
}

export type PuzzleAnswer = { outcome: 'expired' } | { outcome: 'wrong' } | { outcome: 'ok'; ticket: string };

/** Uses the puzzle up whatever the answer; a position within the tolerance earns a ticket. */
export async function answerPuzzle(tx: Queryable, id: string, x: number, now: Date): Promise<PuzzleAnswer> {
  const [puzzle] = await tx.query<{ answer_x: number }>(
    `update captcha_puzzles set used_at = $2
      where id = $1 and used_at is null and expires_at > $2
      returning answer_x`,
    [id, now],
  );
  if (!puzzle) return { outcome: 'expired' };
  if (Math.abs(puzzle.answer_x - x) > PUZZLE_TOLERANCE) return { outcome: 'wrong' };
  const ticket = randomBytes(32).toString('base64url');
  await tx.query(
    `insert into captcha_tickets (ticket_hash, provider, created_at, expires_at) values ($1, 'builtin', $2, $3)`,
    [sha256(ticket), now, later(now, TICKET_TTL_SECONDS)],
  );
  return { outcome: 'ok', ticket };
}

/** Redeems a built-in ticket: true once, within its 2 minutes. */
export async function redeemTicket(tx: Queryable, ticket: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `update captcha_tickets set used_at = $2
      where ticket_hash = $1 and provider = 'builtin' and used_at is null and expires_at > $2
      returning 1`,
    [sha256(ticket), now],
  );
  return rows.length === 1;
}

/** Records a remote provider's ticket as used; false when it was used before. */
export async function recordRemoteTicket(tx: Queryable, ticket: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `insert into captcha_tickets (ticket_hash, provider, created_at, expires_at, used_at)
     values ($1, 'remote', $2, $3, $2)
     on conflict (ticket_hash) do nothing
     returning 1`,
    [sha256(`remote:${ticket}`), now, later(now, 24 * 3600)],
  );
  return rows.length === 1;
}
