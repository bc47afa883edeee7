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
import type { Queryable } from '../db/database';
import { dayStart, nextDay } from './users';

export type SignupsData = z.infer<typeof signupsData>;
export type SignupsQuery = z.infer<typeof signupsQuery>;

const BRAND_KEY = `case tenant_id ${Object.values(brands)
  .map((brand) => `when ${brand.tenantId} then '${brand.id}'`)
  .join(' ')} else '' end`;

/** The SQL of each split's key. */
export const SPLIT_KEYS: Record<SignupSplit, string> = {
  day: "''",
  brand: BRAND_KEY,
  channel: 'channel_id::text',
  invite: "coalesce(invite_code, '')",
  // Computed from registeInfo when the row is written (migration 012, the rule above).
  source: 'signup_source',
  keyword: 'signup_keyword',
  method: "coalesce(signup_method, '')",
};

export async function signupsReport(tx: Queryable, query: SignupsQuery): Promise<SignupsData> {
  const start = dayStart(query.from);
  const end = dayStart(nextDay(query.to));
  const params: unknown[] = [start, end];
  let tenant = '';
  if (query.brand) {
    params.push(brands[query.brand].tenantId);
    tenant = ` and tenant_id = $${params.length}`;
  }
  const unit = query.interval === 'week' ? 'week' : 'day';
  // The local day (or its week's Monday) of each registration: shift the instant by 8 hours, then truncate.
  const period = `to_char(date_trunc('${unit}', (created_at at time zone 'UTC') + interval '8 hours'), 'YYYY-MM-DD')`;
  // One pass over the range (an index-only scan of users_signups): each period and key with its registrations and
  // how many of them opened the workbench; the funnel adds them up.
  const [rows, sms] = await Promise.all([
    tx.query<{ period: string; key: string; count: number; workbench: number }>(
      `select ${period} as period, ${SPLIT_KEYS[query.by]} as key, count(*)::int as count,
              count(first_workbench_at)::int as workbench
         from users where created_at >= $1 and created_at < $2${tenant}
        group by 1, 2 order by 1, 2`,
      params,
    ),
    tx.query<{ sent: number }>(
      `select coalesce(sum(sent), 0)::int as sent from sms_register_daily
        where day >= $1::date and day <= $2::date${query.brand ? ' and tenant_id = $3' : ''}`,
      [query.from, query.to, ...(query.brand ? [brands[query.brand].tenantId] : [])],
    ),
  ]);
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.key, (totals.get(row.key) ?? 0) + Number(row.count));
  const keys = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([key]) => key);
  return {
    items: rows.map((row) => ({ period: row.period, key: row.key, count: Number(row.count) })),
    keys,
    funnel: {
      smsSent: Number(sms[0]?.sent ?? 0),
      registrations: rows.reduce((sum, row) => sum + Number(row.count), 0),
      firstWorkbench: rows.reduce((sum, row) => sum + Number(row.workbench), 0),
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
