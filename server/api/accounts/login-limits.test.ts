// @vitest-environment node
/**
 * The login limits through the real app, on PGlite and PostgreSQL: the per-account back-off (after 5 failures,
 * doubling up to 15 minutes), 100 failures an hour per account, 50 an hour per IP address, parallel attempts,
 * the same treatment for unregistered phones, password reset through a lock-out, and the sweeper.
 */
import { describe, expect, it } from 'vitest';
import { sweepExpired } from '../../accounts/sweep';
import type { Database } from '../../db/database';
import { type Answer, type Harness, harness, PASSWORD } from '../../testing/accounts-harness';
import { describeDatabases } from '../../testing/databases';

const attempt = (h: Harness, phone: string, password: string, ip?: string) =>
  h.call('/v2/web/userlogin', { body: { phone, countryCode: 1, password }, ip });

describeDatabases('accounts: login limits', (getDb) => {
  /** Seeds `n` counted failures into a bucket, `secondsAgo` old, as earlier requests would have left them. */
  async function seedEvents(h: Harness, name: string, n: number, secondsAgo: number) {
    const at = new Date(h.now().getTime() - secondsAgo * 1000);
    for (let i = 0; i < n; i++) {
      await getDb().query('insert into rate_events (bucket, at, expires_at) values ($1, $2, $3)', [
        name,
        at,
        new Date(at.getTime() + 3600 * 1000),
      ]);
    }
  }

  describe('per-account back-off', () => {
    it('refuses an address held for an account again from memory, without a transaction, with the same answer', async () => {
      const db = getDb();
      let transactions = 0;
      const counting: Database = {
        ...db,
        transaction: (work) => {
          transactions++;
          return db.transaction(work);
        },
      };
      const h = harness(counting);
      await h.register('13800138001');
      for (let i = 0; i < 5; i++) expect((await attempt(h, '13800138001', 'wrong password')).body.code).toBe(40003);
      const first = await attempt(h, '13800138001', PASSWORD);
      const before = transactions;
      h.advance(1.5);
      const again = await attempt(h, '13800138001', PASSWORD);
      expect(transactions).toBe(before);
      expect(again.status).toBe(429);
      expect(first.headers.get('retry-after')).toBe('900');
      expect(again.headers.get('retry-after')).toBe('899');
      expect(again.body.data).toEqual({ retryAfter: 899 });
      // Past the memory's few seconds the database is asked again, and says the same.
      h.advance(10);
      expect((await attempt(h, '13800138001', PASSWORD)).headers.get('retry-after')).toBe('889');
      expect(transactions).toBe(before + 1);
    });

    it('holds an address after 5 failures for an account; others meet the captcha; a known address gets in', async () => {
      const h = harness(getDb());
      await h.register('13800138000'); // from the default address: it has signed in to the account
      const away = '198.51.100.5';
      for (let i = 0; i < 5; i++)
        expect((await attempt(h, '13800138000', 'wrong password', away)).body.code).toBe(40003);

      const held = await attempt(h, '13800138000', PASSWORD, away);
      expect(held.status).toBe(429);
      expect(held.headers.get('retry-after')).toBe('900');
      expect(held.body).toEqual({
        code: 429,
        message: '登录失败次数过多，请 15 分钟后再试，或通过“忘记密码”重置密码',
        data: { retryAfter: 900 },
      });
      // Another address that never signed in: the account's back-off asks it for the captcha, in both languages.
      const asked = await attempt(h, '13800138000', PASSWORD, '198.51.100.6');
      expect(asked.body).toEqual({ code: 40005, message: '请先完成安全验证' });
      // The address that signed in before gets in, and the back-off stays for the others.
      expect((await attempt(h, '13800138000', PASSWORD)).status).toBe(200);
      expect((await attempt(h, '13800138000', PASSWORD, '198.51.100.6')).body.code).toBe(40005);
      expect(await h.count('sessions')).toBe(2);
      // Once the back-off is over, the other address needs no captcha.
      h.advance(61);
      expect((await attempt(h, '13800138000', PASSWORD, '198.51.100.6')).status).toBe(200);
    });

    it('treats an unregistered phone exactly the same, and counts wrong codes too', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      const answers = async (phone: string) => {
        const seen: Answer[] = [];
        for (let i = 0; i < 6; i++) seen.push(await attempt(h, phone, 'wrong password'));
        return seen.map((a) => ({ status: a.status, body: a.body, retry: a.headers.get('retry-after') }));
      };
      expect(await answers('13800138001')).toEqual(await answers('13800138000'));

      const h2 = harness(getDb());
      for (let i = 0; i < 5; i++) {
        const res = await h2.call('/v2/web/userlogin', {
          body: { phone: '13700137000', countryCode: 1, code: '000000' },
        });
        expect(res.body.code).toBe(40004);
      }
      expect((await attempt(h2, '13700137000', PASSWORD)).status).toBe(429);
    });

    it('never blocks a password reset, which ends the lock-out', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      for (let i = 0; i < 5; i++) await attempt(h, '13800138000', 'wrong password');
      expect((await attempt(h, '13800138000', PASSWORD)).status).toBe(429);

      const code = await h.code('13800138000', 'reset');
      const reset = await h.call('/v2/web/modpsw', {
        body: { phone: '13800138000', countryCode: 1, code, password: 'my new password' },
      });
      expect(reset.status).toBe(200);
      expect((await attempt(h, '13800138000', 'my new password')).status).toBe(200);
      expect(await h.count('login_throttles')).toBe(0);
    });

    it('lets at most 5 of many parallel wrong attempts through before the back-off', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      const results = await Promise.all(Array.from({ length: 10 }, () => attempt(h, '13800138000', 'guess')));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 400)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    });
  });

  describe('hourly limits', () => {
    it('allows at most 100 failures an hour per account', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      // 99 failures earlier this hour (the back-off was served meanwhile: no throttle row).
      await seedEvents(h, 'login:account:14:1:13800138000', 99, 1800);
      const away = '198.51.100.9';
      expect((await attempt(h, '13800138000', 'wrong password', away)).body.code).toBe(40003);
      const limited = await attempt(h, '13800138000', PASSWORD, away);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('1800');
      expect(limited.body.message).toBe('登录失败次数过多，请 30 分钟后再试，或通过“忘记密码”重置密码');
      // The account's limit holds addresses that never signed in to it, not the one that did.
      expect((await attempt(h, '13800138000', PASSWORD)).status).toBe(200);
      h.advance(1800);
      expect((await attempt(h, '13800138000', PASSWORD, away)).status).toBe(200);
    });

    it('allows at most 50 failed logins an hour per IP address, for any phone', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      const ip = '198.51.100.77';
      await seedEvents(h, `login:ip:${ip}`, 49, 600);
      expect((await attempt(h, '13900139000', 'wrong password', ip)).body.code).toBe(40003);
      const limited = await attempt(h, '13800138000', PASSWORD, ip);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('3000');
      expect(await h.count('sessions')).toBe(1);
      // The same account from another address is fine: the IP limit is the address's.
      expect((await attempt(h, '13800138000', PASSWORD, '198.51.100.78')).status).toBe(200);
    });

    it('does not count successful logins', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      for (let i = 0; i < 6; i++) expect((await attempt(h, '13800138000', PASSWORD)).status).toBe(200);
      expect(await h.count('rate_events', "bucket like 'login:%'")).toBe(0);
      expect(await h.count('login_throttles')).toBe(0);
    });
  });

  describe('sweeper', () => {
    it('deletes only what has expired', async () => {
      const h = harness(getDb());
      const user = await h.register('13800138000');
      await h.code('13800138000', 'login');
      await attempt(h, '13800138001', 'wrong password');
      await h.call('/v2/captcha/puzzle', { body: {} });
      const before = await h.counts();
      const none = await sweepExpired(getDb(), h.now());
      expect(Object.values(none).reduce((a, b) => a + b, 0)).toBe(0);
      expect(await h.counts()).toEqual(before);

      h.advance(8 * 24 * 3600);
      const swept = await sweepExpired(getDb(), h.now());
      expect(swept).toMatchObject({
        sms_codes: 2,
        captcha_puzzles: 3,
        captcha_tickets: 2,
        login_throttles: 1,
        sessions: 1,
      });
      expect(await h.counts()).toEqual({
        users: 1,
        sessions: 0,
        sms_codes: 0,
        captcha_puzzles: 0,
        captcha_tickets: 0,
        rate_events: 0,
      });
      expect(user.userId).toBeGreaterThan(0);
    });
  });
});
