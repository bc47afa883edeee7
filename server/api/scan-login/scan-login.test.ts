// @vitest-environment node
/**
 * The scan login through the real app and the service functions the webhook and the phone pages call, on PGlite
 * and PostgreSQL: every state of a ticket and every status answer, the single hand-out of the session, expiry by
 * time, bind (password, code) and register, failed binds, bans, the limits, validation, the sweeper, and the
 * web login of a banned account. A tiny inline messaging provider stands in for the simulator.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../shared/contract/accounts';
import type { QrCode } from '../../../shared/contract/scan-login';
import { hashToken } from '../../accounts/sessions';
import { sweepExpired } from '../../accounts/sweep';
import type { CreateQrInput, MessagingProvider } from '../../providers/messaging/types';
import { banAccount, banIdentity } from '../../scan-login/bans';
import { cancelScan, confirmPreview, confirmScan } from '../../scan-login/confirm';
import { handleScan } from '../../scan-login/scan';
import { watchTicketChanges } from '../../scan-login/tickets';
import { type Answer, BRAND2_HOST, harness, PASSWORD } from '../../testing/accounts-harness';
import { describeDatabases } from '../../testing/databases';

// The limit tests make dozens of real calls each (captcha, argon2, SMS): on a busy 2-core machine 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });

type QrCodeData = QrCode;

type Status = { status: string; expiresIn?: number; userInfo?: UserInfo; identity?: { nickname: string | null } };

function fakeMessaging(kind: 'simulator' | 'platform' = 'simulator') {
  const created: CreateQrInput[] = [];
  const provider: MessagingProvider & { created: CreateQrInput[]; fail: boolean } = {
    kind,
    created,
    fail: false,
    async createQr(input) {
      if (provider.fail) throw new Error('platform down');
      created.push(input);
      return { url: `${input.origin}/wx-sim?scene=${input.scene}&lang=${input.language}`, expiresIn: input.ttlSeconds };
    },
    async webhookToken() {
      return 'test-token';
    },
  };
  return provider;
}

const TENANT = 14;

function scanHarness(getDb: () => import('../../db/database').Database, options: { noMessaging?: boolean } = {}) {
  const messaging = fakeMessaging();
  const h = harness(getDb(), { messaging: options.noMessaging ? undefined : messaging });
  const db = getDb();

  async function create(opts: { ip?: string; lang?: 'zh' | 'en'; host?: string } = {}) {
    const res = await h.call<QrCodeData>('/v2/wx/create_login_qrcode', { body: {}, ...opts });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as QrCodeData;
    const scene = messaging.created[messaging.created.length - 1].scene;
    return { ...data, scene };
  }

  const poll = (ticket: string, opts: { ip?: string; lang?: 'zh' | 'en'; host?: string } = {}) =>
    h.call<Status>(`/v2/wx/get_qr_status?ticket=${encodeURIComponent(ticket)}`, opts);

  async function status(ticket: string): Promise<Status> {
    const res = await poll(ticket);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Status;
  }

  const scan = (scene: string, openId: string, tenantId = TENANT) =>
    handleScan(db, { tenantId, openId, scene, subscribed: false, now: h.now() });

  const confirmInput = (scene: string, confirmToken: string) => ({
    tenantId: TENANT,
    scene,
    confirmToken,
    now: h.now(),
  });

  const wxLogin = (body: Record<string, unknown>, opts: { lang?: 'zh' | 'en'; ip?: string } = {}) =>
    h.call<UserInfo>('/v2/wx/userlogin', { body, ...opts });

  /** An account (registered through the API) with a WeChat identity bound to it. */
  async function boundAccount(phone: string, openId: string) {
    const user = await h.register(phone);
    await db.query(
      'insert into wx_identities (tenant_id, open_id, nickname, user_id, created_at, bound_at) values ($1, $2, $3, $4, $5, $5)',
      [TENANT, openId, `wx ${openId}`, user.userId, h.now()],
    );
    return user;
  }

  async function ticketRow(scene: string) {
    const [row] = await db.query<Record<string, unknown>>('select * from wx_login_tickets where scene = $1', [scene]);
    return row;
  }

  async function identityRow(openId: string) {
    const [row] = await db.query<Record<string, unknown>>('select * from wx_identities where open_id = $1', [openId]);
    return row;
  }

  return { h, db, messaging, create, poll, status, scan, confirmInput, wxLogin, boundAccount, ticketRow, identityRow };
}

type Scan = ReturnType<typeof scanHarness>;

const bindBody = (ticket: string, extra: Record<string, unknown> = {}) => ({
  ticket,
  action: 'bind',
  phone: '13800138000',
  countryCode: 1,
  code: '000000',
  ...extra,
});

async function unboundTicket(s: Scan, openId = 'o-new') {
  const qr = await s.create();
  expect(await s.scan(qr.scene, openId)).toEqual({ kind: 'unbound' });
  return qr;
}

function decodeQr(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

function expectError(res: Answer, status: number, code: number, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  if (message !== undefined) expect(res.body.message).toBe(message);
}

/** Polls until `done` says so or `ms` pass; the milliseconds it took (`ms` when it never did). */
async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (done(await read())) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return ms;
}

let stopWatching: (() => Promise<void>) | undefined;

describeDatabases('scan login', (getDb) => {
  // As server/main.ts does: on PostgreSQL this process hears ticket changes and answers polls from memory.
  beforeAll(async () => {
    stopWatching = await watchTicketChanges(getDb());
  });
  afterAll(async () => {
    await stopWatching?.();
  });

  describe('create_login_qrcode', () => {
    it('answers a secret ticket, the QR image of the provider URL, 300 s, and stores only the hash', async () => {
      const s = scanHarness(getDb);
      const res = await s.h.call<QrCodeData>('/v2/wx/create_login_qrcode', { body: {}, ip: '198.51.100.7' });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(200);
      const data = res.body.data as QrCodeData;
      const input = s.messaging.created[0];
      expect(input).toMatchObject({
        brandId: 'starreach',
        tenantId: 14,
        ttlSeconds: 300,
        origin: 'http://localhost:3030',
        language: 'zh',
      });
      expect(input.scene).toMatch(/^L[\w-]{22}$/);
      expect(data).toEqual({
        ticket: expect.stringMatching(/^[\w-]{43}$/),
        qrcode: expect.stringMatching(/^data:image\/png;base64,/),
        qrUrl: `http://localhost:3030/wx-sim?scene=${input.scene}&lang=zh`,
        expiresIn: 300,
        pollInterval: 2,
        simulator: true,
      });
      expect(data.ticket).not.toContain(input.scene);
      expect(decodeQr(data.qrcode)).toBe(data.qrUrl);
      const png = PNG.sync.read(Buffer.from(data.qrcode.split(',')[1], 'base64'));
      expect(png.width).toBe(240);

      const [row] = await s.db.query<Record<string, unknown>>('select * from wx_login_tickets');
      expect(row).toMatchObject({
        ticket_hash: hashToken(data.ticket),
        scene: input.scene,
        tenant_id: 14,
        state: 'waiting',
        qr_url: data.qrUrl,
        open_id: null,
        user_id: null,
        bind_failures: 0,
        created_ip: '198.51.100.7',
      });
      expect((row.expires_at as Date).getTime() - (row.created_at as Date).getTime()).toBe(300_000);

      // Brand 2, English: its tenant, its language; a platform provider says simulator: false.
      await s.h.call('/v2/wx/create_login_qrcode', { body: {}, host: BRAND2_HOST, lang: 'en' });
      expect(s.messaging.created[1]).toMatchObject({ brandId: 'creatorbox', tenantId: 51, language: 'en' });
      const platform = harness(getDb(), { messaging: fakeMessaging('platform') });
      const other = await platform.call<QrCodeData>('/v2/wx/create_login_qrcode', { body: {} });
      expect(other.body.data?.simulator).toBe(false);
    });

    it('refuses bodies other than {}, answers 503 without a provider and 502 when the provider fails', async () => {
      const s = scanHarness(getDb);
      expectError(await s.h.call('/v2/wx/create_login_qrcode', { body: { x: 1 } }), 400, 40000);
      expectError(await s.h.call('/v2/wx/create_login_qrcode', { raw: '{}', contentType: 'text/plain' }), 415, 40000);
      const none = scanHarness(getDb, { noMessaging: true });
      expectError(
        await none.h.call('/v2/wx/create_login_qrcode', { body: {}, lang: 'en' }),
        503,
        503,
        'WeChat QR login is not available on this server',
      );
      s.messaging.fail = true;
      expectError(await s.h.call('/v2/wx/create_login_qrcode', { body: {} }), 502, 40024, '二维码生成失败，请稍后再试');
      expect(await s.h.count('wx_login_tickets')).toBe(0);
    });

    it('allows 10 codes a minute and 60 an hour per IP address, then 429 with Retry-After', async () => {
      const s = scanHarness(getDb);
      for (let i = 0; i < 10; i++) await s.create({ ip: '203.0.113.5' });
      const refused = await s.h.call('/v2/wx/create_login_qrcode', { body: {}, ip: '203.0.113.5' });
      expectError(refused, 429, 429, '操作过于频繁，请 1 分钟后再试');
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(refused.body.data).toEqual({ retryAfter: 60 });
      expect(await s.h.count('wx_login_tickets')).toBe(10);
      // Another address is not affected.
      await s.create({ ip: '203.0.113.6' });

      for (let minute = 0; minute < 5; minute++) {
        s.h.advance(60);
        for (let i = 0; i < 10; i++) await s.create({ ip: '203.0.113.5' });
      }
      s.h.advance(60);
      const hourly = await s.h.call('/v2/wx/create_login_qrcode', { body: {}, ip: '203.0.113.5', lang: 'en' });
      expect(hourly.status).toBe(429);
      expect(Number(hourly.headers.get('retry-after'))).toBe(3600 - 6 * 60);
      expect(hourly.body.message).toBe('Too many attempts. Try again in 54 minutes.');
    });
  });

  describe('get_qr_status', () => {
    it('answers waiting with the time left, then expired once the time is up; validates the ticket', async () => {
      const s = scanHarness(getDb);
      const qr = await s.create();
      expect(await s.status(qr.ticket)).toEqual({ status: 'waiting', expiresIn: 300 });
      s.h.advance(100.5);
      const res = await s.poll(qr.ticket);
      expect(res.body).toEqual({ code: 200, message: '成功', data: { status: 'waiting', expiresIn: 200 } });
      expect(res.headers.get('cache-control')).toBe('no-store');
      s.h.advance(199.5);
      expect(await s.status(qr.ticket)).toEqual({ status: 'expired' });
      // A scan of an expired code changes nothing.
      expect(await s.scan(qr.scene, 'o-late')).toEqual({ kind: 'expired' });
      expect((await s.ticketRow(qr.scene)).state).toBe('waiting');

      const unknown = await s.poll('A'.repeat(43), { lang: 'en' });
      expectError(unknown, 404, 40020, 'This QR code does not exist or is no longer valid');
      expectError(await s.poll('A'.repeat(43)), 404, 40020, '二维码不存在或已失效');
      // Another brand's ticket is unknown here.
      const fresh = await s.create();
      expectError(await s.poll(fresh.ticket, { host: BRAND2_HOST }), 404, 40020);
      expectError(await s.poll('short'), 400, 40000);
      expectError(await s.h.call('/v2/wx/get_qr_status'), 400, 40000);
      expectError(await s.h.call(`/v2/wx/get_qr_status?ticket=${fresh.ticket}&x=1`), 400, 40000);
    });

    it('allows 120 polls a minute per IP address, then 429 with Retry-After', async () => {
      const s = scanHarness(getDb);
      const qr = await s.create();
      for (let i = 0; i < 120; i++) expect((await s.poll(qr.ticket, { ip: '192.0.2.9' })).status).toBe(200);
      const refused = await s.poll(qr.ticket, { ip: '192.0.2.9' });
      expectError(refused, 429, 429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect((await s.poll(qr.ticket, { ip: '192.0.2.10' })).status).toBe(200);
      s.h.advance(60);
      expect((await s.poll(qr.ticket, { ip: '192.0.2.9' })).status).toBe(200);
    });

    it('answers a poll memory holds in front of the app, with the same envelope and headers as the app', async () => {
      const s = scanHarness(getDb);
      const qr = await s.create();
      const before = s.h.fastAnswers.count;
      // The first poll reads the database (through the app) and keeps the row; the second is answered from it.
      const byApp = await s.poll(qr.ticket, { lang: 'en' });
      expect(s.h.fastAnswers.count).toBe(before);
      const fast = await s.poll(qr.ticket, { lang: 'en' });
      expect(s.h.fastAnswers.count).toBe(before + 1);
      expect(fast.status).toBe(byApp.status);
      expect(fast.body).toEqual({ code: 200, message: 'Success', data: { status: 'waiting', expiresIn: 300 } });
      expect(fast.body).toEqual(byApp.body);
      const headers = (answer: Answer) =>
        Object.fromEntries([...answer.headers].filter(([name]) => name !== 'x-request-id'));
      expect(headers(fast)).toEqual(headers(byApp));
      expect(fast.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
      expect(fast.headers.get('content-security-policy')).toContain("default-src 'none'");
      // A scan changes the row: the next poll says so (the row was forgotten), then memory holds the new one.
      expect((await s.scan(qr.scene, 'o-fast')).kind).toBe('unbound');
      expect((await s.status(qr.ticket)).status).toBe('unbound');
    });

    it('on PostgreSQL, forgets a ticket as soon as another process changes it, and reads the database while not listening', async (t) => {
      const db = getDb();
      if (db.kind !== 'postgres') t.skip();
      const s = scanHarness(getDb);
      const qr = await s.create();
      await s.status(qr.ticket);
      const before = s.h.fastAnswers.count;
      expect(await s.status(qr.ticket)).toMatchObject({ status: 'waiting' });
      expect(s.h.fastAnswers.count).toBe(before + 1);
      // Another process's write: plain SQL here, which forgets nothing in this process; only the notification can.
      await db.query(`update wx_login_tickets set state = 'scanned', scanned_at = $2 where ticket_hash = $1`, [
        hashToken(qr.ticket),
        s.h.now(),
      ]);
      let polls = 0;
      const pollFrom = () => s.poll(qr.ticket, { ip: `192.0.2.${(polls++ % 200) + 1}` });
      const seenWithin = await pollUntil(pollFrom, (answer) => answer.body.data?.status === 'scanned', 2000);
      expect(seenWithin).toBeLessThan(2000);
      // Not listening: every poll reads the database, so a change is seen at once even without a notification.
      await stopWatching?.();
      stopWatching = undefined;
      const afterStop = s.h.fastAnswers.count;
      await db.query(`update wx_login_tickets set state = 'waiting' where ticket_hash = $1`, [hashToken(qr.ticket)]);
      expect(await s.status(qr.ticket)).toMatchObject({ status: 'waiting' });
      expect(await s.status(qr.ticket)).toMatchObject({ status: 'waiting' });
      expect(s.h.fastAnswers.count).toBe(afterStop);
    });
  });

  describe('a bound WeChat: scan, confirm on the phone, log in', () => {
    it('waiting -> scanned -> bound (the session, once) -> done, which reads expired', async () => {
      const s = scanHarness(getDb);
      const user = await s.boundAccount('13800138000', 'o-bound');
      const qr = await s.create();
      const outcome = await s.scan(qr.scene, 'o-bound');
      expect(outcome).toEqual({
        kind: 'confirm',
        confirmToken: expect.stringMatching(/^[\w-]{43}$/),
        userName: 'seller 8000',
      });
      if (outcome.kind !== 'confirm') throw new Error('expected confirm');
      const token = outcome.confirmToken;
      expect(await s.status(qr.ticket)).toMatchObject({ status: 'scanned', expiresIn: 300 });
      expect(await s.ticketRow(qr.scene)).toMatchObject({
        state: 'scanned',
        open_id: 'o-bound',
        user_id: user.userId,
        confirm_hash: hashToken(token),
      });

      expect(await confirmPreview(s.db, s.confirmInput(qr.scene, token))).toEqual({
        userName: 'seller 8000',
        phone: '138****8000',
        // The computer that made the code: no User-Agent in this harness, its address masked.
        device: null,
        address: '203.0.113.x',
      });
      expect(await confirmPreview(s.db, s.confirmInput(qr.scene, 'x'.repeat(43)))).toBeNull();
      expect(await confirmScan(s.db, s.confirmInput(qr.scene, 'x'.repeat(43)))).toBe('invalid');
      expect(await confirmScan(s.db, s.confirmInput('Lnope', token))).toBe('invalid');
      expect(await s.status(qr.ticket)).toMatchObject({ status: 'scanned' });

      expect(await confirmScan(s.db, s.confirmInput(qr.scene, token))).toBe('confirmed');
      expect(await confirmScan(s.db, s.confirmInput(qr.scene, token))).toBe('confirmed');
      expect(await confirmPreview(s.db, s.confirmInput(qr.scene, token))).toBeNull();
      expect((await s.ticketRow(qr.scene)).state).toBe('bound');
      const sessionsBefore = await s.h.count('sessions');

      // Two polls at once: exactly one gets the session.
      const [a, b] = await Promise.all([s.poll(qr.ticket), s.poll(qr.ticket)]);
      const answers = [a.body, b.body].sort((x, y) => x.message.localeCompare(y.message));
      const bound = [a, b].find((r) => (r.body.data as Status).status === 'bound');
      expect(bound?.body.message).toBe('登录成功');
      const info = (bound?.body.data as Status | undefined)?.userInfo as UserInfo;
      expect(info).toEqual({
        userId: user.userId,
        userName: 'seller 8000',
        nickname: 'seller 8000',
        phone: '138****8000',
        countryCode: 1,
        tenantId: 14,
        Authorization: expect.stringMatching(/^[\w-]{43}$/),
      });
      expect(answers.map((x) => (x.data as Status).status).sort()).toEqual(['bound', 'expired']);
      expect(await s.h.count('sessions')).toBe(sessionsBefore + 1);
      const me = await s.h.call('/v2/dm_user_base_info', { token: info.Authorization });
      expect(me.body.data).toMatchObject({ userName: 'seller 8000' });

      expect(await s.status(qr.ticket)).toEqual({ status: 'expired' });
      expect((await s.ticketRow(qr.scene)).state).toBe('done');
      expectError(await s.wxLogin({ ticket: qr.ticket, action: 'login' }), 410, 40023, '二维码已过期');
      expect(await s.scan(qr.scene, 'o-bound')).toEqual({ kind: 'expired' });
    });

    it('action login completes a bound ticket instead of the poll; it must be bound', async () => {
      const s = scanHarness(getDb);
      const user = await s.boundAccount('13800138000', 'o-bound');
      const qr = await s.create();
      expectError(await s.wxLogin({ ticket: qr.ticket, action: 'login' }, { lang: 'en' }), 409, 40021);
      const outcome = await s.scan(qr.scene, 'o-bound');
      if (outcome.kind !== 'confirm') throw new Error('expected confirm');
      expectError(await s.wxLogin({ ticket: qr.ticket, action: 'login' }), 409, 40021);
      expect(await confirmScan(s.db, s.confirmInput(qr.scene, outcome.confirmToken))).toBe('confirmed');
      const res = await s.wxLogin({ ticket: qr.ticket, action: 'login' }, { lang: 'en' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Login success');
      expect(res.body.data?.userId).toBe(user.userId);
      expect(await s.status(qr.ticket)).toEqual({ status: 'expired' });
      expectError(await s.wxLogin({ ticket: 'B'.repeat(43), action: 'login' }), 404, 40020);
    });

    it('a confirmed code waits 60 s for the browser; an unconfirmed scan keeps the code lifetime', async () => {
      const s = scanHarness(getDb);
      await s.boundAccount('13800138000', 'o-bound');
      const qr = await s.create();
      const outcome = await s.scan(qr.scene, 'o-bound');
      if (outcome.kind !== 'confirm') throw new Error('expected confirm');
      s.h.advance(299);
      expect(await confirmScan(s.db, s.confirmInput(qr.scene, outcome.confirmToken))).toBe('confirmed');
      s.h.advance(59);
      expect(await s.status(qr.ticket)).toMatchObject({ status: 'bound' });

      const late = await s.create();
      const again = await s.scan(late.scene, 'o-bound');
      if (again.kind !== 'confirm') throw new Error('expected confirm');
      s.h.advance(300);
      expect(await confirmScan(s.db, s.confirmInput(late.scene, again.confirmToken))).toBe('expired');
      expect(await s.status(late.ticket)).toEqual({ status: 'expired' });
    });

    it('"not me" puts the code back to waiting; a second identity cannot take a scanned code; a rescan renews the token', async () => {
      const s = scanHarness(getDb);
      await s.boundAccount('13800138000', 'o-one');
      const qr = await s.create();
      const first = await s.scan(qr.scene, 'o-one');
      if (first.kind !== 'confirm') throw new Error('expected confirm');
      expect(await s.scan(qr.scene, 'o-two')).toEqual({ kind: 'taken' });
      expect(await s.identityRow('o-two')).toMatchObject({ tenant_id: 14, nickname: null, user_id: null });

      const second = await s.scan(qr.scene, 'o-one');
      if (second.kind !== 'confirm') throw new Error('expected confirm');
      expect(second.confirmToken).not.toBe(first.confirmToken);
      expect(await confirmScan(s.db, s.confirmInput(qr.scene, first.confirmToken))).toBe('invalid');

      await cancelScan(s.db, s.confirmInput(qr.scene, 'wrong'));
      expect((await s.ticketRow(qr.scene)).state).toBe('scanned');
      await cancelScan(s.db, s.confirmInput(qr.scene, second.confirmToken));
      expect(await s.ticketRow(qr.scene)).toMatchObject({
        state: 'waiting',
        open_id: null,
        user_id: null,
        confirm_hash: null,
      });
      expect(await s.status(qr.ticket)).toMatchObject({ status: 'waiting' });
      expect(await confirmScan(s.db, s.confirmInput(qr.scene, second.confirmToken))).toBe('invalid');
      expect(await s.scan(qr.scene, 'o-two')).toEqual({ kind: 'unbound' });
    });
  });

  describe('an unbound WeChat: bind or register on the computer', () => {
    it('waiting -> unbound (10 minutes from the scan) -> expired', async () => {
      const s = scanHarness(getDb);
      const qr = await s.create();
      s.h.advance(200);
      expect(await s.scan(qr.scene, 'o-new')).toEqual({ kind: 'unbound' });
      await s.db.query("update wx_identities set nickname = '阿花' where open_id = 'o-new'");
      expect(await s.status(qr.ticket)).toEqual({ status: 'unbound', expiresIn: 600, identity: { nickname: '阿花' } });
      // A repeat scan by the same identity answers the same and does not extend the window.
      s.h.advance(100);
      expect(await s.scan(qr.scene, 'o-new')).toEqual({ kind: 'unbound' });
      expect(await s.scan(qr.scene, 'o-other')).toEqual({ kind: 'taken' });
      s.h.advance(499);
      expect(await s.status(qr.ticket)).toMatchObject({ status: 'unbound', expiresIn: 1 });
      s.h.advance(1);
      expect(await s.status(qr.ticket)).toEqual({ status: 'expired' });
      expectError(await s.wxLogin(bindBody(qr.ticket)), 410, 40023);
    });

    it('binds by SMS code: 绑定成功, the identity is bound, and its next scan asks for a confirmation', async () => {
      const s = scanHarness(getDb);
      const user = await s.h.register('13800138000');
      const qr = await unboundTicket(s);
      const code = await s.h.code('13800138000', 'login');
      const res = await s.wxLogin(bindBody(qr.ticket, { code }));
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('绑定成功');
      expect(res.body.data).toMatchObject({ userId: user.userId, phone: '138****8000', tenantId: 14 });
      expect(await s.identityRow('o-new')).toMatchObject({ user_id: user.userId, bound_at: s.h.now() });
      expect(await s.ticketRow(qr.scene)).toMatchObject({ state: 'done', user_id: user.userId });
      expect(await s.status(qr.ticket)).toEqual({ status: 'expired' });
      expectError(await s.wxLogin(bindBody(qr.ticket, { code })), 410, 40023);
      expect(await s.h.count('login_throttles')).toBe(0);

      const next = await s.create();
      expect(await s.scan(next.scene, 'o-new')).toMatchObject({ kind: 'confirm', userName: 'seller 8000' });
    });

    it('binds by SMS code (purpose login), in English', async () => {
      const s = scanHarness(getDb);
      const user = await s.h.register('13800138000');
      const qr = await unboundTicket(s);
      const code = await s.h.code('13800138000', 'login');
      const res = await s.wxLogin(bindBody(qr.ticket, { code }), { lang: 'en' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Bind success');
      expect(res.body.data?.userId).toBe(user.userId);
      expect((await s.identityRow('o-new')).user_id).toBe(user.userId);
    });

    it('counts wrong codes on the ticket: 40004, then the 5th is 40022 bind_failed; a password is refused', async () => {
      const s = scanHarness(getDb);
      await s.h.register('13800138000');
      const qr = await unboundTicket(s);
      // A password is no proof of who binds: not accepted, not counted.
      expectError(await s.wxLogin(bindBody(qr.ticket, { code: undefined, password: PASSWORD })), 400, 40000);
      expect((await s.ticketRow(qr.scene)).bind_failures).toBe(0);
      for (let i = 0; i < 3; i++)
        expectError(await s.wxLogin(bindBody(qr.ticket, { code: '111111' })), 400, 40004, '验证码错误或已过期');
      // An unregistered phone answers the same and counts the same.
      expectError(await s.wxLogin(bindBody(qr.ticket, { phone: '13900139000' })), 400, 40004);
      expect((await s.ticketRow(qr.scene)).bind_failures).toBe(4);
      expect(await s.status(qr.ticket)).toMatchObject({ status: 'unbound' });
      // A refusal that is not a wrong secret does not count.
      expectError(await s.wxLogin(bindBody(qr.ticket, { phone: '123' })), 400, 40011);
      expect((await s.ticketRow(qr.scene)).bind_failures).toBe(4);

      const fifth = await s.wxLogin(bindBody(qr.ticket, { code: '000000' }), { lang: 'en' });
      expectError(fifth, 409, 40022, 'Bind failed: Too many failed attempts');
      expect(fifth.body.data).toEqual({ reason: 'tooManyFailures' });
      expect(await s.ticketRow(qr.scene)).toMatchObject({ state: 'bind_failed', bind_failures: 5 });
      expect(await s.status(qr.ticket)).toEqual({ status: 'bind_failed' });
      // Final: even the right code now answers 40022, and nothing is bound.
      const code = await s.h.code('13800138000', 'login');
      expectError(await s.wxLogin(bindBody(qr.ticket, { code })), 409, 40022);
      expect((await s.identityRow('o-new')).user_id).toBeNull();
      expect(await s.scan(qr.scene, 'o-new')).toEqual({ kind: 'expired' });
      // The login back-off counted them like web logins (4 failures of that phone: one try was another phone).
      const [throttle] = await s.db.query<{ failures: number }>(
        "select failures from login_throttles where phone = '13800138000'",
      );
      expect(throttle.failures).toBe(4);
    });

    it('bind_failed (40022) when the account already has another WeChat or the WeChat got bound meanwhile', async () => {
      const s = scanHarness(getDb);
      await s.boundAccount('13800138000', 'o-old');
      const qr = await unboundTicket(s);
      const res = await s.wxLogin(bindBody(qr.ticket, { code: await s.h.code('13800138000', 'login') }));
      expectError(res, 409, 40022, '绑定失败：该账号已绑定其他微信');
      expect(res.body.data).toEqual({ reason: 'accountBound' });
      expect(await s.status(qr.ticket)).toEqual({ status: 'bind_failed' });
      expect((await s.identityRow('o-new')).user_id).toBeNull();
      const sessions = await s.h.count('sessions', 'revoked_at is null');

      const other = await s.h.register('13700137000');
      const qr2 = await unboundTicket(s, 'o-race');
      await s.db.query("update wx_identities set user_id = $1 where open_id = 'o-race'", [other.userId]);
      const code = await s.h.code('13700137000', 'login');
      const raced = await s.wxLogin(bindBody(qr2.ticket, { phone: '13700137000', code }));
      expectError(raced, 409, 40022);
      expect(raced.body.data).toEqual({ reason: 'identityBound' });
      expect(await s.h.count('sessions', 'revoked_at is null')).toBe(sessions + 1);
    });

    it('registers with the WeChat: 注册成功, a new account bound to the identity', async () => {
      const s = scanHarness(getDb);
      const qr = await unboundTicket(s);
      const code = await s.h.code('13800138000', 'register');
      const res = await s.wxLogin({
        ticket: qr.ticket,
        action: 'register',
        phone: '13800138000',
        countryCode: 1,
        code,
        password: PASSWORD,
        nickname: '微信用户',
        channelId: 2,
        clientId: 'morestores',
        inviteCode: 'INV1',
        registeInfo: { utm_term: 't' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe('注册成功');
      const info = res.body.data as UserInfo;
      expect(info).toMatchObject({ userName: '微信用户', phone: '138****8000', tenantId: 14 });
      const [user] = await s.db.query<Record<string, unknown>>('select * from users');
      expect(user).toMatchObject({
        id: info.userId,
        nickname: '微信用户',
        invite_code: 'INV1',
        registe_info: { utm_term: 't' },
        signup_method: 'wechat',
      });
      expect((await s.identityRow('o-new')).user_id).toBe(info.userId);
      expect(await s.status(qr.ticket)).toEqual({ status: 'expired' });
    });

    it('register refusals: a wrong code counts, for a taken phone too; rules before the code', async () => {
      const s = scanHarness(getDb);
      await s.h.register('13700137000');
      const qr = await unboundTicket(s);
      const body = (extra: Record<string, unknown>) => ({
        ticket: qr.ticket,
        action: 'register',
        phone: '13800138000',
        countryCode: 1,
        code: '000000',
        password: PASSWORD,
        nickname: 'n',
        channelId: 2,
        clientId: 'morestores',
        ...extra,
      });
      expectError(await s.wxLogin(body({})), 400, 40004);
      expect((await s.ticketRow(qr.scene)).bind_failures).toBe(1);
      expectError(await s.wxLogin(body({ password: 'password' })), 400, 40012);
      expectError(await s.wxLogin(body({ password: 'short' })), 400, 40000);
      // A taken phone with a made-up code: the code is checked first, so the same 40004 and the same try
      // counted as for any phone (no telling a registered phone: decision 045).
      expectError(await s.wxLogin(body({ phone: '13700137000' })), 400, 40004);
      expect(await s.ticketRow(qr.scene)).toMatchObject({ state: 'unbound', bind_failures: 2 });
      expect(await s.h.count('users')).toBe(1);
      expect((await s.identityRow('o-new')).user_id).toBeNull();
    });
  });

  describe('bans', () => {
    it('a banned WeChat or a banned account makes the scan end in banned', async () => {
      const s = scanHarness(getDb);
      const qr = await s.create();
      await s.scan((await s.create()).scene, 'o-banned');
      expect(await banIdentity(s.db, { tenantId: TENANT, openId: 'o-banned', now: s.h.now() })).toBe(true);
      expect(await s.scan(qr.scene, 'o-banned')).toEqual({ kind: 'banned' });
      expect(await s.status(qr.ticket)).toEqual({ status: 'banned' });
      expect(await s.scan(qr.scene, 'o-banned')).toEqual({ kind: 'banned' });
      expectError(await s.wxLogin(bindBody(qr.ticket)), 403, 40014, '账号已被封禁');

      const user = await s.boundAccount('13800138000', 'o-bound');
      await banAccount(s.db, { userId: user.userId, reason: 'spam', now: s.h.now() });
      const qr2 = await s.create();
      expect(await s.scan(qr2.scene, 'o-bound')).toEqual({ kind: 'banned' });
      const polled = await s.poll(qr2.ticket, { lang: 'en' });
      expect(polled.body.data).toEqual({ status: 'banned' });
    });

    it('a ban between scan and confirm, or between confirm and poll, ends in banned', async () => {
      const s = scanHarness(getDb);
      const user = await s.boundAccount('13800138000', 'o-bound');
      const qr = await s.create();
      const outcome = await s.scan(qr.scene, 'o-bound');
      if (outcome.kind !== 'confirm') throw new Error('expected confirm');
      await s.db.query('update users set banned_at = $1 where id = $2', [s.h.now(), user.userId]);
      expect(await confirmScan(s.db, s.confirmInput(qr.scene, outcome.confirmToken))).toBe('banned');
      expect(await s.status(qr.ticket)).toEqual({ status: 'banned' });

      await s.db.query('update users set banned_at = null where id = $1', [user.userId]);
      const qr2 = await s.create();
      const again = await s.scan(qr2.scene, 'o-bound');
      if (again.kind !== 'confirm') throw new Error('expected confirm');
      expect(await confirmScan(s.db, s.confirmInput(qr2.scene, again.confirmToken))).toBe('confirmed');
      const sessions = await s.h.count('sessions');
      await banAccount(s.db, { userId: user.userId, reason: null, now: s.h.now() });
      expect(await s.status(qr2.ticket)).toEqual({ status: 'banned' });
      expect(await s.h.count('sessions')).toBe(sessions);
    });

    it('binding a banned account answers 40014 and the ticket becomes banned', async () => {
      const s = scanHarness(getDb);
      const user = await s.h.register('13800138000');
      await banAccount(s.db, { userId: user.userId, reason: null, now: s.h.now() });
      const qr = await unboundTicket(s);
      expectError(await s.wxLogin(bindBody(qr.ticket, { code: '111111' })), 400, 40004);
      const code = await s.h.code('13800138000', 'login');
      const res = await s.wxLogin(bindBody(qr.ticket, { code }), { lang: 'en' });
      expectError(res, 403, 40014, 'Account is banned');
      expect(await s.status(qr.ticket)).toEqual({ status: 'banned' });
      expect((await s.identityRow('o-new')).user_id).toBeNull();
      expect(await s.h.count('sessions', 'revoked_at is null')).toBe(0);
    });

    it('the web login of a banned account answers 40014 (HTTP 403) after its credentials check; a ban revokes sessions', async () => {
      const s = scanHarness(getDb);
      const user = await s.h.register('13800138000');
      const login = (password: string) =>
        s.h.call('/v2/web/userlogin', { body: { phone: '13800138000', countryCode: 1, password } });
      const session = (await login(PASSWORD)).body.data as UserInfo;
      const result = await banAccount(s.db, { userId: user.userId, reason: 'fraud', now: s.h.now() });
      expect(result).toEqual({ changed: true, revokedSessions: 2 });
      expectError(await s.h.call('/v2/dm_user_base_info', { token: session.Authorization }), 401, 40002);

      expectError(await login('wrong password'), 400, 40003);
      expectError(await login(PASSWORD), 403, 40014, '账号已被封禁');
      const code = await s.h.code('13800138000', 'login');
      expectError(
        await s.h.call('/v2/web/userlogin', { body: { phone: '13800138000', countryCode: 1, code }, lang: 'en' }),
        403,
        40014,
        'Account is banned',
      );
      expect(await s.h.count('sessions', 'revoked_at is null')).toBe(0);
      // Right credentials end the back-off even when banned.
      expect(await s.h.count('login_throttles')).toBe(0);
    });
  });

  describe('validation, sweeper, documentation', () => {
    it('refuses a bad action, extra fields and a bind with a password or without a code', async () => {
      const s = scanHarness(getDb);
      const qr = await unboundTicket(s);
      expectError(await s.wxLogin({ ticket: qr.ticket, action: 'steal' }), 400, 40000);
      expectError(await s.wxLogin({ ticket: qr.ticket }), 400, 40000);
      expectError(await s.wxLogin({ ticket: qr.ticket, action: 'login', phone: '1' }), 400, 40000);
      expectError(await s.wxLogin({ ...bindBody(qr.ticket), extra: 1 }), 400, 40000);
      expectError(await s.wxLogin({ ...bindBody(qr.ticket), password: PASSWORD }), 400, 40000);
      expectError(await s.wxLogin(bindBody(qr.ticket, { code: undefined })), 400, 40000);
      expectError(await s.wxLogin({ ...bindBody(qr.ticket), ticket: 'short' }), 400, 40000);
      expectError(
        await s.wxLogin({
          ticket: qr.ticket,
          action: 'register',
          phone: '13800138000',
          countryCode: 1,
          code: '123456',
        }),
        400,
        40000,
      );
      expect(await s.ticketRow(qr.scene)).toMatchObject({ state: 'unbound', bind_failures: 0 });
      // Wrong state: a bind on a waiting code.
      const waiting = await s.create();
      expectError(await s.wxLogin(bindBody(waiting.ticket)), 409, 40021);
      expectError(await s.wxLogin(bindBody('C'.repeat(43))), 404, 40020);
    });

    it('sweeps tickets a day after they expire, and handled events once expired', async () => {
      const s = scanHarness(getDb);
      await s.create();
      await s.db.query("insert into wx_events (dedupe_key, received_at, expires_at) values ('k', $1, $2)", [
        s.h.now(),
        new Date(s.h.now().getTime() + 600_000),
      ]);
      s.h.advance(301);
      expect(await sweepExpired(s.db, s.h.now())).toMatchObject({ wx_login_tickets: 0, wx_events: 0 });
      s.h.advance(24 * 3600);
      expect(await sweepExpired(s.db, s.h.now())).toMatchObject({ wx_login_tickets: 1, wx_events: 1 });
    });

    it('documents the three calls in /api/openapi.json', async () => {
      const s = scanHarness(getDb);
      const doc = await s.h.call<never>('/openapi.json');
      const paths = (doc.body as unknown as { paths: Record<string, Record<string, { description?: string }>> }).paths;
      expect(paths['/api/v2/wx/create_login_qrcode'].post).toBeDefined();
      expect(paths['/api/v2/wx/get_qr_status'].get).toBeDefined();
      expect(paths['/api/v2/wx/userlogin'].post.description).toContain('40022');
    });
  });
});
