/**
 * Deletes expired rows every few minutes to keep the tables small (QR tickets a day late, so a late poll still
 * reads "expired"); every check looks at the expiry itself, so nothing depends on it.
 */

import { viewsKeptFrom } from '../college/views';
import type { Database } from '../db/database';
import { LOGIN_BACKOFF } from '../limits/rules';
import { log } from '../ops/log';
import { eraseDueAccounts } from './account-closure';

const DAY = 24 * 3600 * 1000;

export async function sweepExpired(db: Database, now: Date): Promise<Record<string, number>> {
  const dayAgo = new Date(now.getTime() - DAY);
  const forget = new Date(now.getTime() - LOGIN_BACKOFF.forgetAfterSeconds * 1000);
  return db.transaction(async (tx) => {
    const run = async (sql: string, params: unknown[]) => (await tx.query(`${sql} returning 1`, params)).length;
    return {
      rate_events: await run('delete from rate_events where expires_at <= $1', [now]),
      sms_codes: await run('delete from sms_codes where expires_at <= $1', [now]),
      captcha_puzzles: await run('delete from captcha_puzzles where expires_at <= $1', [now]),
      captcha_tickets: await run('delete from captcha_tickets where expires_at <= $1', [now]),
      login_throttles: await run(
        'delete from login_throttles where last_failure_at <= $1 and (locked_until is null or locked_until <= $2)',
        [forget, now],
      ),
      sessions: await run('delete from sessions where expires_at <= $1 or revoked_at <= $2', [now, dayAgo]),
      wx_login_tickets: await run('delete from wx_login_tickets where expires_at <= $1', [dayAgo]),
      wx_events: await run('delete from wx_events where expires_at <= $1', [now]),
      wx_webhook_nonces: await run('delete from wx_webhook_nonces where expires_at <= $1', [now]),
      // Closed accounts whose cooling-off period has ended: their personal data is erased (account-closure.ts).
      accounts_erased: await eraseDueAccounts(tx, now),
      wx_oauth_states: await run('delete from wx_oauth_states where expires_at <= $1', [now]),
      // Views older than the days a visitor is counted once in (the totals stay in college_view_counts).
      college_views: await run('delete from college_views where day < $1::date', [viewsKeptFrom(now)]),
    };
  });
}

/** Sweeps every `everyMs` in the background (not keeping the process alive); returns the stopper. */
export function startSweeper(db: Database, now: () => Date, everyMs = 10 * 60 * 1000): () => void {
  const timer = setInterval(() => {
    sweepExpired(db, now()).catch((error) => log.error({ err: error }, '[accounts] sweep failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
