/**
 * The console's questions about accounts (server/console/users-api.ts serves them): the search, a user's page, and
 * the changes an operator makes, each inside the caller's transaction so its audit entry commits with it.
 */
import type { z } from 'zod';
import { type BrandId, brands } from '../../shared/brand';
import type { SignupMethod, userPageData, userRowData } from '../../shared/contract/console';
import { shanghaiDayStart } from '../../shared/shanghai-day';
import { COUNTRIES, maskPhone } from '../accounts/phone';
import { TRIAL_DAYS } from '../accounts/users';
import type { Queryable } from '../db/database';

export type UserRowData = z.infer<typeof userRowData>;
export type UserPageData = z.infer<typeof userPageData>;

const BRAND_OF_TENANT = new Map<number, BrandId>(
  (Object.keys(brands) as BrandId[]).map((id) => [brands[id].tenantId, id]),
);

/** The brand of a tenant id (every stored tenant is one of the two). */
export function brandOfTenant(tenantId: number): BrandId {
  return BRAND_OF_TENANT.get(Number(tenantId)) ?? 'starreach';
}

interface AccountRow {
  id: number | string;
  tenant_id: number;
  country_code: number;
  phone: string;
  nickname: string;
  invite_code: string | null;
  channel_id: number;
  created_at: Date;
  banned_at: Date | null;
  closure_requested_at: Date | null;
  erased_at: Date | null;
}

const ROW_COLUMNS =
  'id, tenant_id, country_code, phone, nickname, invite_code, channel_id, created_at, banned_at, closure_requested_at, erased_at';

function rowData(row: AccountRow): UserRowData {
  return {
    id: String(row.id),
    brand: brandOfTenant(row.tenant_id),
    countryCode: Number(row.country_code),
    phoneMasked: maskPhone(row.phone),
    nickname: row.nickname,
    inviteCode: row.invite_code,
    channelId: Number(row.channel_id),
    createdAt: new Date(row.created_at).toISOString(),
    banned: row.banned_at !== null,
    // Closing (in the cooling-off period) or erased.
    closed: row.closure_requested_at !== null || row.erased_at !== null,
  };
}

/** Whether a YYYY-MM-DD is a day of the calendar (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export interface UserSearch {
  q?: string;
  brand?: BrandId;
  channel?: number;
  from?: string;
  to?: string;
  /** The id of the last row of the previous page. */
  before?: number;
  limit: number;
}

/**
 * What `q` looks for: digits only (spaces, +, - and parentheses aside): exactly four = the last four digits; more =
 * a full phone, with or without its country's dialling code (or an invite code made of digits); anything else = a
 * nickname's start or an invite code.
 */
export function readQ(
  q: string | undefined,
):
  | { kind: 'all' }
  | { kind: 'lastFour'; digits: string }
  | { kind: 'phone'; plain: string[]; dialled: string[]; q: string }
  | { kind: 'text'; q: string } {
  const text = (q ?? '').trim();
  if (!text) return { kind: 'all' };
  if (/^[\d\s+()-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length === 4) return { kind: 'lastFour', digits };
    if (digits.length > 4) {
      // As typed (any country), or after a country's dialling code (that country only); a trunk 0 dropped.
      const national = (number: string) => (number.startsWith('0') ? [number, number.slice(1)] : [number]);
      const plain = national(digits);
      const dialled: string[] = [];
      for (const country of COUNTRIES.values()) {
        const dial = String(country.dial);
        if (digits.startsWith(dial) && digits.length > dial.length)
          for (const number of national(digits.slice(dial.length))) dialled.push(`${country.value}:${number}`);
      }
      return { kind: 'phone', plain, dialled, q: text };
    }
  }
  return { kind: 'text', q: text };
}

/** Newest first (highest id), at most `limit` rows, and the cursor of the next page (null on the last). */
export async function searchUsers(
  tx: Queryable,
  search: UserSearch,
): Promise<{ items: UserRowData[]; nextCursor: string | null }> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const filters: string[] = [];
  if (search.brand) filters.push(`tenant_id = ${param(brands[search.brand].tenantId)}`);
  if (search.channel !== undefined) filters.push(`channel_id = ${param(search.channel)}`);
  if (search.from) filters.push(`created_at >= ${param(shanghaiDayStart(search.from))}`);
  if (search.to) filters.push(`created_at < ${param(shanghaiDayStart(nextDay(search.to)))}`);
  if (search.before !== undefined) filters.push(`id < ${param(search.before)}`);
  const common = filters.map((filter) => ` and ${filter}`).join('');
  const take = param(search.limit + 1);
  const query = readQ(search.q);
  const select = (where: string) =>
    `select ${ROW_COLUMNS} from users where ${where}${common} order by id desc limit ${take}`;
  let sql: string;
  switch (query.kind) {
    case 'all':
      sql = select('true');
      break;
    case 'lastFour':
      sql = select(`right(phone, 4) = ${param(query.digits)}`);
      break;
    case 'phone': {
      const all = param([...query.plain, ...query.dialled.map((pair) => pair.slice(pair.indexOf(':') + 1))]);
      const plain = param(query.plain);
      const dialled = param(query.dialled);
      const phone = `phone = any(${all}::text[]) and (phone = any(${plain}::text[])
                     or country_code::text || ':' || phone = any(${dialled}::text[]))`;
      const invite = param(query.q);
      sql = `select * from ((${select(phone)}) union (${select(`invite_code = ${invite}`)})) found
              order by id desc limit ${take}`;
      break;
    }
    case 'text': {
      // A nickname's start: LIKE with its wildcards escaped (the text_pattern_ops index serves the prefix).
      const prefix = param(`${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      const invite = param(query.q);
      sql = `select * from ((${select(`nickname like ${prefix}`)}) union (${select(`invite_code = ${invite}`)})) found
              order by id desc limit ${take}`;
      break;
    }
  }
  const rows = await tx.query<AccountRow>(sql, params);
  const page = rows.slice(0, search.limit);
  return {
    items: page.map(rowData),
    nextCursor: rows.length > search.limit ? String(page[page.length - 1].id) : null,
  };
}

interface PageRow extends AccountRow {
  client_id: string;
  registe_info: Record<string, unknown>;
  signup_method: SignupMethod | null;
  first_workbench_at: Date | null;
  created_ip: string;
  ban_reason: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A user's page (the contract's userPageData), or null when there is no such account. */
export async function userPage(tx: Queryable, userId: number, now: Date): Promise<UserPageData | null> {
  const [row] = await tx.query<PageRow>(
    `select ${ROW_COLUMNS}, client_id, registe_info, signup_method, first_workbench_at, created_ip, ban_reason
       from users where id = $1`,
    [userId],
  );
  if (!row) return null;
  const [sessions, identities] = await Promise.all([
    tx.query<{
      id: number;
      created_at: Date;
      expires_at: Date;
      created_ip: string;
      user_agent: string | null;
      last_seen_at: Date | null;
    }>(
      `select id, created_at, expires_at, created_ip, user_agent, last_seen_at from sessions
        where user_id = $1 and revoked_at is null and expires_at > $2 order by created_at desc, id desc limit 100`,
      [userId, now],
    ),
    tx.query<{ nickname: string | null; bound_at: Date | null }>(
      'select nickname, bound_at from wx_identities where user_id = $1',
      [userId],
    ),
  ]);
  const registeInfo: Record<string, string> = {};
  for (const [key, value] of Object.entries(row.registe_info ?? {}))
    if (value !== null && value !== undefined) registeInfo[key] = String(value);
  const createdAt = new Date(row.created_at);
  return {
    ...rowData(row),
    clientId: row.client_id,
    registeInfo,
    signupMethod: row.signup_method,
    // As the portal computes it (server/accounts/users.ts customerInfo): registration + TRIAL_DAYS.
    trialEndsAt: new Date(createdAt.getTime() + TRIAL_DAYS * 24 * 3600 * 1000).toISOString(),
    firstWorkbenchAt: iso(row.first_workbench_at),
    createdAddress: row.created_ip,
    ban: row.banned_at ? { at: new Date(row.banned_at).toISOString(), reason: row.ban_reason } : null,
    wechat: identities[0] ? { nickname: identities[0].nickname, boundAt: iso(identities[0].bound_at) } : null,
    sessions: sessions.map((session) => ({
      id: String(session.id),
      createdAt: new Date(session.created_at).toISOString(),
      expiresAt: new Date(session.expires_at).toISOString(),
      lastSeenAt: iso(session.last_seen_at),
      address: session.created_ip,
      userAgent: session.user_agent,
    })),
    closure: await closureState(tx, userId),
  };
}

/** A pending closure of the account (server/accounts/account-closure.ts), or null. */
async function closureState(tx: Queryable, userId: number): Promise<UserPageData['closure']> {
  const [row] = await tx.query<{ closure_requested_at: Date | null; closure_erases_at: Date | null }>(
    'select closure_requested_at, closure_erases_at from users where id = $1 and erased_at is null',
    [userId],
  );
  if (!row?.closure_requested_at || !row.closure_erases_at) return null;
  return { requestedAt: iso(row.closure_requested_at) as string, erasesAt: iso(row.closure_erases_at) as string };
}

/** The account's full phone (the reveal), or null when there is no such account. */
export async function userPhone(tx: Queryable, userId: number): Promise<{ countryCode: number; phone: string } | null> {
  const [row] = await tx.query<{ country_code: number; phone: string }>(
    'select country_code, phone from users where id = $1',
    [userId],
  );
  return row ? { countryCode: Number(row.country_code), phone: row.phone } : null;
}

/** The account locked for a change (its tenant and ban), or null. */
export async function lockUser(
  tx: Queryable,
  userId: number,
): Promise<{ id: number; tenant_id: number; banned_at: Date | null; ban_reason: string | null } | null> {
  const [row] = await tx.query<{ id: number; tenant_id: number; banned_at: Date | null; ban_reason: string | null }>(
    'select id, tenant_id, banned_at, ban_reason from users where id = $1 for update',
    [userId],
  );
  return row ? { ...row, id: Number(row.id), tenant_id: Number(row.tenant_id) } : null;
}

/** Ends one live session of the account; false when it has no such live session. */
export async function revokeOneSession(tx: Queryable, userId: number, sessionId: number, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `update sessions set revoked_at = $3
      where id = $2 and user_id = $1 and revoked_at is null and expires_at > $3 returning 1`,
    [userId, sessionId, now],
  );
  return rows.length > 0;
}

/** The ids of the account's live sessions (what a revoke-all ends, for the audit entry). */
export async function liveSessionIds(tx: Queryable, userId: number, now: Date): Promise<string[]> {
  const rows = await tx.query<{ id: number }>(
    'select id from sessions where user_id = $1 and revoked_at is null and expires_at > $2 order by id',
    [userId, now],
  );
  return rows.map((row) => String(row.id));
}
