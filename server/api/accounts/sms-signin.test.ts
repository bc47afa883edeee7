// @vitest-environment node
/**
 * The one-step SMS sign-in (issue 34, item 2), through the real app on PGlite and PostgreSQL: a login code for a
 * phone without an account creates it as registration does (trial, invite code, attribution, channel, client,
 * `user.registered`), with a default nickname, no password and signup_method 'sms'; the answer says it is new.
 */
import { describe, expect, it } from 'vitest';
import type { LoginData } from '../../../shared/contract/accounts';
import { harness } from '../../testing/accounts-harness';
import { describeDatabases } from '../../testing/databases';

const NEW_PHONE = '13900139001';

describeDatabases('accounts: one-step SMS sign-in', (getDb) => {
  /** An endpoint listening to the account events, so they are stored in the outbox. */
  const webhookEndpoint = () =>
    getDb().query(
      `insert into webhook_endpoints (url, events, secret, created_at)
       values ('https://hooks.example.com/in', '{user.registered,user.logged_in}', 'whsec_test', now())`,
    );
  describe('a login code for a phone without an account', () => {
    it('creates the account as registration does, signs it in and says it is new', async () => {
      const h = harness(getDb());
      await webhookEndpoint();
      const code = await h.code(NEW_PHONE, 'login');
      const res = await h.call<LoginData>('/v2/web/userlogin', {
        body: {
          phone: NEW_PHONE,
          countryCode: 1,
          code,
          inviteCode: 'INV7',
          channelId: 6,
          clientId: 'morestores',
          registeInfo: { urlCode: 'u9', bd_vid: 'click-1' },
        },
        ip: '198.51.100.30',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({
        userId: expect.any(Number),
        userName: '用户9001',
        nickname: '用户9001',
        phone: '139****9001',
        countryCode: 1,
        tenantId: 14,
        Authorization: expect.stringMatching(/^[\w-]{43}$/),
        newAccount: true,
      });
      const [user] = await getDb().query<Record<string, unknown>>('select * from users where phone = $1', [NEW_PHONE]);
      expect(user).toMatchObject({
        tenant_id: 14,
        nickname: '用户9001',
        password_hash: 'none',
        channel_id: 6,
        client_id: 'morestores',
        invite_code: 'INV7',
        registe_info: { urlCode: 'u9', bd_vid: 'click-1' },
        created_ip: '198.51.100.30',
        signup_method: 'sms',
      });
      // user.registered is raised in the same transaction, and the session is live.
      const events = await getDb().query<{ event: string }>('select event from webhook_messages order by created_at');
      expect(events.map((row) => row.event)).toEqual(['user.registered']);
      const info = await h.call<{ trialEndsAt: string; inviteCode: string }>('/v4/v1/damiUser/getUserInfo', {
        token: res.body.data!.Authorization,
      });
      expect(info.status).toBe(200);
      expect(info.body.data).toMatchObject({ inviteCode: 'INV7', trialEndsAt: '2026-11-24T12:00:00.000Z' });
    });

    it('records the web channel and the client by default, and the next code login is not new', async () => {
      const h = harness(getDb());
      await webhookEndpoint();
      const first = await h.call<LoginData>('/v2/web/userlogin', {
        body: { phone: NEW_PHONE, countryCode: 1, code: await h.code(NEW_PHONE, 'login') },
      });
      expect(first.body.data?.newAccount).toBe(true);
      const [user] = await getDb().query<Record<string, unknown>>('select * from users where phone = $1', [NEW_PHONE]);
      expect(user).toMatchObject({ channel_id: 2, client_id: 'morestores', invite_code: null, registe_info: {} });
      h.advance(61);
      const again = await h.call<LoginData>('/v2/web/userlogin', {
        body: { phone: NEW_PHONE, countryCode: 1, code: await h.code(NEW_PHONE, 'login') },
      });
      expect(again.status).toBe(200);
      expect(again.body.data?.newAccount).toBe(false);
      expect(again.body.data?.userId).toBe(first.body.data?.userId);
      expect(await h.count('users')).toBe(1);
      const events = await getDb().query<{ event: string }>('select event from webhook_messages order by created_at');
      expect(events.map((row) => row.event)).toEqual(['user.registered', 'user.logged_in']);
    });

    it('answers a registered phone’s code login with newAccount false and creates nothing', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      const res = await h.call<LoginData>('/v2/web/userlogin', {
        body: { phone: '13800138000', countryCode: 1, code: await h.code('13800138000', 'login') },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ nickname: 'seller 8000', newAccount: false });
      expect(await h.count('users')).toBe(1);
    });

    it('leaves the account without a password: no password logs in, "none" included', async () => {
      const h = harness(getDb());
      await h.call('/v2/web/userlogin', {
        body: { phone: NEW_PHONE, countryCode: 1, code: await h.code(NEW_PHONE, 'login') },
      });
      for (const password of ['none', 'correct horse battery', '']) {
        const res = await h.call('/v2/web/userlogin', { body: { phone: NEW_PHONE, countryCode: 1, password } });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.body.code).not.toBe(200);
      }
      expect(
        (await h.call('/v2/web/userlogin', { body: { phone: NEW_PHONE, countryCode: 1, password: 'none' } })).body,
      ).toEqual({ code: 40003, message: '手机号或密码错误' });
      // A password set by the reset then works.
      h.advance(61);
      const reset = await h.call('/v2/web/modpsw', {
        body: {
          phone: NEW_PHONE,
          countryCode: 1,
          code: await h.code(NEW_PHONE, 'reset'),
          password: 'a brand new secret',
        },
      });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      const login = await h.call('/v2/web/userlogin', {
        body: { phone: NEW_PHONE, countryCode: 1, password: 'a brand new secret' },
      });
      expect(login.status).toBe(200);
    });

    it('creates nothing for a wrong code, counting the try, and refuses attribution outside the contract', async () => {
      const h = harness(getDb());
      const code = await h.code(NEW_PHONE, 'login');
      const wrong = code === '000000' ? '000001' : '000000';
      const res = await h.call('/v2/web/userlogin', { body: { phone: NEW_PHONE, countryCode: 1, code: wrong } });
      expect(res.body).toEqual({ code: 40004, message: '验证码错误或已过期' });
      expect(await h.count('users')).toBe(0);
      expect(await h.count('sms_codes', 'attempts = 1')).toBe(1);
      const bad = await h.call('/v2/web/userlogin', {
        body: { phone: NEW_PHONE, countryCode: 1, code, registeInfo: { other: 'x' } },
      });
      expect(bad.status).toBe(400);
      expect(await h.count('users')).toBe(0);
      // The right code still works afterwards.
      const ok = await h.call<LoginData>('/v2/web/userlogin', { body: { phone: NEW_PHONE, countryCode: 1, code } });
      expect(ok.body.data?.newAccount).toBe(true);
    });
  });
});
