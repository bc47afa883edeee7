// @vitest-environment node
/**
 * Captcha and SMS codes through the real app, on PGlite and PostgreSQL: the slider puzzle and its tickets,
 * every sending limit, the no-enumeration rule for login/reset codes, bad input, the HTTP SMS gateway (against a
 * local fake) and the remote captcha (against a local fake verify endpoint).
 */
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CaptchaPuzzle } from '../../../shared/contract/accounts';
import { SIZE_LIMITS } from '../../limits/rules';
import { createRemoteCaptcha } from '../../providers/captcha/remote';
import { createHttpGateway } from '../../providers/sms/http-gateway';
import { harness } from '../../testing/accounts-harness';
import { solvePuzzle } from '../../testing/captcha-solver';
import { describeDatabases } from '../../testing/databases';
import { type FakeCaptchaVerifier, startFakeCaptchaVerifier } from '../../testing/fake-captcha-verifier';
import { type FakeSmsGateway, startFakeSmsGateway } from '../../testing/fake-sms-gateway';

// The limit tests make dozens of real calls each (captcha, argon2, SMS): on a busy 2-core machine 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });

type Puzzle = CaptchaPuzzle;

const png = (dataUrl: string) => PNG.sync.read(Buffer.from(dataUrl.replace('data:image/png;base64,', ''), 'base64'));

describeDatabases('accounts: captcha and SMS codes', (getDb) => {
  describe('slider captcha', () => {
    it('tells the client which captcha to show', async () => {
      const h = harness(getDb());
      const res = await h.call('/v2/captcha/config');
      expect(res.body).toEqual({ code: 200, message: '成功', data: { provider: 'builtin', appId: null } });
    });

    it('makes a puzzle whose picture has the gap where the server expects it, and a one-time ticket for it', async () => {
      const h = harness(getDb());
      const res = await h.call<Puzzle>('/v2/captcha/puzzle', { body: {} });
      expect(res.status).toBe(200);
      const p = res.body.data!;
      expect(p).toMatchObject({ width: 320, height: 160, pieceSize: 52, expiresIn: 120 });
      expect(p.captchaId).toMatch(/^[\w-]{22}$/);
      const image = png(p.image);
      const piece = png(p.piece);
      expect([image.width, image.height, piece.width, piece.height]).toEqual([320, 160, 52, 52]);
      const [stored] = await getDb().query<{ answer_x: number }>('select answer_x from captcha_puzzles where id = $1', [
        p.captchaId,
      ]);
      expect(solvePuzzle(p.image, p.piece, p.pieceY)).toBe(stored.answer_x);

      const verified = await h.call<{ ticket: string; expiresIn: number }>('/v2/captcha/verify', {
        body: { captchaId: p.captchaId, x: stored.answer_x + 5 },
      });
      expect(verified.status).toBe(200);
      expect(verified.body.data!.ticket).toMatch(/^[\w-]{43}$/);
      expect(verified.body.data!.expiresIn).toBe(120);
      // The ticket is stored only as a hash.
      const [ticketRow] = await getDb().query<{ ticket_hash: string }>('select ticket_hash from captcha_tickets');
      expect(ticketRow.ticket_hash).not.toContain(verified.body.data!.ticket);
      expect(ticketRow.ticket_hash).toMatch(/^[0-9a-f]{64}$/);

      // A replay of the same puzzle is refused, even with the right answer.
      const replay = await h.call('/v2/captcha/verify', { body: { captchaId: p.captchaId, x: stored.answer_x } });
      expect(replay.status).toBe(400);
      expect(replay.body).toEqual({ code: 40009, message: '验证已过期，请重新验证' });
    });

    it('uses a puzzle up on a wrong answer, refuses expired and unknown puzzles', async () => {
      const h = harness(getDb());
      const p = (await h.call<Puzzle>('/v2/captcha/puzzle', { body: {} })).body.data!;
      const answer = solvePuzzle(p.image, p.piece, p.pieceY);
      const wrong = await h.call('/v2/captcha/verify', {
        body: { captchaId: p.captchaId, x: answer > 100 ? answer - 40 : answer + 40 },
        lang: 'en',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ code: 40008, message: 'Verification failed, please try again' });
      const again = await h.call('/v2/captcha/verify', { body: { captchaId: p.captchaId, x: answer } });
      expect(again.body.code).toBe(40009);
      expect(await h.count('captcha_tickets')).toBe(0);

      const late = (await h.call<Puzzle>('/v2/captcha/puzzle', { body: {} })).body.data!;
      h.advance(121);
      const expired = await h.call('/v2/captcha/verify', {
        body: { captchaId: late.captchaId, x: solvePuzzle(late.image, late.piece, late.pieceY) },
        lang: 'en',
      });
      expect(expired.body).toEqual({ code: 40009, message: 'The check has expired, please try again' });
      const unknown = await h.call('/v2/captcha/verify', { body: { captchaId: 'nope', x: 10 } });
      expect(unknown.body.code).toBe(40009);
      expect(await h.count('captcha_tickets')).toBe(0);
    });

    it('refuses bad verify bodies with 400 and a message, writing nothing', async () => {
      const h = harness(getDb());
      const p = (await h.call<Puzzle>('/v2/captcha/puzzle', { body: {} })).body.data!;
      const before = await h.counts();
      for (const [body, field] of [
        [{ x: 10 }, 'captchaId'],
        [{ captchaId: p.captchaId }, 'x'],
        [{ captchaId: p.captchaId, x: '10' }, 'x'],
        [{ captchaId: p.captchaId, x: 269 }, 'x'],
        [{ captchaId: p.captchaId, x: -1 }, 'x'],
      ] as const) {
        const res = await h.call('/v2/captcha/verify', { body });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 40000, data: { field } });
        expect(res.body.message).toMatch(/滑块位置|验证编号/);
      }
      const extra = await h.call('/v2/captcha/verify', { body: { captchaId: p.captchaId, x: 1, y: 2 }, lang: 'en' });
      expect(extra.body).toMatchObject({ code: 40000, message: 'Unknown field(s): y' });
      const extraPuzzle = await h.call('/v2/captcha/puzzle', { body: { size: 1 } });
      expect(extraPuzzle.status).toBe(400);
      expect(await h.counts()).toEqual(before);
      // The puzzle was not used up by the bad requests.
      expect(await h.count('captcha_puzzles', 'used_at is null')).toBe(1);
    });

    it('limits puzzles to 30 per 10 minutes per IP address', async () => {
      const h = harness(getDb());
      for (let i = 0; i < 30; i++)
        expect((await h.call('/v2/captcha/puzzle', { body: {}, ip: '198.51.100.7' })).status).toBe(200);
      h.advance(100);
      const limited = await h.call('/v2/captcha/puzzle', { body: {}, ip: '198.51.100.7' });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('500');
      expect(limited.body).toEqual({ code: 429, message: '操作过于频繁，请 9 分钟后再试', data: { retryAfter: 500 } });
      expect(await h.count('captcha_puzzles')).toBe(30);
      // Another address is not affected; the first may go on once the window has moved.
      expect((await h.call('/v2/captcha/puzzle', { body: {}, ip: '198.51.100.8' })).status).toBe(200);
      h.advance(500);
      expect((await h.call('/v2/captcha/puzzle', { body: {}, ip: '198.51.100.7' })).status).toBe(200);
    });
  });

  describe('sending SMS codes', () => {
    it('sends a 6-digit code, logs it, stores only its salted hash, and needs a fresh ticket each time', async () => {
      const h = harness(getDb());
      const ticket = await h.ticket();
      const sent = await h.call('/v2/sendSmsCode', {
        body: { phone: '13800138000', countryCode: 1, purpose: 'register', ticket },
      });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ code: 200, message: '验证码发送成功', data: { resendIn: 60, expiresIn: 300 } });
      const code = h.sink.outbox!('13800138000')[0].code;
      expect(code).toMatch(/^\d{6}$/);
      expect(h.log).toEqual([`[sms] +86 13800138000 register code ${code}`]);
      const [row] = await getDb().query<Record<string, unknown>>('select * from sms_codes');
      expect(row).toMatchObject({
        tenant_id: 14,
        country_code: 1,
        phone: '13800138000',
        purpose: 'register',
        attempts: 0,
      });
      expect(JSON.stringify(row)).not.toContain(code);
      expect((row.expires_at as Date).getTime() - (row.created_at as Date).getTime()).toBe(300_000);

      // The same ticket again: refused, nothing sent, nothing written.
      h.advance(61);
      const before = await h.counts();
      const replay = await h.call('/v2/sendSmsCode', {
        body: { phone: '13800138000', countryCode: 1, purpose: 'register', ticket },
        lang: 'en',
      });
      expect(replay.status).toBe(400);
      expect(replay.body).toEqual({ code: 40005, message: 'Please complete the security check first' });
      expect(await h.counts()).toEqual(before);
      expect(h.log).toHaveLength(1);
    });

    it('refuses an expired or made-up ticket', async () => {
      const h = harness(getDb());
      const ticket = await h.ticket();
      h.advance(121);
      const before = await h.counts();
      const expired = await h.call('/v2/sendSmsCode', {
        body: { phone: '13800138000', countryCode: 1, purpose: 'register', ticket },
      });
      expect(expired.body).toEqual({ code: 40005, message: '请先完成安全验证' });
      const madeUp = await h.call('/v2/sendSmsCode', {
        body: { phone: '13800138000', countryCode: 1, purpose: 'register', ticket: 'x'.repeat(43) },
      });
      expect(madeUp.body.code).toBe(40005);
      expect(await h.counts()).toEqual(before);
      expect(h.log).toEqual([]);
    });

    it('keeps 60 s between sends to one phone, at most 5 an hour and 10 a day, with Retry-After', async () => {
      const h = harness(getDb());
      const phone = '13900139000';
      expect((await h.sendCode(phone, 'register')).status).toBe(200);
      h.advance(20);
      const tooSoon = await h.sendCode(phone, 'register', { lang: 'en' });
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.headers.get('retry-after')).toBe('40');
      expect(tooSoon.body).toEqual({
        code: 429,
        message: 'Too many attempts. Try again in 40 seconds.',
        data: { retryAfter: 40 },
      });
      // The refused send wrote nothing and left its ticket unspent.
      expect(await h.count('sms_codes')).toBe(1);
      expect(await h.count('captcha_tickets', 'used_at is null')).toBe(1);

      for (let i = 0; i < 4; i++) {
        h.advance(60);
        expect((await h.sendCode(phone, 'register')).status).toBe(200);
      }
      h.advance(60);
      const hourly = await h.sendCode(phone, 'register');
      expect(hourly.status).toBe(429);
      // The first of the five was sent 20 + 4*60 + 60 = 320 s ago; it leaves the hour in 3280 s.
      expect(hourly.headers.get('retry-after')).toBe('3280');
      expect(hourly.body.message).toBe('操作过于频繁，请 55 分钟后再试');

      h.advance(3600);
      for (let i = 0; i < 5; i++) {
        expect((await h.sendCode(phone, 'register')).status).toBe(200);
        h.advance(61);
      }
      h.advance(3600);
      const daily = await h.sendCode(phone, 'register');
      expect(daily.status).toBe(429);
      const wait = Number(daily.headers.get('retry-after'));
      // Ten sends today; the first leaves the 24-hour window about 21.9 hours from now.
      expect(wait).toBeGreaterThan(21 * 3600);
      expect(wait).toBeLessThan(22 * 3600);
      expect(daily.body.message).toBe('操作过于频繁，请 22 小时后再试');
      // Ten counted register codes; login and reset codes are counted apart (sms:phone:…).
      expect(await h.count('rate_events', 'bucket like $1', ['sms:register:%'])).toBe(10);
      expect(await h.count('rate_events', 'bucket like $1', ['sms:phone:%'])).toBe(0);
      expect(await h.count('sms_codes')).toBe(10);
      // The phone's login and reset codes are a limit of their own.
      expect((await h.sendCode(phone, 'login')).status).toBe(200);
      // Another phone is not affected.
      expect((await h.sendCode('13700137000', 'register')).status).toBe(200);
    });

    it('limits one IP address to 20 sends an hour', async () => {
      const h = harness(getDb());
      const ip = '192.0.2.44';
      for (let i = 0; i < 20; i++) {
        const res = await h.sendCode(`138001380${String(i).padStart(2, '0')}`, 'register', { ip });
        expect(res.status).toBe(200);
      }
      h.advance(10);
      const limited = await h.sendCode('13800138099', 'register', { ip });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('3590');
      expect((await h.sendCode('13800138099', 'register', { ip: '192.0.2.45' })).status).toBe(200);
    });

    it('answers reset sends for an unregistered phone exactly like for a registered one, sending nothing', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      h.advance(61);
      const logBefore = h.log.length;
      const registered = await h.sendCode('13800138000', 'reset', { lang: 'en' });
      const unregistered = await h.sendCode('13800138001', 'reset', { lang: 'en' });
      expect(unregistered.status).toBe(registered.status);
      expect(unregistered.body).toEqual(registered.body);
      expect(h.log.slice(logBefore)).toEqual([expect.stringContaining('+86 13800138000 reset code')]);
      expect(await h.count('sms_codes', 'phone = $1', ['13800138001'])).toBe(0);
      // The unregistered phone's sends count like any other.
      const again = await h.sendCode('13800138001', 'reset');
      expect(again.status).toBe(429);
    });

    it('sends a login code to a registered and an unregistered phone alike (the one-step SMS sign-in)', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      h.advance(61);
      const logBefore = h.log.length;
      const registered = await h.sendCode('13800138000', 'login', { lang: 'en' });
      const unregistered = await h.sendCode('13800138001', 'login', { lang: 'en' });
      expect(unregistered.status).toBe(registered.status);
      expect(unregistered.body).toEqual(registered.body);
      expect(h.log.slice(logBefore)).toEqual([
        expect.stringContaining('+86 13800138000 login code'),
        expect.stringContaining('+86 13800138001 login code'),
      ]);
      expect(await h.count('sms_codes', "phone = $1 and purpose = 'login'", ['13800138001'])).toBe(1);
      expect((await h.sendCode('13800138001', 'login')).status).toBe(429);
    });

    it('answers a register code for a registered phone as if sent, spending the ticket but sending nothing', async () => {
      const h = harness(getDb());
      await h.register('13800138000');
      const codes = await h.count('sms_codes');
      const sent = h.log.length;
      const res = await h.sendCode('13800138000', 'register', { lang: 'en' });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(200);
      expect(await h.count('sms_codes')).toBe(codes);
      expect(h.log.length).toBe(sent);
      expect(await h.count('captcha_tickets', 'used_at is null')).toBe(0);
    });

    it('refuses bad send bodies with 4xx and a message, writing nothing', async () => {
      const h = harness(getDb());
      const ticket = await h.ticket();
      const good = { phone: '13800138000', countryCode: 1, purpose: 'register', ticket };
      const before = await h.counts();
      const cases: [unknown, number, number, string][] = [
        [{ ...good, phone: undefined }, 400, 40000, '缺少手机号'],
        [{ ...good, countryCode: undefined }, 400, 40000, '缺少国家/地区'],
        [{ ...good, purpose: 'spam' }, 400, 40000, '验证码用途的取值不允许'],
        [{ ...good, ticket: undefined }, 400, 40000, '缺少安全验证凭证'],
        [{ ...good, extra: 1 }, 400, 40000, '不支持的字段：extra'],
        // (The wording of a wrong-typed field is http.ts's; it names the field.)
        [{ ...good, phone: 13800138000 }, 400, 40000, '手机号'],
        [{ ...good, countryCode: '1' }, 400, 40000, '国家/地区'],
        [{ ...good, purpose: undefined }, 400, 40000, '缺少验证码用途'],
        [{ ...good, countryCode: 11 }, 400, 40000, '国家/地区的取值不允许'],
        [{ ...good, countryCode: 20 }, 400, 40000, '国家/地区的取值不允许'],
        [{ ...good, phone: '12800138000' }, 400, 40011, '手机号格式不正确'],
        [{ ...good, phone: '1380013800' }, 400, 40011, '手机号格式不正确'],
        [{ ...good, phone: '138-0013-8000' }, 400, 40011, '手机号格式不正确'],
        [{ ...good, countryCode: 7, phone: '1234567' }, 400, 40011, '手机号格式不正确'],
        [{ ...good, countryCode: 9, phone: '13800138000' }, 400, 40011, '手机号格式不正确'],
        [[good], 400, 40000, '请求'],
      ];
      for (const [body, status, code, message] of cases) {
        const res = await h.call('/v2/sendSmsCode', { body });
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body.code, JSON.stringify(body)).toBe(code);
        expect(res.body.message, JSON.stringify(body)).toContain(message);
      }
      const notJson = await h.call('/v2/sendSmsCode', { raw: '{"phone":', contentType: 'application/json' });
      expect(notJson.body).toEqual({ code: 40000, message: '请求内容不是有效的 JSON' });
      const form = await h.call('/v2/sendSmsCode', {
        raw: 'phone=1',
        contentType: 'application/x-www-form-urlencoded',
      });
      expect(form.status).toBe(415);
      expect(form.body.message).toContain('application/json');
      const huge = await h.call('/v2/sendSmsCode', { body: { ...good, ticket: 'x'.repeat(SIZE_LIMITS.apiBody) } });
      expect(huge.status).toBe(413);
      expect(huge.body.message).toMatch(/请求内容过大/);
      expect(await h.counts()).toEqual(before);
      // The ticket survived every refusal.
      expect((await h.call('/v2/sendSmsCode', { body: good })).status).toBe(200);
    });

    it('accepts a foreign number with its trunk 0 and stores it without', async () => {
      const h = harness(getDb());
      const res = await h.sendCode('07400123456', 'register', { countryCode: 19 });
      expect(res.status).toBe(200);
      expect(h.log).toEqual([expect.stringMatching(/^\[sms\] \+44 7400123456 register code \d{6}$/)]);
    });

    it('serves the outbox only in development', async () => {
      const h = harness(getDb());
      await h.sendCode('13800138000', 'register');
      const outbox = await h.call<
        { phone: string; code: string; purpose: string; countryCode: number; sentAt: string }[]
      >('/dev/sms-outbox?phone=13800138000');
      expect(outbox.body.data).toEqual([
        {
          phone: '13800138000',
          countryCode: 1,
          purpose: 'register',
          code: expect.stringMatching(/^\d{6}$/),
          sentAt: '2026-11-21T12:00:00.000Z',
        },
      ]);
      expect((await h.call('/dev/sms-outbox?phone=13700000000')).body.data).toEqual([]);
      const production = harness(getDb(), { production: true });
      const hidden = await production.call('/dev/sms-outbox?phone=13800138000');
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ code: 404, message: '接口不存在' });
      // The contract lists the outbox only where it exists.
      const paths = async (app: typeof h) =>
        Object.keys(((await app.call('/openapi.json')) as unknown as { body: { paths: object } }).body.paths);
      expect(await paths(h)).toContain('/api/dev/sms-outbox');
      expect(await paths(production)).not.toContain('/api/dev/sms-outbox');
      expect(await paths(production)).toContain('/api/v2/sendSmsCode');
    });

    it('refuses a wrong content type, a huge body and broken JSON on every POST call, writing nothing', async () => {
      const h = harness(getDb());
      const user = await h.register('13800138000');
      const before = await h.counts();
      for (const path of [
        '/v2/captcha/puzzle',
        '/v2/captcha/verify',
        '/v2/sendSmsCode',
        '/v2/web/register',
        '/v2/web/userlogin',
        '/v2/web/modpsw',
        '/v2/web/userlogout',
      ]) {
        const token = user.Authorization;
        const form = await h.call(path, { raw: 'a=1', contentType: 'application/x-www-form-urlencoded', token });
        expect(form.status, path).toBe(415);
        expect(form.body.message, path).toBe('请求格式不正确：需要 application/json');
        const none = await h.call(path, { raw: '{}', token, lang: 'en' });
        expect(none.status, path).toBe(415);
        const huge = await h.call(path, {
          raw: `{"x":"${'x'.repeat(17_000)}"}`,
          contentType: 'application/json',
          token,
        });
        expect(huge.status, path).toBe(413);
        expect(huge.body.message, path).toBe('请求内容过大（上限 16 KB）');
        const broken = await h.call(path, { raw: '{"phone":', contentType: 'application/json', token, lang: 'en' });
        expect(broken.status, path).toBe(400);
        expect(broken.body, path).toEqual({ code: 40000, message: 'The request body is not valid JSON' });
        const empty = await h.call(path, { raw: '', contentType: 'application/json', token });
        expect(empty.status, path).toBe(400);
      }
      expect(await h.counts()).toEqual(before);
    });
  });

  describe('outside providers', () => {
    let gateway: FakeSmsGateway;
    let verifier: FakeCaptchaVerifier;
    beforeAll(async () => {
      gateway = await startFakeSmsGateway('gateway-key');
      verifier = await startFakeCaptchaVerifier('captcha-secret');
    });
    afterAll(async () => {
      await gateway.close();
      await verifier.close();
    });

    it('sends through the HTTP gateway, and takes everything back but the ticket when the gateway fails', async () => {
      gateway.behave('normal');
      const h = harness(getDb(), { sms: createHttpGateway({ url: gateway.url, key: 'gateway-key', timeoutMs: 500 }) });
      const before = gateway.messages.length;
      const ok = await h.sendCode('13800138000', 'register', { lang: 'en' });
      expect(ok.status).toBe(200);
      const message = gateway.messages.at(-1)!;
      expect(gateway.messages.length).toBe(before + 1);
      expect(message).toMatchObject({
        to: '+8613800138000',
        countryCode: '86',
        phone: '13800138000',
        purpose: 'register',
        template: 'verification_code',
        language: 'en',
        tenantId: 14,
      });
      expect(message.code).toMatch(/^\d{6}$/);
      expect(message.text).toBe(
        `[StarReach] Your verification code is ${message.code}. It expires in 5 minutes. Do not share it with anyone.`,
      );

      for (const mode of [500, 'refuse', 'hang'] as const) {
        gateway.behave(mode);
        h.advance(61);
        const t = await h.ticket();
        const before = await h.counts();
        const failed = await h.call('/v2/sendSmsCode', {
          body: { phone: '13800138000', countryCode: 1, purpose: 'register', ticket: t },
        });
        expect(failed.status, String(mode)).toBe(502);
        expect(failed.body).toEqual({ code: 40013, message: '手机验证码发送失败' });
        const after = await h.counts();
        expect(after).toEqual({ ...before });
        expect(await h.count('captcha_tickets', 'used_at is null')).toBe(0);
      }
      gateway.behave('normal');
      // The failed sends did not count: the phone may get a code right away.
      expect((await h.sendCode('13800138000', 'register')).status).toBe(200);
    });

    it('refuses a gateway with the wrong key', async () => {
      gateway.behave('normal');
      const h = harness(getDb(), { sms: createHttpGateway({ url: gateway.url, key: 'wrong' }) });
      expect((await h.sendCode('13800138000', 'register')).status).toBe(502);
    });

    it('verifies remote captcha tickets at the provider, once each', async () => {
      verifier.behave('normal');
      const captcha = createRemoteCaptcha({
        appId: 'site-key-1',
        secret: 'captcha-secret',
        verifyUrl: verifier.url,
        timeoutMs: 500,
      });
      const h = harness(getDb(), { captcha });
      expect((await h.call('/v2/captcha/config')).body.data).toEqual({ provider: 'remote', appId: 'site-key-1' });
      expect((await h.call('/v2/captcha/puzzle', { body: {} })).status).toBe(404);

      const send = (ticket: string, phone = '13800138000') =>
        h.call('/v2/sendSmsCode', { body: { phone, countryCode: 1, purpose: 'register', ticket }, ip: '198.51.100.9' });
      verifier.accept('widget-ticket-1');
      expect((await send('widget-ticket-1')).status).toBe(200);
      expect(verifier.requests.at(-1)).toEqual({
        secret: 'captcha-secret',
        response: 'widget-ticket-1',
        remoteip: '198.51.100.9',
        sitekey: 'site-key-1',
      });
      // A replay is refused here even if the provider were to accept it again.
      verifier.accept('widget-ticket-1');
      h.advance(61);
      expect((await send('widget-ticket-1', '13800138001')).body.code).toBe(40005);
      expect((await send('forged', '13800138001')).body.code).toBe(40005);
      for (const mode of [500, 'hang'] as const) {
        verifier.behave(mode);
        verifier.accept('widget-ticket-2');
        expect((await send('widget-ticket-2', '13800138001')).body.code).toBe(40005);
      }
      expect(await h.count('sms_codes')).toBe(1);
    });
  });
});
