// @vitest-environment node
/**
 * Register, login (password and code), password reset, logout and the user-info calls (the landing after sign-in:
 * server/workbench/workbench.test.ts),
 * through the real app on PGlite and PostgreSQL: what the user sees, what the server stores, what a refused
 * request leaves behind (nothing), the 401 / 40002 rule and the no-enumeration rule.
 */
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../shared/contract/accounts';
import { BRAND2_HOST, harness, PASSWORD } from '../../testing/accounts-harness';
import { describeDatabases } from '../../testing/databases';

/** Every attribution parameter, as the register call sends them and the customer info gives them back. */
const attribution = {
  urlCode: 'u1',
  utm_term: '达人',
  bd_vid: 'b',
  qhclickid: 'q',
  e_keywordid: 'e',
  searchEngineWord: 's',
};

const registration = (code: string, extra: Record<string, unknown> = {}) => ({
  phone: '13800138000',
  countryCode: 1,
  code,
  password: PASSWORD,
  nickname: '小店主',
  channelId: 2,
  clientId: 'morestores',
  ...extra,
});

describeDatabases('accounts: register, login, reset, logout', (getDb) => {
  describe('register', () => {
    it('registers with a code, answers logged in, and stores the account with its tenant and attribution', async () => {
      const h = harness(getDb());
      const code = await h.code('13800138000', 'register');
      const res = await h.call<UserInfo>('/v2/web/register', {
        body: registration(code, {
          inviteCode: 'INV42',
          channelId: 6,
          registeInfo: attribution,
        }),
        ip: '198.51.100.20',
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('注册成功');
      const info = res.body.data!;
      expect(info).toEqual({
        userId: expect.any(Number),
        userName: '小店主',
        nickname: '小店主',
        phone: '138****8000',
        countryCode: 1,
        tenantId: 14,
        Authorization: expect.stringMatching(/^[\w-]{43}$/),
      });
      const [user] = await getDb().query<Record<string, unknown>>('select * from users');
      expect(user).toMatchObject({
        tenant_id: 14,
        country_code: 1,
        phone: '13800138000',
        nickname: '小店主',
        channel_id: 6,
        client_id: 'morestores',
        invite_code: 'INV42',
        registe_info: {
          urlCode: 'u1',
          utm_term: '达人',
          bd_vid: 'b',
          qhclickid: 'q',
          e_keywordid: 'e',
          searchEngineWord: 's',
        },
        created_ip: '198.51.100.20',
      });
      expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(String(user.password_hash)).not.toContain(PASSWORD);
      // The session is stored as the token's SHA-256 only, for 7 days.
      const [session] = await getDb().query<{ token_hash: string; created_at: Date; expires_at: Date }>(
        'select * from sessions',
      );
      expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(session.token_hash).not.toBe(info.Authorization);
      expect(session.expires_at.getTime() - session.created_at.getTime()).toBe(7 * 24 * 3600 * 1000);

      const customer = await h.call('/v4/v1/damiUser/getUserInfo', { token: info.Authorization });
      expect(customer.body).toEqual({
        code: 200,
        message: '成功',
        data: {
          userId: info.userId,
          userName: '小店主',
          nickname: '小店主',
          tenantId: 14,
          channelId: 6,
          clientId: 'morestores',
          inviteCode: 'INV42',
          trialEndsAt: '2026-11-24T12:00:00.000Z',
          registeInfo: attribution,
        },
      });
      const base = await h.call('/v2/dm_user_base_info', { token: info.Authorization, lang: 'en' });
      expect(base.body).toEqual({
        code: 200,
        message: 'Success',
        data: {
          userName: '小店主',
          nickname: '小店主',
          phone: '138****8000',
          countryCode: 1,
          tenantId: 14,
          createdAt: '2026-11-21T12:00:00.000Z',
        },
      });
    });

    it('keeps accounts per tenant: brand 2 registers the same phone as tenant 51', async () => {
      const h = harness(getDb());
      const first = await h.register('13800138000');
      const second = await h.register('13800138000', {}, { host: BRAND2_HOST });
      expect(second.userId).not.toBe(first.userId);
      const tenants = await getDb().query<{ tenant_id: number }>('select tenant_id from users order by id');
      expect(tenants.map((row) => row.tenant_id)).toEqual([14, 51]);
      // A token works only on its own brand.
      const crossed = await h.call('/v2/dm_user_base_info', { token: first.Authorization, host: BRAND2_HOST });
      expect(crossed.body.code).toBe(40002);
    });

    it('refuses wrong, expired, used and burnt codes with 40004, writing no account', async () => {
      const h = harness(getDb());
      const code = await h.code('13800138000', 'register');
      const wrong = code === '000000' ? '000001' : '000000';
      const res = await h.call('/v2/web/register', { body: registration(wrong), lang: 'en' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 40004, message: 'The verification code is wrong or has expired' });
      expect(await h.count('users')).toBe(0);
      expect(await h.count('sessions')).toBe(0);
      // Four more wrong tries burn the code: the right one no longer works.
      for (let i = 0; i < 4; i++) await h.call('/v2/web/register', { body: registration(wrong) });
      expect((await h.call('/v2/web/register', { body: registration(code) })).body.code).toBe(40004);
      expect(await h.count('users')).toBe(0);

      // Expired after 5 minutes.
      h.advance(61);
      const late = await h.code('13800138000', 'register');
      h.advance(301);
      expect((await h.call('/v2/web/register', { body: registration(late) })).body.code).toBe(40004);

      // A code for another purpose, phone or brand does not register.
      h.advance(61);
      const other = await h.code('13800138000', 'register', { host: BRAND2_HOST });
      expect((await h.call('/v2/web/register', { body: registration(other) })).body.code).toBe(40004);
      expect(await h.count('users')).toBe(0);

      // Used: once registered, the code cannot register again; the code is checked before the phone, so the
      // answer is the 40004 of any wrong code, not "registered" (decision 045).
      h.advance(61);
      const good = await h.code('13800138000', 'register');
      expect((await h.call('/v2/web/register', { body: registration(good) })).status).toBe(200);
      const again = await h.call('/v2/web/register', { body: registration(good) });
      expect(again.body).toEqual({ code: 40004, message: '验证码错误或已过期' });
      expect(await h.count('users')).toBe(1);
    });

    it('only the newest code works', async () => {
      const h = harness(getDb());
      const first = await h.code('13800138000', 'register');
      h.advance(61);
      const second = await h.code('13800138000', 'register');
      if (first !== second)
        expect((await h.call('/v2/web/register', { body: registration(first) })).body.code).toBe(40004);
      expect((await h.call('/v2/web/register', { body: registration(second) })).status).toBe(200);
    });

    it('refuses bad registrations with 4xx and a message, writing nothing', async () => {
      const h = harness(getDb());
      const code = await h.code('13800138000', 'register');
      const before = await h.counts();
      const cases: [Record<string, unknown>, number, string, string?][] = [
        [{ phone: undefined }, 40000, '缺少手机号', 'phone'],
        [{ code: undefined }, 40000, '缺少验证码', 'code'],
        [{ password: undefined }, 40000, '缺少密码', 'password'],
        [{ nickname: undefined }, 40000, '缺少昵称', 'nickname'],
        [{ nickname: '   ' }, 40000, '昵称过短', 'nickname'],
        [{ nickname: 'x'.repeat(33) }, 40000, '昵称过长', 'nickname'],
        [{ nickname: 'a\u0007b' }, 40000, '昵称', 'nickname'],
        [{ channelId: 3 }, 40000, '渠道的取值不允许', 'channelId'],
        [{ channelId: undefined }, 40000, '缺少渠道', 'channelId'],
        [{ clientId: 'other' }, 40000, '客户端的取值不允许', 'clientId'],
        [{ code: '12345' }, 40000, '验证码', 'code'],
        [{ code: 123456 }, 40000, '验证码', 'code'],
        [{ registeInfo: { utm_term: 'x'.repeat(201) } }, 40000, '过长', 'registeInfo.utm_term'],
        [{ registeInfo: { other: 'x' } }, 40000, '不支持的字段：other', 'registeInfo'],
        [{ admin: true }, 40000, '不支持的字段：admin'],
        [{ countryCode: 11 }, 40000, '国家/地区的取值不允许', 'countryCode'],
        [{ phone: '23800138000' }, 40011, '手机号格式不正确', 'phone'],
        [{ countryCode: 9 }, 40011, '手机号格式不正确', 'phone'],
        [{ password: 'short12' }, 40000, '密码长度须为 8 到 64 个字符', 'password'],
        [{ password: 'x'.repeat(65) }, 40000, '密码长度须为 8 到 64 个字符', 'password'],
        [{ password: 'password1' }, 40012, '该密码过于常见，请换一个', 'password'],
        [{ password: 'Iloveyou' }, 40012, '该密码过于常见，请换一个', 'password'],
      ];
      for (const [change, code40x, message, field] of cases) {
        const res = await h.call('/v2/web/register', { body: registration(code, change) });
        expect(res.status, JSON.stringify(change)).toBe(400);
        expect(res.body.code, JSON.stringify(change)).toBe(code40x);
        expect(res.body.message, JSON.stringify(change)).toContain(message);
        if (field) expect(res.body.data, JSON.stringify(change)).toEqual({ field });
      }
      const english = await h.call('/v2/web/register', {
        body: registration(code, { password: 'qwertyuiop' }),
        lang: 'en',
      });
      expect(english.body.message).toBe('This password is too common, choose another one');
      const wrongType = await h.call('/v2/web/register', { raw: 'x', contentType: 'text/plain' });
      expect(wrongType.status).toBe(415);
      const huge = await h.call('/v2/web/register', { body: registration(code, { nickname: 'x'.repeat(20_000) }) });
      expect(huge.status).toBe(413);
      expect(await h.counts()).toEqual(before);
      // None of it cost the code a try: it still registers.
      expect(await h.count('sms_codes', 'attempts = 0')).toBe(1);
      const ok = await h.call('/v2/web/register', {
        body: registration(code, { password: '长城 long enough ✓', nickname: '  trimmed  ', inviteCode: '' }),
      });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ nickname: 'trimmed' });
      expect((await getDb().query('select invite_code from users'))[0]).toEqual({ invite_code: null });
    });
  });

  describe('login', () => {
    it('logs in with the password or a code, a new token each time', async () => {
      const h = harness(getDb());
      const registered = await h.register('13800138000');
      const login = await h.call<UserInfo>('/v2/web/userlogin', {
        body: { phone: '13800138000', countryCode: 1, password: PASSWORD },
        lang: 'en',
      });
      expect(login.status).toBe(200);
      expect(login.body.message).toBe('Login success');
      expect(login.body.data).toMatchObject({
        userId: registered.userId,
        userName: 'seller 8000',
        phone: '138****8000',
      });
      expect(login.body.data!.Authorization).not.toBe(registered.Authorization);

      const code = await h.code('13800138000', 'login');
      const byCode = await h.call<UserInfo>('/v2/web/userlogin', {
        body: { phone: '13800138000', countryCode: 1, code },
      });
      expect(byCode.status).toBe(200);
      expect(byCode.body.message).toBe('登录成功');
      // The code is used up.
      const reuse = await h.call('/v2/web/userlogin', { body: { phone: '13800138000', countryCode: 1, code } });
      expect(reuse.body).toEqual({ code: 40004, message: '验证码错误或已过期' });
      expect(await h.count('sessions', 'revoked_at is null')).toBe(3);
      for (const token of [registered.Authorization, login.body.data!.Authorization, byCode.body.data!.Authorization])
        expect((await h.call('/v2/dm_user_base_info', { token })).status).toBe(200);
    });

    it('answers a wrong password and an unregistered phone identically', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      const before = await h.count('sessions');
      const wrong = await h.call('/v2/web/userlogin', {
        body: { phone: '13800138000', countryCode: 1, password: 'not the password' },
      });
      const unknown = await h.call('/v2/web/userlogin', {
        body: { phone: '13800138001', countryCode: 1, password: 'not the password' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ code: 40003, message: '手机号或密码错误' });
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);
      expect([...unknown.headers.keys()].sort()).toEqual([...wrong.headers.keys()].sort());
      // Also with the right password of another account, and by code.
      const other = await h.call('/v2/web/userlogin', {
        body: { phone: '13800138001', countryCode: 1, password: PASSWORD },
      });
      expect(other.body).toEqual(wrong.body);
      const codeWrong = await h.call('/v2/web/userlogin', {
        body: { phone: '13800138000', countryCode: 1, code: '123456' },
      });
      const codeUnknown = await h.call('/v2/web/userlogin', {
        body: { phone: '13800138001', countryCode: 1, code: '123456' },
      });
      expect(codeUnknown.status).toBe(codeWrong.status);
      expect(codeUnknown.body).toEqual(codeWrong.body);
      expect(codeWrong.body.code).toBe(40004);
      expect(await h.count('sessions')).toBe(before);
    });

    it('refuses bad login bodies with 4xx and a message, writing nothing', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      const before = await h.counts();
      const cases: [unknown, number, string][] = [
        [{ countryCode: 1, password: PASSWORD }, 40000, '缺少手机号'],
        [{ phone: '13800138000', password: PASSWORD }, 40000, '缺少国家/地区'],
        [{ phone: '13800138000', countryCode: 1 }, 40000, '请填写密码或验证码'],
        [{ phone: '13800138000', countryCode: 1, password: PASSWORD, code: '123456' }, 40000, '请填写密码或验证码'],
        [{ phone: '13800138000', countryCode: 1, password: PASSWORD, remember: true }, 40000, '不支持的字段'],
        [{ phone: '13800138000', countryCode: 1, password: '' }, 40000, '密码'],
        [{ phone: '13800138000', countryCode: 1, password: 12345678 }, 40000, '密码'],
        [{ phone: '13800138000', countryCode: 11, password: PASSWORD }, 40000, '国家/地区的取值不允许'],
        [{ phone: '1380013800', countryCode: 1, password: PASSWORD }, 40011, '手机号格式不正确'],
      ];
      for (const [body, code, message] of cases) {
        const res = await h.call('/v2/web/userlogin', { body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code, JSON.stringify(body)).toBe(code);
        expect(res.body.message, JSON.stringify(body)).toContain(message);
      }
      expect((await h.call('/v2/web/userlogin', { raw: '{}', contentType: 'text/json' })).status).toBe(415);
      expect(
        (
          await h.call('/v2/web/userlogin', {
            body: { phone: '13800138000', countryCode: 1, password: 'x'.repeat(17_000) },
          })
        ).status,
      ).toBe(413);
      expect(await h.counts()).toEqual(before);
    });
  });

  describe('password reset', () => {
    it('resets the password with a code, revokes every session, and the new password logs in', async () => {
      const h = harness(getDb());
      const registered = await h.register('13800138000');
      const login = await h.call<UserInfo>('/v2/web/userlogin', {
        body: { phone: '13800138000', countryCode: 1, password: PASSWORD },
      });
      const code = await h.code('13800138000', 'reset');
      const reset = await h.call('/v2/web/modpsw', {
        body: { phone: '13800138000', countryCode: 1, code, password: 'a brand new secret' },
        lang: 'en',
      });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ code: 200, message: 'Password reset succeeded' });
      expect(await h.count('sessions', 'revoked_at is null')).toBe(0);
      for (const token of [registered.Authorization, login.body.data!.Authorization]) {
        const res = await h.call('/v2/dm_user_base_info', { token });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe(40002);
      }
      const old = await h.call('/v2/web/userlogin', {
        body: { phone: '13800138000', countryCode: 1, password: PASSWORD },
      });
      expect(old.body.code).toBe(40003);
      const fresh = await h.call('/v2/web/userlogin', {
        body: { phone: '13800138000', countryCode: 1, password: 'a brand new secret' },
      });
      expect(fresh.status).toBe(200);
      // The code was single use.
      const again = await h.call('/v2/web/modpsw', {
        body: { phone: '13800138000', countryCode: 1, code, password: 'another new secret' },
      });
      expect(again.body.code).toBe(40004);
    });

    it('answers a wrong code and an unregistered phone identically, changing nothing', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      await h.code('13800138000', 'reset');
      const [before] = await getDb().query<{ password_hash: string }>('select password_hash from users');
      const registered = await h.call('/v2/web/modpsw', {
        body: { phone: '13800138000', countryCode: 1, code: '999999', password: 'a brand new secret' },
      });
      const unregistered = await h.call('/v2/web/modpsw', {
        body: { phone: '13800138001', countryCode: 1, code: '999999', password: 'a brand new secret' },
      });
      expect(registered.status).toBe(400);
      expect(registered.body).toEqual({ code: 40004, message: '验证码错误或已过期' });
      expect(unregistered.status).toBe(registered.status);
      expect(unregistered.body).toEqual(registered.body);
      const [after] = await getDb().query<{ password_hash: string }>('select password_hash from users');
      expect(after.password_hash).toBe(before.password_hash);
      expect(await h.count('sessions', 'revoked_at is null')).toBe(1);
    });

    it('refuses bad reset bodies with 4xx and a message, writing nothing', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      const code = await h.code('13800138000', 'reset');
      const good = { phone: '13800138000', countryCode: 1, code, password: 'a brand new secret' };
      const before = await h.counts();
      const cases: [unknown, number, string][] = [
        [{ ...good, code: undefined }, 40000, '缺少验证码'],
        [{ ...good, password: undefined }, 40000, '缺少密码'],
        [{ ...good, password: 'short' }, 40000, '密码长度须为 8 到 64 个字符'],
        [{ ...good, password: 'football' }, 40012, '该密码过于常见'],
        [{ ...good, nickname: 'x' }, 40000, '不支持的字段'],
        [{ ...good, countryCode: 11 }, 40000, '国家/地区的取值不允许'],
        [{ ...good, phone: '138001380001' }, 40011, '手机号格式不正确'],
      ];
      for (const [body, code40x, message] of cases) {
        const res = await h.call('/v2/web/modpsw', { body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code, JSON.stringify(body)).toBe(code40x);
        expect(res.body.message, JSON.stringify(body)).toContain(message);
      }
      expect((await h.call('/v2/web/modpsw', { raw: 'x', contentType: 'text/plain' })).status).toBe(415);
      expect(await h.counts()).toEqual(before);
      expect((await h.call('/v2/web/modpsw', { body: good })).status).toBe(200);
    });
  });

  describe('sessions: logout, 401 and 40002', () => {
    it('logs out by revoking the token', async () => {
      const h = harness(getDb());
      const user = await h.register('13800138000');
      const out = await h.call('/v2/web/userlogout', { body: { userName: user.userName }, token: user.Authorization });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ code: 200, message: '退出成功' });
      expect(await h.count('sessions', 'revoked_at is not null')).toBe(1);
      const after = await h.call('/v2/dm_user_base_info', { token: user.Authorization, lang: 'en' });
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ code: 40002, message: 'Your session has expired, please log in again' });
      const twice = await h.call('/v2/web/userlogout', {
        body: { userName: user.userName },
        token: user.Authorization,
      });
      expect(twice.body.code).toBe(40002);
    });

    it('answers HTTP 401 with code 401 without a well-formed token, and 40002 for a dead one', async () => {
      const h = harness(getDb());
      const user = await h.register('13800138000');
      for (const path of ['/v2/dm_user_base_info', '/v4/v1/damiUser/getUserInfo']) {
        for (const token of [undefined, '', 'abc', `${user.Authorization}x`, 'Bearer x']) {
          const res = await h.call(path, { token });
          expect(res.status, `${path} ${token}`).toBe(401);
          expect(res.body, `${path} ${token}`).toEqual({ code: 401, message: '请先登录' });
        }
        const unknown = await h.call(path, { token: 'A'.repeat(43), lang: 'en' });
        expect(unknown.status).toBe(401);
        expect(unknown.body).toEqual({ code: 40002, message: 'Your session has expired, please log in again' });
      }
      const noToken = await h.call('/v2/web/userlogout', { body: { userName: 'x' }, lang: 'en' });
      expect(noToken.status).toBe(401);
      expect(noToken.body).toEqual({ code: 401, message: 'Please log in' });
      // A bad logout body with a good token: 400, and the token stays valid.
      const bad = await h.call('/v2/web/userlogout', { body: { user: 'x' }, token: user.Authorization });
      expect(bad.status).toBe(400);
      expect(await h.count('sessions', 'revoked_at is null')).toBe(1);

      // Seven days after registering (register() already moved the clock 61 s) the token has expired.
      h.advance(7 * 24 * 3600 - 61 - 10);
      expect((await h.call('/v2/dm_user_base_info', { token: user.Authorization })).status).toBe(200);
      h.advance(11);
      const expired = await h.call('/v2/dm_user_base_info', { token: user.Authorization });
      expect(expired.status).toBe(401);
      expect(expired.body.code).toBe(40002);
    });
  });

  describe('OpenAPI', () => {
    it('describes every accounts call with its body, answer and business codes', async () => {
      const h = harness(getDb());
      const doc = (await h.app.request('http://localhost:3030/api/openapi.json')).json() as Promise<{
        paths: Record<string, Record<string, { requestBody?: unknown; description?: string; security?: unknown }>>;
      }>;
      const { paths } = await doc;
      for (const path of [
        '/api/v2/captcha/config',
        '/api/v2/captcha/puzzle',
        '/api/v2/captcha/verify',
        '/api/v2/sendSmsCode',
        '/api/v2/web/register',
        '/api/v2/web/userlogin',
        '/api/v2/web/modpsw',
        '/api/v2/web/userlogout',
        '/api/v2/dm_user_base_info',
        '/api/v4/v1/damiUser/getUserInfo',
        '/api/dev/sms-outbox',
      ])
        expect(paths[path], path).toBeDefined();
      const register = paths['/api/v2/web/register'].post as {
        requestBody: {
          content: { 'application/json': { schema: { required: string[]; properties: Record<string, unknown> } } };
        };
        description: string;
      };
      const schema = register.requestBody.content['application/json'].schema;
      expect(schema.required.sort()).toEqual([
        'channelId',
        'clientId',
        'code',
        'countryCode',
        'nickname',
        'password',
        'phone',
      ]);
      expect(schema.properties.channelId).toMatchObject({ enum: [2, 6, 32] });
      expect(register.description).toContain('40012');
      expect(paths['/api/v2/web/userlogout'].post.security).toEqual([{ token: [] }]);
    });
  });
});
