// @vitest-environment node
/**
 * The console's user calls on PGlite and PostgreSQL: the search (full phone, last four, nickname, invite code,
 * filters, pages), masking, a user's page, the audited reveal, ban / unban, revoking sessions (the portal then
 * answers 401 / 40002), unbinding WeChat, and the refusals. Accounts come from the portal's own flows where the test
 * is about them (accounts harness), from plain inserts where it is about the search.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { harness, START } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';
import { consoleTestApp, TEST_ADDRESS } from './console-test-app';
import type { UserPageData, UserRowData } from './users';
import { readQ } from './users';

interface Seed {
  tenant?: number;
  country?: number;
  phone: string;
  nickname?: string;
  invite?: string | null;
  channel?: number;
  at?: string;
}

async function seed(db: Database, user: Seed): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into users (tenant_id, country_code, phone, nickname, password_hash, channel_id, client_id, invite_code,
                        registe_info, created_ip, created_at, password_changed_at)
     values ($1, $2, $3, $4, 'x', $5, 'morestores', $6, '{"bd_vid":"b1"}', '203.0.113.9', $7, $7) returning id`,
    [
      user.tenant ?? 14,
      user.country ?? 1,
      user.phone,
      user.nickname ?? `seller ${user.phone.slice(-4)}`,
      user.channel ?? 2,
      user.invite ?? null,
      user.at ?? '2026-11-01T04:00:00Z',
    ],
  );
  return Number(row.id);
}

const ids = (items: UserRowData[] | undefined) => (items ?? []).map((item) => item.id);

describe('readQ', () => {
  it('tells phones, last four digits and text apart', () => {
    expect(readQ('5678')).toEqual({ kind: 'lastFour', digits: '5678' });
    expect(readQ(' 56 78 ')).toEqual({ kind: 'lastFour', digits: '5678' });
    expect(readQ('+86 138 1234 5678')).toEqual({
      kind: 'phone',
      plain: ['8613812345678'],
      // China is country value 1 (dial 86); Singapore 7 (dial 65) does not apply.
      dialled: ['1:13812345678'],
      q: '+86 138 1234 5678',
    });
    expect(readQ('07400123456')).toMatchObject({ plain: ['07400123456', '7400123456'] });
    expect(readQ('王')).toEqual({ kind: 'text', q: '王' });
    expect(readQ('')).toEqual({ kind: 'all' });
  });
});

describeDatabases('console users', (getDb) => {
  const setup = () => {
    const db = getDb();
    let now = new Date('2026-11-21T12:00:00Z');
    const console = consoleTestApp(db, () => now);
    return { db, ...console, setNow: (value: Date) => (now = value) };
  };

  it('finds accounts by full phone (with or without the dialling code), last four, nickname start and invite code', async () => {
    const { db, call } = setup();
    const a = await seed(db, { phone: '13812345678', nickname: '王小明', invite: 'SPRING24' });
    const b = await seed(db, { phone: '13900005678', nickname: '王大力', tenant: 51 });
    const c = await seed(db, { phone: '13700001111', nickname: 'Lee_100%', invite: 'AUTUMN' });

    // A number that is another account's national number after stripping a dialling code of the wrong country.
    const decoy = await seed(db, { phone: '3812345678', country: 7 });
    for (const q of ['13812345678', '+86 138 1234 5678', '8613812345678']) {
      const found = await call<{ items: UserRowData[] }>(`/users?q=${encodeURIComponent(q)}`);
      expect(found.status, q).toBe(200);
      expect(ids(found.body.data?.items), q).toEqual([String(a)]);
    }
    const lastFour = await call<{ items: UserRowData[]; nextCursor: string | null }>('/users?q=5678');
    expect(ids(lastFour.body.data?.items)).toEqual([String(decoy), String(b), String(a)]);
    expect(lastFour.body.data?.nextCursor).toBeNull();

    expect(
      ids((await call<{ items: UserRowData[] }>(`/users?q=${encodeURIComponent('王')}`)).body.data?.items),
    ).toEqual([String(b), String(a)]);
    expect(
      ids((await call<{ items: UserRowData[] }>(`/users?q=${encodeURIComponent('王小')}`)).body.data?.items),
    ).toEqual([String(a)]);
    // LIKE's wildcards are the nickname's own characters.
    expect(
      ids((await call<{ items: UserRowData[] }>(`/users?q=${encodeURIComponent('Lee_100%')}`)).body.data?.items),
    ).toEqual([String(c)]);
    expect(
      ids((await call<{ items: UserRowData[] }>(`/users?q=${encodeURIComponent('Lee%')}`)).body.data?.items),
    ).toEqual([]);
    expect(ids((await call<{ items: UserRowData[] }>('/users?q=SPRING24')).body.data?.items)).toEqual([String(a)]);
    expect(ids((await call<{ items: UserRowData[] }>('/users?q=0000')).body.data?.items)).toEqual([]);
  });

  it('masks the phone and shows the row in the contract shape', async () => {
    const { db, call } = setup();
    const id = await seed(db, { phone: '13812345678', nickname: '王小明', invite: 'SPRING24', channel: 5 });
    const found = await call<{ items: UserRowData[] }>('/users?q=5678');
    expect(found.body.data?.items[0]).toEqual({
      id: String(id),
      brand: 'starreach',
      countryCode: 1,
      phoneMasked: '138****5678',
      nickname: '王小明',
      inviteCode: 'SPRING24',
      channelId: 5,
      createdAt: '2026-11-01T04:00:00.000Z',
      banned: false,
      closed: false,
    });
    expect(found.text).not.toContain('13812345678');
    await db.query('update users set closure_requested_at = $2, closure_erases_at = $2 where id = $1', [id, START]);
    expect((await call<{ items: UserRowData[] }>('/users?q=5678')).body.data?.items[0].closed).toBe(true);
  });

  it('filters by brand, channel and days (Asia/Shanghai), and pages newest first', async () => {
    const { db, call } = setup();
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push(await seed(db, { phone: `1380000${String(i).padStart(4, '0')}` }));
    const other = await seed(db, { phone: '13900009999', tenant: 51, channel: 9 });
    // 2026-10-31 23:30 in Shanghai (15:30 UTC) and 2026-11-01 00:30 in Shanghai (16:30 UTC the day before).
    const late = await seed(db, { phone: '13600000001', at: '2026-10-31T15:30:00Z' });
    const early = await seed(db, { phone: '13600000002', at: '2026-10-31T16:30:00Z' });

    const brand = await call<{ items: UserRowData[] }>('/users?brand=creatorbox');
    expect(ids(brand.body.data?.items)).toEqual([String(other)]);
    expect(brand.body.data?.items[0].brand).toBe('creatorbox');
    expect(ids((await call<{ items: UserRowData[] }>('/users?channel=9')).body.data?.items)).toEqual([String(other)]);
    expect(ids((await call<{ items: UserRowData[] }>('/users?to=2026-10-31')).body.data?.items)).toEqual([
      String(late),
    ]);
    const fromDay = await call<{ items: UserRowData[] }>('/users?from=2026-11-01&to=2026-11-01&brand=starreach');
    expect(ids(fromDay.body.data?.items)).toEqual([String(early), ...made.map(String).reverse()]);

    const first = await call<{ items: UserRowData[]; nextCursor: string | null }>('/users?limit=3&brand=starreach');
    expect(ids(first.body.data?.items)).toEqual([String(early), String(late), String(made[4])]);
    const second = await call<{ items: UserRowData[]; nextCursor: string | null }>(
      `/users?limit=3&brand=starreach&cursor=${first.body.data?.nextCursor}`,
    );
    expect(ids(second.body.data?.items)).toEqual([String(made[3]), String(made[2]), String(made[1])]);
    const third = await call<{ items: UserRowData[]; nextCursor: string | null }>(
      `/users?limit=3&brand=starreach&cursor=${second.body.data?.nextCursor}`,
    );
    expect(ids(third.body.data?.items)).toEqual([String(made[0])]);
    expect(third.body.data?.nextCursor).toBeNull();
  });

  it('refuses a bad query with its field, an unknown user with 404 / 40404', async () => {
    const { call } = setup();
    const bad = await call('/users?brand=nope');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 40000, data: { field: 'brand' } });
    expect((await call('/users?limit=1000')).body).toMatchObject({ code: 40000, data: { field: 'limit' } });
    expect((await call('/users?cursor=abc')).body).toMatchObject({ code: 40000, data: { field: 'cursor' } });
    expect((await call('/users?from=2026-12-01&to=2026-11-01')).body).toMatchObject({ data: { field: 'from' } });
    expect((await call('/users?sort=id')).status).toBe(400);
    expect((await call('/users?from=2026-02-30')).body).toMatchObject({ code: 40000, data: { field: 'from' } });
    for (const path of ['/users/999', '/users/abc']) {
      const missing = await call(path);
      expect(missing.status, path).toBe(404);
      expect(missing.body).toMatchObject({ code: 40404, message: '用户不存在' });
    }
    expect((await call('/users/999/ban', { reason: 'spam' })).status).toBe(404);
    expect((await call('/users/999/phone', {})).body.code).toBe(40404);
  });

  it("shows a user's page from the real registration: method, trial, attribution, sessions; the first workbench visit", async () => {
    const db = getDb();
    const h = harness(db);
    const { call } = consoleTestApp(db, h.now);
    const registered = await h.register('13800138000', {
      inviteCode: 'SPRING24',
      registeInfo: { bd_vid: 'abc', utm_term: '跨境电商' },
    });
    const page = await call<UserPageData>(`/users/${registered.userId}`);
    expect(page.status).toBe(200);
    const data = page.body.data!;
    expect(data).toMatchObject({
      id: String(registered.userId),
      brand: 'starreach',
      phoneMasked: '138****8000',
      inviteCode: 'SPRING24',
      clientId: 'morestores',
      registeInfo: { bd_vid: 'abc', utm_term: '跨境电商' },
      signupMethod: 'password',
      trialEndsAt: new Date(START.getTime() + 3 * 24 * 3600 * 1000).toISOString(),
      firstWorkbenchAt: null,
      ban: null,
      wechat: null,
      closure: null,
    });
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      createdAt: START.toISOString(),
      expiresAt: new Date(START.getTime() + 7 * 24 * 3600 * 1000).toISOString(),
      lastSeenAt: START.toISOString(),
      address: '203.0.113.1',
      userAgent: null,
    });
    expect(page.text).not.toContain(registered.Authorization);
    expect(page.text).not.toContain('argon2');
    expect(page.text).not.toContain('13800138000');

    // The signed-in seller opens the workbench: recorded once, at the first visit.
    const visit = () =>
      h.app.request('http://localhost:3030/workbench/function_introduction', {
        headers: { host: 'localhost:3030', cookie: `Authorization=${registered.Authorization}` },
      });
    expect((await visit()).status).toBe(200);
    const first = h.now().toISOString();
    h.advance(3600);
    expect((await visit()).status).toBe(200);
    expect((await call<UserPageData>(`/users/${registered.userId}`)).body.data?.firstWorkbenchAt).toBe(first);
    // The visit an hour later refreshed the session's last_seen_at; a call a minute after it does not write again.
    const seen = (await call<UserPageData>(`/users/${registered.userId}`)).body.data?.sessions[0].lastSeenAt;
    expect(seen).toBe(h.now().toISOString());
    h.advance(60);
    expect((await h.call('/v2/dm_user_base_info', { token: registered.Authorization })).status).toBe(200);
    expect((await call<UserPageData>(`/users/${registered.userId}`)).body.data?.sessions[0].lastSeenAt).toBe(seen);
    h.advance(300);
    expect((await h.call('/v2/dm_user_base_info', { token: registered.Authorization })).status).toBe(200);
    expect((await call<UserPageData>(`/users/${registered.userId}`)).body.data?.sessions[0].lastSeenAt).toBe(
      h.now().toISOString(),
    );
  });

  it('reveals the phone, audited without the number', async () => {
    const { db, call } = setup();
    const id = await seed(db, { phone: '13812345678' });
    const shown = await call(`/users/${id}/phone`, {});
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual({ countryCode: 1, phone: '13812345678' });
    const audit = await db.query<Record<string, unknown>>('select * from operator_audit');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operator_name: 'alice',
      address: TEST_ADDRESS,
      action: 'user.reveal_phone',
      user_id: id,
    });
    expect(JSON.stringify(audit[0])).not.toContain('13812345678');
  });

  it('bans with a reason (sessions revoked, the portal answers 40002, audited before/after), then unbans', async () => {
    const db = getDb();
    const h = harness(db);
    const { call } = consoleTestApp(db, h.now);
    const registered = await h.register('13800138000');
    expect((await h.call('/v2/dm_user_base_info', { token: registered.Authorization })).status).toBe(200);
    await db.query(
      `insert into webhook_endpoints (url, events, secret, created_at)
       values ('https://crm.example/hook', '{user.banned}', 'whsec_x', $1)`,
      [h.now()],
    );

    const banned = await call<UserPageData>(`/users/${registered.userId}/ban`, { reason: '刷单' });
    expect(banned.status).toBe(200);
    expect(banned.body.data).toMatchObject({ banned: true, ban: { at: h.now().toISOString(), reason: '刷单' } });
    expect(banned.body.data?.sessions).toEqual([]);
    const portal = await h.call('/v2/dm_user_base_info', { token: registered.Authorization });
    expect(portal.status).toBe(401);
    expect(portal.body.code).toBe(40002);
    const [user] = await db.query<{ banned_at: Date; ban_reason: string }>('select * from users');
    expect(user.ban_reason).toBe('刷单');

    const [entry] = await db.query<{ action: string; before: unknown; after: { revokedSessions: string[] } }>(
      "select * from operator_audit where action = 'user.ban'",
    );
    expect(entry.before).toEqual({ bannedAt: null, banReason: null });
    expect(entry.after).toMatchObject({ bannedAt: h.now().toISOString(), banReason: '刷单' });
    expect(entry.after.revokedSessions).toHaveLength(1);
    // The webhook event of the ban, committed with it (once: banning again changes the reason only).
    expect((await call(`/users/${registered.userId}/ban`, { reason: '刷单，再犯' })).status).toBe(200);
    const events = await db.query<{ event: string; payload: { data: { userId: string; reason: string } } }>(
      'select event, payload from webhook_messages',
    );
    expect(events.map((e) => [e.event, e.payload.data.userId, e.payload.data.reason])).toEqual([
      ['user.banned', String(registered.userId), '刷单'],
    ]);

    const unbanned = await call<UserPageData>(`/users/${registered.userId}/unban`, {});
    expect(unbanned.body.data).toMatchObject({ banned: false, ban: null });
    const [lifted] = await db.query<{ before: unknown; after: unknown }>(
      "select * from operator_audit where action = 'user.unban'",
    );
    expect(lifted.before).toEqual({ bannedAt: h.now().toISOString(), banReason: '刷单，再犯' });
    expect(lifted.after).toEqual({ bannedAt: null, banReason: null });

    const refused = await call(`/users/${registered.userId}/ban`, { reason: '' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ data: { field: 'reason' } });
    expect((await call(`/users/${registered.userId}/ban`, { reason: 'x', extra: 1 })).status).toBe(400);
  });

  it('revokes one session (that device gets 40002 at its next call, the other stays), then all', async () => {
    const db = getDb();
    const h = harness(db);
    const { call } = consoleTestApp(db, h.now);
    const registered = await h.register('13800138000');
    const login = await h.call<{ Authorization: string }>('/v2/web/userlogin', {
      body: { phone: '13800138000', countryCode: 1, password: 'correct horse battery' },
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130' },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const second = login.body.data!.Authorization;

    const page = await call<UserPageData>(`/users/${registered.userId}`);
    const sessions = page.body.data!.sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => session.userAgent)).toEqual(['Mozilla/5.0 (Windows NT 10.0) Chrome/130', null]);
    // Newest first: the login's session, then the registration's.
    const revoked = await call<UserPageData>(`/users/${registered.userId}/sessions/revoke`, {
      sessionId: sessions[1].id,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data?.sessions.map((s) => s.id)).toEqual([sessions[0].id]);
    const dead = await h.call('/v2/dm_user_base_info', { token: registered.Authorization });
    expect([dead.status, dead.body.code]).toEqual([401, 40002]);
    expect((await h.call('/v2/dm_user_base_info', { token: second })).status).toBe(200);

    const again = await call(`/users/${registered.userId}/sessions/revoke`, { sessionId: sessions[1].id });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ data: { field: 'sessionId' } });

    const all = await call<UserPageData>(`/users/${registered.userId}/sessions/revoke`, { all: true });
    expect(all.body.data?.sessions).toEqual([]);
    expect((await h.call('/v2/dm_user_base_info', { token: second })).body.code).toBe(40002);
    const entries = await db.query<{ action: string; after: { revoked: string[] } }>(
      "select * from operator_audit where action = 'user.revoke_sessions' order by id",
    );
    expect(entries.map((entry) => entry.after.revoked)).toEqual([[sessions[1].id], [sessions[0].id]]);
    expect((await call(`/users/${registered.userId}/sessions/revoke`, { all: false })).status).toBe(400);
  });

  it('unbinds WeChat, audited', async () => {
    const { db, call } = setup();
    const id = await seed(db, { phone: '13812345678' });
    await db.query(
      `insert into wx_identities (tenant_id, open_id, nickname, user_id, created_at, bound_at)
       values (14, 'o-1', '小明', $1, '2026-11-02T00:00:00Z', '2026-11-02T00:00:00Z')`,
      [id],
    );
    const page = await call<UserPageData>(`/users/${id}`);
    expect(page.body.data?.wechat).toEqual({ nickname: '小明', boundAt: '2026-11-02T00:00:00.000Z' });
    const unbound = await call<UserPageData>(`/users/${id}/wechat/unbind`, {});
    expect(unbound.status).toBe(200);
    expect(unbound.body.data?.wechat).toBeNull();
    const [identity] = await db.query<{ user_id: number | null }>('select user_id from wx_identities');
    expect(identity.user_id).toBeNull();
    const [entry] = await db.query<{ before: unknown; after: unknown }>(
      "select * from operator_audit where action = 'user.unbind_wechat'",
    );
    expect(entry.before).toEqual({ wechat: { nickname: '小明', boundAt: '2026-11-02T00:00:00.000Z' } });
    expect(entry.after).toEqual({ wechat: null });
  });
});
