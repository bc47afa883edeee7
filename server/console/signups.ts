/**
 * The sign-ups report (server/console/signups-api.ts serves it): registrations per day or ISO week of the portal's
 * time zone (Asia/Shanghai, UTC+8 all year), split by one attribute, and the funnel the server sees.
 *
 * The ad source of an account (split `source`) is decided by its registeInfo, first match wins:
 *   `baidu`   a Baidu click id (bd_vid);
 *   `360`     a 360 click id (qhclickid);
 *   `keyword` no click id, but a paid keyword (e_keywordid or utm_term);
 *   `search`  only a search engine's word (searchEngineWord);
 *   ``        none of them (direct, or unknown).
 * The split `keyword` is the keyword itself: utm_term, else e_keywordid, else searchEngineWord, else "".
 */
import type { z } from 'zod';
import { brands } from '../../shared/brand';
import type { SignupSplit, signupsData, signupsQuery } from '../../shared/contract/console';
import { shanghaiDay, shanghaiDayStart } from '../../shared/shanghai-day';
import type { Database } from '../db/database';
import { nextDay } from './users';

export type SignupsData = z.infer<typeof signupsData>;
export type SignupsQuery = z.infer<typeof signupsQuery>;

const BRAND_KEY = `case tenant_id ${Object.values(brands)
  .map((brand) => `when ${brand.tenantId} then '${brand.id}'`)
  .join(' ')} else '' end`;

/** The key of each split, in the rollup's fill (every split but brand, which is the `day` split's tenant). */
const ROLLUP_KEYS = {
  day: "''",
  channel: 'channel_id::text',
  invite: "coalesce(invite_code, '')",
  // Computed from registeInfo when the row is written (migration 012, the rule above).
  source: 'signup_source',
  keyword: 'signup_keyword',
  method: "coalesce(signup_method, '')",
} as const;

/** The Asia/Shanghai day of a registration (UTC+8 all year). */
const LOCAL_DAY = "((created_at at time zone 'UTC') + interval '8 hours')"; // a timestamp: ::date or date_trunc it

/** YYYY-MM-DD `days` after `day` (before, when negative). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Fills the rollup for the days of from..to it lacks (every split at once, from one pass over those days' accounts).
 * Each day is claimed in signup_days in the same transaction, so two reports never count a day twice.
 */
async function fillRollup(db: Database, from: string, to: string): Promise<void> {
  if (from > to) return;
  const missing = await db.query<{ day: string }>(
    `select to_char(d, 'YYYY-MM-DD') as day from generate_series($1::date, $2::date, interval '1 day') as d
      where not exists (select 1 from signup_days s where s.day = d::date)`,
    [from, to],
  );
  if (!missing.length) return;
  await db.transaction(async (tx) => {
    const claimed = (
      await tx.query<{ day: string }>(
        `insert into signup_days (day) select unnest($1::date[]) on conflict do nothing
         returning to_char(day, 'YYYY-MM-DD') as day`,
        [missing.map((row) => row.day)],
      )
    ).map((row) => row.day);
    if (!claimed.length) return;
    claimed.sort();
    const splits = Object.entries(ROLLUP_KEYS)
      .map(([split, key]) => `('${split}', ${key})`)
      .join(', ');
    await tx.query(
      `insert into signup_daily (day, split, tenant_id, key, registrations)
       select u.day, s.split, u.tenant_id, s.key, count(*)::int
         from (select ${LOCAL_DAY}::date as day, * from users where created_at >= $1 and created_at < $2) as u
              cross join lateral (values ${splits}) as s (split, key)
        where u.day = any($3::date[])
        group by 1, 2, 3, 4`,
      [shanghaiDayStart(claimed[0]), shanghaiDayStart(nextDay(claimed[claimed.length - 1])), claimed],
    );
  });
}

/**
 * The report. Days that ended before yesterday come from the rollup (filled on first use); yesterday and today are
 * counted from users, as is the funnel's workbench count (a seller may open it any day after registering).
 */
export async function signupsReport(db: Database, query: SignupsQuery, now: Date): Promise<SignupsData> {
  const lastClosed = shanghaiDay(now, 2);
  // YYYY-MM-DD strings: the earlier of the two sorts first.
  const closedTo = [query.to, lastClosed].sort()[0];
  const liveFrom = query.from > lastClosed ? query.from : addDays(lastClosed, 1);
  const tenantId = query.brand ? brands[query.brand].tenantId : null;
  const week = query.interval === 'week';
  await fillRollup(db, query.from, closedTo);

  const closed = async () => {
    if (query.from > closedTo) return [];
    const params: unknown[] = [query.by === 'brand' ? 'day' : query.by, query.from, closedTo];
    if (tenantId !== null) params.push(tenantId);
    const period = week ? "to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD')" : "to_char(day, 'YYYY-MM-DD')";
    return db.query<{ period: string; key: string; count: number }>(
      `select ${period} as period, ${query.by === 'brand' ? BRAND_KEY : 'key'} as key,
              sum(registrations)::int as count
         from signup_daily where split = $1 and day >= $2::date and day <= $3::date${tenantId !== null ? ' and tenant_id = $4' : ''}
        group by 1, 2`,
      params,
    );
  };
  const live = async () => {
    if (liveFrom > query.to) return [];
    const params: unknown[] = [shanghaiDayStart(liveFrom), shanghaiDayStart(nextDay(query.to))];
    if (tenantId !== null) params.push(tenantId);
    const period = `to_char(date_trunc('${week ? 'week' : 'day'}', ${LOCAL_DAY}), 'YYYY-MM-DD')`;
    const key = query.by === 'brand' ? BRAND_KEY : ROLLUP_KEYS[query.by];
    return db.query<{ period: string; key: string; count: number }>(
      `select ${period} as period, ${key} as key, count(*)::int as count
         from users where created_at >= $1 and created_at < $2${tenantId !== null ? ' and tenant_id = $3' : ''}
        group by 1, 2`,
      params,
    );
  };
  const tenant = tenantId !== null ? ' and tenant_id = $3' : '';
  const [closedRows, liveRows, [workbench], [sms]] = await Promise.all([
    closed(),
    live(),
    db.query<{ n: number }>(
      `select count(first_workbench_at)::int as n from users where created_at >= $1 and created_at < $2${tenant}`,
      [shanghaiDayStart(query.from), shanghaiDayStart(nextDay(query.to)), ...(tenantId !== null ? [tenantId] : [])],
    ),
    db.query<{ sent: number }>(
      `select coalesce(sum(sent), 0)::int as sent from sms_register_daily
        where day >= $1::date and day <= $2::date${tenant}`,
      [query.from, query.to, ...(tenantId !== null ? [tenantId] : [])],
    ),
  ]);

  // A week may take days from both: add them up. Ordered by period, then key (by code unit, whatever the collation).
  const counts = new Map<string, { period: string; key: string; count: number }>();
  for (const row of [...closedRows, ...liveRows]) {
    const id = `${row.period}\u0000${row.key}`;
    const item = counts.get(id) ?? { period: row.period, key: row.key, count: 0 };
    item.count += Number(row.count);
    counts.set(id, item);
  }
  const items = [...counts.values()].sort((a, b) =>
    a.period !== b.period ? (a.period < b.period ? -1 : 1) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  );
  const totals = new Map<string, number>();
  for (const item of items) totals.set(item.key, (totals.get(item.key) ?? 0) + item.count);
  const keys = [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([key]) => key);
  return {
    items,
    keys,
    funnel: {
      smsSent: Number(sms?.sent ?? 0),
      registrations: items.reduce((sum, item) => sum + item.count, 0),
      firstWorkbench: Number(workbench?.n ?? 0),
    },
  };
}

/** A CSV cell: quoted when it must be, and a formula's first character (= + - @, tab, return) made inert. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The report as CSV: a byte order mark (so Excel reads UTF-8), a header row, then one row per period and key. */
export function signupsCsv(report: SignupsData, by: SignupSplit): string {
  const header = by === 'day' ? ['period', 'count'] : ['period', by, 'count'];
  const lines = [header.join(',')];
  for (const item of report.items)
    lines.push((by === 'day' ? [item.period, item.count] : [item.period, item.key, item.count]).map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
