// @vitest-environment node
/**
 * The account calls through the real app on PGlite and PostgreSQL: every call and its refusals
 * (401 / 40002, wrong password or code counted towards the login back-off, a taken phone, bodies outside the
 * contract), the audit trail, the export, the one-transaction property, and the closure with a moved clock:
 * close → sign in (40030, restricted session) → cancel → close again → period passes → the phone registers anew.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type Account,
  type AccountExport,
  type AccountSession,
  CLOSURE_COOLING_OFF_DAYS,
} from '../../../shared/contract/account';
import type { UserInfo } from '../../../shared/contract/accounts';
import { parseUserAgent } from '../../accounts/account-sessions';
import { sweepExpired } from '../../accounts/sweep';
import { harness, PASSWORD } from '../../testing/accounts-harness';
import { describeDatabases } from '../../testing/databases';

const PHONE = '13800138000';
const NEW_PHONE = '13900139000';
const NEW_PASSWORD = 'a brand new secret';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

function setup(getDb: () => import('../../db/database').Database) {
  const db = getDb();
  const h = harness(db);
  const login = (password = PASSWORD, opts: { ip?: string; headers?: Record<string, string>; phone?: string } = {}) =>
    h.call<UserInfo & { closure?: { requestedAt: string; erasesAt: string } }>('/v2/web/userlogin', {
      body: { phone: opts.phone ?? PHONE, countryCode: 1, password },
      ip: opts.ip,
      headers: opts.headers,
    });
  const account = (token: string) => h.call<Account>('/v2/account', { token });
  const audit = async () =>
    (await db.query<{ action: string; session_id: number | null; address: string | null }>(
      'select action, session_id, address from account_audit order by id',
    )) as { action: string; session_id: number | string | null; address: string | null }[];
  return { db, h, login, account, audit };
}

describeDatabases('account calls', (getDb) => {
  describe('authentication and bodies', () => {
    it('refuses every call without a token (401), with a dead one (40002) and a body outside the contract (400)', async () => {
      const { h } = setup(getDb);
      const paths: [string, unknown][] = [
        ['/v2/account', undefined],
        ['/v2/account/profile', { nickname: 'x' }],
        ['/v2/account/password', { oldPassword: PASSWORD, password: NEW_PASSWORD }],
        ['/v2/account/phone', { countryCode: 1, phone: NEW_PHONE, code: '123456', oldPassword: PASSWORD }],
        ['/v2/account/sessions', undefined],
        ['/v2/account/sessions/revoke', { others: true }],
        ['/v2/account/wechat/unbind', { password: PASSWORD }],
        ['/v2/account/export', undefined],
        ['/v2/account/close', { password: PASSWORD }],
        ['/v2/account/close/cancel', {}],
      ];
      const { Authorization } = await h.register(PHONE);
      await h.call('/v2/web/userlogout', { token: Authorization, body: { userName: 'x' } });
      for (const [path, body] of paths) {
        const none = await h.call(path, { body });
        expect([path, none.status, none.body.code]).toEqual([path, 401, 401]);
        const dead = await h.call(path, { body, token: Authorization });
        expect([path, dead.status, dead.body.code, dead.body.message]).toEqual([
          path,
          401,
          40002,
          '登录已失效，请重新登录',
        ]);
      }
      const { Authorization: token } = (await setup(getDb).login()).body.data!;
      for (const [path, body] of paths.filter(([, b]) => b !== undefined)) {
        const extra = await h.call(path, { body: { ...(body as object), admin: true }, token });
        expect([path, extra.status, extra.body.code]).toEqual([path, 400, 40000]);
        expect(extra.body.message).not.toBe('');
        // Not JSON: a form post of another site cannot pass.
        const form = await h.call(path, { raw: 'nickname=x', contentType: 'application/x-www-form-urlencoded', token });
        expect([path, form.status]).toEqual([path, 415]);
      }
    });
  });

  it('answers another site no CORS header: its page can neither send X-Auth-Token nor read an answer', async () => {
    const { h } = setup(getDb);
    const { Authorization } = await h.register(PHONE);
    const preflight = await h.app.request('http://localhost:3030/api/v2/account/close', {
      method: 'OPTIONS',
      headers: {
        host: 'localhost:3030',
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-auth-token, content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    const answer = await h.call('/v2/account', { token: Authorization, headers: { origin: 'https://evil.example' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('GET /v2/account shows the profile, the masked phone, the password, no WeChat, no closure, the trial end', async () => {
    const { h, account } = setup(getDb);
    const { Authorization, userId } = await h.register(PHONE);
    const res = await account(Authorization);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      userId,
      nickname: 'seller 8000',
      phone: '138****8000',
      countryCode: 1,
      tenantId: 14,
      createdAt: expect.any(String),
      hasPassword: true,
      wechat: null,
      closure: null,
      trialEndsAt: new Date(Date.parse(res.body.data!.createdAt) + 3 * 86_400_000).toISOString(),
    });
  });

  it('changes the nickname: the user info follows at once, an audit row names the session and address', async () => {
    const { h, db, audit } = setup(getDb);
    const { Authorization } = await h.register(PHONE);
    const bad = await h.call('/v2/account/profile', { body: { nickname: 'ad\u202emin' }, token: Authorization });
    expect([bad.status, bad.body.code]).toEqual([400, 40000]);
    const res = await h.call<Account>('/v2/account/profile', {
      body: { nickname: '  新名字 ' },
      token: Authorization,
      ip: '198.51.100.7',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('昵称已保存');
    expect(res.body.data!.nickname).toBe('新名字');
    const info = await h.call<{ userName: string }>('/v2/dm_user_base_info', { token: Authorization });
    expect(info.body.data!.userName).toBe('新名字');
    const [session] = await db.query<{ id: number | string }>('select id from sessions');
    expect(await audit()).toEqual([
      { action: 'nickname_changed', session_id: expect.anything(), address: '198.51.100.7' },
    ]);
    expect(Number((await audit())[0].session_id)).toBe(Number(session.id));
  });

  describe('password', () => {
    it('changes it with the current one: other sessions signed out, this one kept, the new one logs in', async () => {
      const { h, login, audit } = setup(getDb);
      const { Authorization: mine } = await h.register(PHONE);
      const other = (await login()).body.data!.Authorization;
      const res = await h.call<{ revoked: number }>('/v2/account/password', {
        body: { oldPassword: PASSWORD, password: NEW_PASSWORD },
        token: mine,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ revoked: 1 });
      expect((await h.call('/v2/account', { token: other })).body.code).toBe(40002);
      expect((await h.call('/v2/account', { token: mine })).status).toBe(200);
      expect((await login()).body.code).toBe(40003);
      expect((await login(NEW_PASSWORD)).status).toBe(200);
      expect((await audit()).map((row) => row.action)).toEqual(['password_changed']);
    });

    it('refuses a wrong current password (40003, counted towards the login back-off), a common or short one', async () => {
      const { h, db } = setup(getDb);
      const { Authorization } = await h.register(PHONE);
      const wrong = await h.call('/v2/account/password', {
        body: { oldPassword: 'not my password', password: NEW_PASSWORD },
        token: Authorization,
      });
      expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([400, 40003, '手机号或密码错误']);
      const [throttle] = await db.query<{ failures: number }>('select failures from login_throttles');
      expect(throttle.failures).toBe(1);
      const common = await h.call('/v2/account/password', {
        body: { oldPassword: PASSWORD, password: 'password1' },
        token: Authorization,
      });
      expect(common.body.code).toBe(40012);
      const short = await h.call('/v2/account/password', {
        body: { oldPassword: PASSWORD, password: 'short' },
        token: Authorization,
      });
      expect([short.body.code, (short.body.data as { field: string }).field]).toEqual([40000, 'password']);
      const noOld = await h.call('/v2/account/password', { body: { password: NEW_PASSWORD }, token: Authorization });
      expect([noOld.body.code, noOld.body.message]).toEqual([40000, '请填写当前密码']);
      // Nothing changed: the old password still logs in.
      expect((await setup(getDb).login()).status).toBe(200);
    });

    it('sets one with an SMS code (purpose verify) when the account has none', async () => {
      const { h, db, login } = setup(getDb);
      const { Authorization } = await h.register(PHONE);
      await db.query(`update users set password_hash = ''`);
      expect((await h.call<Account>('/v2/account', { token: Authorization })).body.data!.hasPassword).toBe(false);
      const code = await h.code(PHONE, 'verify');
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const wrong = await h.call('/v2/account/password', {
        body: { code: wrongCode, password: NEW_PASSWORD },
        token: Authorization,
      });
      expect(wrong.body.code).toBe(40004);
      const res = await h.call('/v2/account/password', {
        body: { code, password: NEW_PASSWORD },
        token: Authorization,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await login(NEW_PASSWORD)).status).toBe(200);
    });
  });

  describe('phone', () => {
    it('changes the phone after the password and the new number’s code; the old number registers anew', async () => {
      const { h, login, audit } = setup(getDb);
      const { Authorization, userId } = await h.register(PHONE);
      const code = await h.code(NEW_PHONE, 'change_phone');
      const res = await h.call<Account>('/v2/account/phone', {
        body: { countryCode: 1, phone: NEW_PHONE, code, oldPassword: PASSWORD },
        token: Authorization,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data!.phone).toBe('139****9000');
      expect((await login(PASSWORD, { phone: NEW_PHONE })).body.data!.userId).toBe(userId);
      expect((await login()).body.code).toBe(40003);
      const again = await h.register(PHONE);
      expect(again.userId).not.toBe(userId);
      expect((await audit()).map((row) => row.action)).toEqual(['phone_changed']);
    });

    it('changes it after a code to the old number (purpose verify)', async () => {
      const { h } = setup(getDb);
      const { Authorization } = await h.register(PHONE);
      const oldCode = await h.code(PHONE, 'verify');
      const code = await h.code(NEW_PHONE, 'change_phone');
      const res = await h.call<Account>('/v2/account/phone', {
        body: { countryCode: 1, phone: NEW_PHONE, code, oldCode },
        token: Authorization,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });

    it('refuses a taken phone (40031, after its code), a wrong code, no proof or both, the same number', async () => {
      const { h, db } = setup(getDb);
      const { Authorization } = await h.register(PHONE);
      await h.register(NEW_PHONE);
      const code = await h.code(NEW_PHONE, 'change_phone');
      const body = { countryCode: 1, phone: NEW_PHONE, code, oldPassword: PASSWORD };
      const both = await h.call('/v2/account/phone', { body: { ...body, oldCode: '123456' }, token: Authorization });
      expect(both.body.code).toBe(40000);
      const none = await h.call('/v2/account/phone', {
        body: { countryCode: 1, phone: NEW_PHONE, code },
        token: Authorization,
      });
      expect([none.body.code, none.body.message]).toEqual([40000, '请填写当前密码或短信验证码（二选一）']);
      const same = await h.call('/v2/account/phone', {
        body: { ...body, phone: PHONE },
        token: Authorization,
      });
      expect([same.body.code, same.body.message]).toEqual([40000, '新手机号与当前手机号相同']);
      const taken = await h.call('/v2/account/phone', { body, token: Authorization, lang: 'en' });
      expect([taken.status, taken.body.code]).toEqual([400, 40031]);
      const wrong = await h.call('/v2/account/phone', {
        body: { ...body, phone: '13700137000', code: '000000' },
        token: Authorization,
      });
      expect(wrong.body.code).toBe(40004);
      const phones = await db.query<{ phone: string }>('select phone from users order by id');
      expect(phones.map((row) => row.phone)).toEqual([PHONE, NEW_PHONE]);
      expect(await db.query('select 1 from account_audit')).toEqual([]);
    });

    it('is one transaction: a failure after the write leaves the phone, the code and the audit as they were', async () => {
      const { h, db } = setup(getDb);
      const { Authorization } = await h.register(PHONE);
      const code = await h.code(NEW_PHONE, 'change_phone');
      // The audit row, written last, fails: the whole change must roll back.
      await db.query(`alter table account_audit add constraint test_no_phone check (action <> 'phone_changed')`);
      try {
        const body = { countryCode: 1, phone: NEW_PHONE, code, oldPassword: PASSWORD };
        const failed = await h.call('/v2/account/phone', { body, token: Authorization });
        expect(failed.status).toBe(500);
        expect((await db.query<{ phone: string }>('select phone from users'))[0].phone).toBe(PHONE);
        // The new number's code was not spent: the retry succeeds once the failure is gone.
        await db.query('alter table account_audit drop constraint test_no_phone');
        const retry = await h.call('/v2/account/phone', { body, token: Authorization });
        expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      } finally {
        await db.query('alter table account_audit drop constraint if exists test_no_phone');
      }
    });

    it('answers 40031 when the number is registered between the check and the write (the unique constraint)', async () => {
      const { h, db } = setup(getDb);
      const { Authorization } = await h.register(PHONE);
      const code = await h.code(NEW_PHONE, 'change_phone');
      // Someone registers the number right after the check: a trigger inserts it when the change writes.
      await db.query(`
        create function test_race() returns trigger language plpgsql as $$
        begin
          insert into users (tenant_id, country_code, phone, nickname, password_hash, channel_id, client_id,
                             created_ip, created_at, password_changed_at)
          values (new.tenant_id, new.country_code, '${NEW_PHONE}', 'racer', 'x', 2, 'morestores', '', now(), now());
          return new;
        end $$`);
      await db.query(
        `create trigger test_race before update of phone on users for each row when (new.phone = '${NEW_PHONE}')
         execute function test_race()`,
      );
      try {
        const res = await h.call('/v2/account/phone', {
          body: { countryCode: 1, phone: NEW_PHONE, code, oldPassword: PASSWORD },
          token: Authorization,
        });
        expect([res.status, res.body.code, res.body.message]).toEqual([400, 40031, '该手机号已被其他账号使用']);
        const rows = await db.query<{ phone: string }>('select phone from users order by id');
        expect(rows.map((row) => row.phone)).toEqual([PHONE]);
        expect(await db.query('select 1 from account_audit')).toEqual([]);
      } finally {
        await db.query('drop trigger if exists test_race on users');
        await db.query('drop function if exists test_race()');
      }
    });
  });

  describe('sessions', () => {
    it('lists the live sessions with browser, system, address and this device; signs out one, then the others', async () => {
      const { h, login, audit } = setup(getDb);
      await h.register(PHONE);
      const mine = (await login(PASSWORD, { ip: '198.51.100.1', headers: { 'user-agent': CHROME_WINDOWS } })).body.data!
        .Authorization;
      h.advance(10);
      const phone = (await login(PASSWORD, { ip: '198.51.100.2', headers: { 'user-agent': SAFARI_IPHONE } })).body.data!
        .Authorization;
      const list = await h.call<AccountSession[]>('/v2/account/sessions', { token: mine });
      expect(list.status).toBe(200);
      const [newest, current] = list.body.data!;
      expect(list.body.data).toHaveLength(3);
      expect(newest).toMatchObject({
        browser: 'Safari 17.2',
        system: 'iOS 17',
        address: '198.51.100.2',
        current: false,
      });
      expect(current).toMatchObject({
        browser: 'Chrome 120',
        system: 'Windows 10/11',
        address: '198.51.100.1',
        current: true,
      });
      const one = await h.call('/v2/account/sessions/revoke', { body: { sessionId: newest.id }, token: mine });
      expect(one.body.data).toEqual({ revoked: 1 });
      // The signed-out device's next call is a forced logout.
      expect((await h.call('/v2/dm_user_base_info', { token: phone })).body.code).toBe(40002);
      const again = await h.call('/v2/account/sessions/revoke', { body: { sessionId: newest.id }, token: mine });
      expect([again.status, again.body.code]).toEqual([404, 40033]);
      const others = await h.call('/v2/account/sessions/revoke', { body: { others: true }, token: mine });
      expect(others.body.data).toEqual({ revoked: 1 });
      const left = await h.call<AccountSession[]>('/v2/account/sessions', { token: mine });
      expect(left.body.data!.map((s) => s.current)).toEqual([true]);
      expect((await audit()).map((row) => row.action)).toEqual(['session_revoked', 'other_sessions_revoked']);
    });

    it('parses the common user agents, and says null for the unknown', () => {
      expect(parseUserAgent(CHROME_WINDOWS)).toEqual({ browser: 'Chrome 120', system: 'Windows 10/11' });
      expect(
        parseUserAgent(
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.44',
        ),
      ).toEqual({ browser: 'WeChat 8.0', system: 'Android 14' });
      expect(
        parseUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:121.0) Gecko/20100101 Firefox/121.0'),
      ).toEqual({ browser: 'Firefox 121', system: 'macOS' });
      expect(parseUserAgent('curl/8.4.0')).toEqual({ browser: null, system: null });
      expect(parseUserAgent(null)).toEqual({ browser: null, system: null });
    });
  });

  describe('WeChat', () => {
    it('unbinds after the password; 40034 when nothing is bound; a wrong password changes nothing', async () => {
      const { h, db, audit } = setup(getDb);
      const { Authorization, userId } = await h.register(PHONE);
      const none = await h.call('/v2/account/wechat/unbind', { body: { password: PASSWORD }, token: Authorization });
      expect([none.status, none.body.code]).toEqual([409, 40034]);
      await db.query(
        `insert into wx_identities (tenant_id, open_id, nickname, user_id, created_at, bound_at)
         values (14, 'o-1', '微信昵称', $1, now(), now())`,
        [userId],
      );
      const shown = await h.call<Account>('/v2/account', { token: Authorization });
      expect(shown.body.data!.wechat).toEqual({ nickname: '微信昵称', boundAt: expect.any(String) });
      const wrong = await h.call('/v2/account/wechat/unbind', {
        body: { password: 'nope nope' },
        token: Authorization,
      });
      expect(wrong.body.code).toBe(40003);
      expect((await db.query<{ user_id: unknown }>('select user_id from wx_identities'))[0].user_id).not.toBeNull();
      const res = await h.call<Account>('/v2/account/wechat/unbind', {
        body: { password: PASSWORD },
        token: Authorization,
      });
      expect(res.status).toBe(200);
      expect(res.body.data!.wechat).toBeNull();
      expect((await db.query<{ user_id: unknown }>('select user_id from wx_identities'))[0].user_id).toBeNull();
      expect((await audit()).map((row) => row.action)).toEqual(['wechat_unbound']);
    });
  });

  it('exports the account, attribution, sessions, likes of this browser, WeChat, bans, audit; no hash, token or code', async () => {
    const { h, db } = setup(getDb);
    const { Authorization, userId } = await h.register(PHONE, { registeInfo: { utm_term: '达人' } });
    await h.call('/v2/account/profile', { body: { nickname: '导出者' }, token: Authorization });
    await db.query(
      `insert into wx_identities (tenant_id, open_id, nickname, user_id, created_at, bound_at)
       values (14, 'o-secret-open-id', '微信昵称', $1, now(), now())`,
      [userId],
    );
    await db.query(`insert into college_likes (article_id, visitor_id) values (7, 'visitorvisitorvisitor1')`);
    await h.code(PHONE, 'verify');
    const res = await h.call<AccountExport>('/v2/account/export', {
      token: Authorization,
      headers: { cookie: 'visitor_id=visitorvisitorvisitor1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="account-${userId}.json"`);
    const data = res.body.data!;
    expect(data.account).toMatchObject({ userId, phone: PHONE, nickname: '导出者', hasPassword: true });
    expect(data.attribution).toEqual({ utm_term: '达人' });
    expect(data.sessions).toHaveLength(1);
    expect(data.likes).toEqual([{ articleId: 7, likedAt: expect.any(String) }]);
    expect(data.wechat).toEqual({ nickname: '微信昵称', boundAt: expect.any(String) });
    expect(data.bans).toEqual([]);
    expect(data.audit.map((row) => row.action)).toEqual(['nickname_changed']);
    const text = JSON.stringify(res.body);
    const [secrets] = await db.query<{ password_hash: string }>('select password_hash from users');
    const [session] = await db.query<{ token_hash: string }>('select token_hash from sessions');
    const codes = await db.query<{ code_hash: string; salt: string }>('select code_hash, salt from sms_codes');
    for (const secret of [secrets.password_hash, session.token_hash, Authorization, h.sink.outbox!(PHONE)[0].code])
      expect(text).not.toContain(secret);
    for (const row of codes) expect(text).not.toContain(row.code_hash);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('o-secret-open-id');
  });

  describe('closure', () => {
    it('close → sign in (40030, restricted) → cancel → close again → the period passes → the phone registers anew', async () => {
      const { h, db, login, account, audit } = setup(getDb);
      await db.query(
        `insert into webhook_endpoints (url, events, secret, created_at) values ('https://hooks.example/x', '{user.closed}', 's', now())`,
      );
      const { Authorization, userId } = await h.register(PHONE);
      const other = (await login()).body.data!.Authorization;
      const wrong = await h.call('/v2/account/close', { body: { password: 'wrong wrong' }, token: Authorization });
      expect(wrong.body.code).toBe(40003);
      const closed = await h.call<{ requestedAt: string; erasesAt: string }>('/v2/account/close', {
        body: { password: PASSWORD },
        token: Authorization,
      });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(closed.body.message).toBe('账号已注销，15 天内登录可撤销注销');
      const requestedAt = h.now().toISOString();
      const erasesAt = new Date(h.now().getTime() + 15 * 86_400_000).toISOString();
      expect(closed.body.data).toEqual({ requestedAt, erasesAt });
      // Every session is signed out.
      for (const token of [Authorization, other]) expect((await account(token)).body.code).toBe(40002);
      const [hook] = await db.query<{ event: string; payload: { data: Record<string, unknown> } }>(
        'select event, payload from webhook_messages',
      );
      expect(hook.event).toBe('user.closed');

      // A sign-in answers 40030 with a session that can only read the account and cancel.
      const signIn = await login();
      expect([signIn.status, signIn.body.code, signIn.body.message]).toEqual([
        403,
        40030,
        '该账号已申请注销，冷静期内可撤销注销',
      ]);
      expect(signIn.body.data!.closure).toEqual({ requestedAt, erasesAt });
      const restricted = signIn.body.data!.Authorization;
      expect((await account(restricted)).body.data!.closure).toEqual({ requestedAt, erasesAt });
      for (const path of ['/v2/dm_user_base_info', '/v2/account/sessions', '/v2/account/export'])
        expect((await h.call(path, { token: restricted })).body.code).toBe(40002);
      const profile = await h.call('/v2/account/profile', { body: { nickname: 'x' }, token: restricted });
      expect(profile.body.code).toBe(40002);
      // An SMS sign-in answers the same.
      const smsCode = await h.code(PHONE, 'login');
      const bySms = await h.call('/v2/web/userlogin', { body: { phone: PHONE, countryCode: 1, code: smsCode } });
      expect(bySms.body.code).toBe(40030);

      const cancelled = await h.call<Account>('/v2/account/close/cancel', { body: {}, token: restricted });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data!.closure).toBeNull();
      expect((await h.call('/v2/dm_user_base_info', { token: restricted })).status).toBe(200);
      const notClosing = await h.call('/v2/account/close/cancel', { body: {}, token: restricted });
      expect([notClosing.status, notClosing.body.code]).toEqual([409, 40036]);

      // Closed again, with an SMS code of purpose close; the sweep before the end of the period erases nothing.
      h.advance(61);
      const closeCode = await h.code(PHONE, 'close');
      const again = await h.call('/v2/account/close', { body: { code: closeCode }, token: restricted });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      h.advance(15 * 86_400 - 60);
      expect((await sweepExpired(db, h.now())).accounts_erased).toBe(0);
      h.advance(120);
      expect((await sweepExpired(db, h.now())).accounts_erased).toBe(1);
      const [erased] = await db.query<Record<string, unknown>>('select * from users where id = $1', [userId]);
      expect(erased).toMatchObject({ phone: `erased:${userId}`, nickname: '', password_hash: '', created_ip: '' });
      expect(erased.erased_at).not.toBeNull();
      expect(await h.count('sessions', 'user_id = $1', [userId])).toBe(0);
      expect(await h.count('sms_codes', 'phone = $1', [PHONE])).toBe(0);
      expect(await audit()).toEqual([{ action: 'erased', session_id: null, address: null }]);
      expect((await login()).body.code).toBe(40003);

      // The phone is free: it registers a new account.
      const fresh = await h.register(PHONE);
      expect(fresh.userId).not.toBe(userId);
    });

    it('the console’s user page shows the closure state', async () => {
      const { h } = setup(getDb);
      const { Authorization, userId } = await h.register(PHONE);
      await h.call('/v2/account/close', { body: { password: PASSWORD }, token: Authorization });
      const { userPage } = await import('../../console/users');
      const page = await userPage(getDb(), userId, h.now());
      expect(page?.closure).toEqual({
        requestedAt: h.now().toISOString(),
        erasesAt: new Date(h.now().getTime() + 15 * 86_400_000).toISOString(),
      });
    });
  });

  it('the privacy policy states the same cooling-off period as the code, in both languages', () => {
    const zh = readFileSync(new URL('../../../content/legal/privacy.zh.md', import.meta.url), 'utf8');
    const en = readFileSync(new URL('../../../content/legal/privacy.en.md', import.meta.url), 'utf8');
    expect(zh).toContain(`${CLOSURE_COOLING_OFF_DAYS} 天冷静期`);
    expect(en).toContain(`${CLOSURE_COOLING_OFF_DAYS}-day cooling-off period`);
    expect(zh).not.toContain('15 个工作日内完成注销');
  });
});
