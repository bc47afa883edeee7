/**
 * The account's devices: its live sessions with the browser and system named from the user agent, and signing out
 * one or every other. The parser is small on purpose (no UA package is a dependency): the common browsers and
 * systems with their major version, null for anything else.
 */
import type { AccountSession } from '../../shared/contract/account';
import type { Queryable } from '../db/database';
import { type Actor, recordAudit } from './account-audit';
import * as accountErrors from './account-errors';

/** First match wins: WeChat and the Chromium-based browsers name Chrome too, Chrome names Safari. */
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\/(\d+(?:\.\d+)?)/, 'WeChat'],
  [/Edg(?:A|iOS|e)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/UCBrowser\/(\d+)/, 'UC Browser'],
  [/QQBrowser\/(\d+)/, 'QQ Browser'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS|Chromium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+(?:\.\d+)?).*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, (match: RegExpExecArray) => string][] = [
  [/Windows NT 10\.0/, () => 'Windows 10/11'],
  [/Windows NT 6\.([123])/, (m) => `Windows ${{ 1: '7', 2: '8', 3: '8.1' }[m[1] as '1' | '2' | '3']}`],
  [/Windows/, () => 'Windows'],
  [/(?:iPhone|iPad|iPod).*? OS (\d+)/, (m) => `iOS ${m[1]}`],
  [/iPhone|iPad|iPod/, () => 'iOS'],
  [/Android (\d+)/, (m) => `Android ${m[1]}`],
  [/Android/, () => 'Android'],
  [/HarmonyOS/, () => 'HarmonyOS'],
  [/CrOS/, () => 'ChromeOS'],
  [/Macintosh|Mac OS X/, () => 'macOS'],
  [/Linux|X11/, () => 'Linux'],
];

/** `{browser: "Chrome 120", system: "Windows 10/11"}` from a user agent; null parts when not recognised. */
export function parseUserAgent(userAgent: string | null | undefined): {
  browser: string | null;
  system: string | null;
} {
  if (!userAgent) return { browser: null, system: null };
  const ua = userAgent.slice(0, 512);
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  let system: string | null = null;
  for (const [pattern, name] of SYSTEMS) {
    const match = pattern.exec(ua);
    if (match) {
      system = name(match);
      break;
    }
  }
  return { browser, system };
}

interface SessionRow {
  id: number | string;
  created_at: Date;
  last_seen_at: Date | null;
  created_ip: string;
  user_agent: string | null;
}

/** Every live session of the user, newest first. */
export async function listSessions(tx: Queryable, userId: number, currentId: number, now: Date) {
  const rows = await tx.query<SessionRow>(
    `select id, created_at, last_seen_at, created_ip, user_agent from sessions
      where user_id = $1 and revoked_at is null and expires_at > $2 order by created_at desc, id desc`,
    [userId, now],
  );
  return rows.map(
    (row): AccountSession => ({
      id: String(row.id),
      ...parseUserAgent(row.user_agent),
      firstSeenAt: new Date(row.created_at).toISOString(),
      lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null,
      address: row.created_ip,
      current: Number(row.id) === currentId,
    }),
  );
}

/** Signs out every live session of the user but `keepId`; answers how many. */
export async function revokeOtherSessions(tx: Queryable, userId: number, keepId: number, now: Date): Promise<number> {
  const rows = await tx.query(
    'update sessions set revoked_at = $3 where user_id = $1 and id <> $2 and revoked_at is null returning 1',
    [userId, keepId, now],
  );
  return rows.length;
}

/** `{sessionId}`: that live session of the user (40033 otherwise; this one too, a logout); `{others}`: every other. */
export async function revokeSessions(
  tx: Queryable,
  actor: Actor & { sessionId: number },
  target: { sessionId: string } | { others: true },
  now: Date,
): Promise<number> {
  if ('others' in target) {
    const revoked = await revokeOtherSessions(tx, actor.userId, actor.sessionId, now);
    await recordAudit(tx, actor, 'other_sessions_revoked', now);
    return revoked;
  }
  const rows = await tx.query(
    `update sessions set revoked_at = $3
      where user_id = $1 and id = $2 and revoked_at is null and expires_at > $3 returning 1`,
    [actor.userId, target.sessionId, now],
  );
  if (!rows.length) throw accountErrors.sessionNotFound();
  await recordAudit(tx, actor, 'session_revoked', now);
  return 1;
}
