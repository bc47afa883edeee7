/**
 * The captcha flows (config, puzzle, answer) and the built-in slider's records: a puzzle is answered once within
 * 2 minutes, a good answer earns a ticket `sendSmsCode` redeems once within 2 minutes (stored as SHA-256). A remote
 * provider's tickets are recorded when redeemed, so a replay is refused without asking it again.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { RequestFacts } from '../api/http';
import type { Queryable } from '../db/database';
import { limit } from '../limits/rules';
import {
  dataUrl,
  PIECE_SIZE,
  PUZZLE_HEIGHT,
  PUZZLE_TOLERANCE,
  PUZZLE_WIDTH,
  placeGap,
  renderPuzzle,
} from '../providers/captcha/slider';
import type { AccountsContext } from './context';
import * as errors from './errors';

export const PUZZLE_TTL_SECONDS = 120;
export const TICKET_TTL_SECONDS = 120;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

export function captchaConfig(ctx: AccountsContext) {
  return { provider: ctx.captcha.kind, appId: ctx.captcha.appId };
}

export async function newPuzzle(ctx: AccountsContext, req: RequestFacts) {
  const now = ctx.now();
  const checks = [limit.puzzlesPerIp(req.ip)];
  const known = ctx.limiter.knownWait(checks, now);
  if (known) throw errors.tooMany(known);
  // The gap's place is drawn first, so the picture (the costly part) is only painted for an allowed request.
  const { x, y } = placeGap();
  const captchaId = await ctx.db.transaction(async (tx) => {
    const wait = await ctx.limiter.check(tx, checks, now);
    if (wait) throw errors.tooMany(wait);
    await ctx.limiter.consume(tx, checks, now);
    return storePuzzle(tx, x, now);
  });
  const puzzle = renderPuzzle({ x, y });
  return {
    captchaId,
    image: dataUrl(puzzle.background),
    piece: dataUrl(puzzle.piece),
    width: PUZZLE_WIDTH,
    height: PUZZLE_HEIGHT,
    pieceSize: PIECE_SIZE,
    pieceY: y,
    expiresIn: PUZZLE_TTL_SECONDS,
  };
}

export async function verifyPuzzle(ctx: AccountsContext, input: { captchaId: string; x: number }) {
  const answer = await ctx.db.transaction((tx) => answerPuzzle(tx, input.captchaId, input.x, ctx.now()));
  if (answer.outcome === 'expired') throw errors.captchaExpired();
  if (answer.outcome === 'wrong') throw errors.captchaFailed();
  return { ticket: answer.ticket, expiresIn: TICKET_TTL_SECONDS };
}

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
