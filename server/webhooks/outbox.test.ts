// @vitest-environment node
/**
 * Outgoing webhooks on PGlite and PostgreSQL: the console's calls (register with the secret once, refusals,
 * deliveries, resend, delete, the audit), Standard Webhooks signatures checked by the `standardwebhooks` Webhook
 * class against a real receiver on loopback, order per endpoint, back-off with a moved clock, a day of failures,
 * one event per register / login / QR login / WeChat register / ban through the real API, and a sign-in that does
 * not wait for an endpoint that hangs.
 */
import { Hono } from 'hono';
import { Webhook } from 'standardwebhooks';
import { afterEach, expect, it, vi } from 'vitest';
import { ApiError, errorResponse } from '../api/http';
import { readSettings } from '../config/settings';
import type { ConsoleEnv } from '../console/deps';
import { webhooksApi } from '../console/webhooks-api';
import type { Database } from '../db/database';
import type { RateLimiter } from '../limits/rate-limiter';
import { scrape } from '../ops/metrics';
import type { CreateQrInput, MessagingProvider } from '../providers/messaging/types';
import { banAccount } from '../scan-login/bans';
import { confirmScan } from '../scan-login/confirm';
import { handleScan } from '../scan-login/scan';
import { harness, PASSWORD, START } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';
import { type Receiver, startReceiver } from '../testing/webhook-receiver';
import { enqueueWebhookEvent } from './events';
import {
  MAX_ATTEMPTS,
  oldestPendingSeconds,
  RETRY_SECONDS,
  runWebhookOutbox,
  type Sender,
  type SendResult,
  startWebhookOutbox,
} from './outbox';

/** `portal_webhook_deliveries_total{event="user.registered", outcome}` in a scrape. */
async function delivered(outcome: string): Promise<number> {
  const line = (await scrape())
    .split('\n')
    .find((l) => l.startsWith(`portal_webhook_deliveries_total{event="user.registered",outcome="${outcome}"}`));
  return Number(line?.split(' ').at(-1));
}

vi.setConfig({ testTimeout: 30_000 });

const receivers: Receiver[] = [];
const stops: (() => void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  for (const receiver of receivers.splice(0)) await receiver.close();
});

async function receiver(answer?: Parameters<typeof startReceiver>[0]) {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

interface Envelope<T = unknown> {
  code: number;
  message: string;
  data?: T;
}

/** The console's webhook calls as the owner (the session and CSRF checks are console-core's, not tested here). */
function consoleCalls(
  db: Database,
  clock: { now: Date },
  env: Record<string, string> = { WEBHOOK_ALLOW_PRIVATE: '1' },
) {
  const settings = readSettings({ NODE_ENV: 'development', ...env });
  const app = new Hono<ConsoleEnv>();
  app.onError((error, c) => (error instanceof ApiError ? errorResponse(c, error) : c.text(String(error), 500)));
  app.use(async (c, next) => {
    c.set('operator', { id: 7, name: 'olivia', role: 'owner' });
    c.set('address', '198.51.100.7');
    await next();
  });
  app.route('/console/api', webhooksApi({ db, settings, now: () => clock.now, limiter: {} as RateLimiter }));
  return async <T = unknown>(path: string, body?: unknown, lang: 'zh' | 'en' = 'zh') => {
    const res = await app.request(`http://console.test/console/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': lang },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  };
}

interface Created {
  id: string;
  url: string;
  events: string[];
  secret: string;
}
interface Delivery {
  id: string;
  event: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastResponse: string | null;
  nextAttemptAt: string | null;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
}

async function seedUser(db: Database, phone: string, at: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into users (tenant_id, country_code, phone, nickname, password_hash, channel_id, client_id, invite_code,
                        registe_info, created_ip, created_at, password_changed_at)
     values (14, 1, $1, $2, 'x', 3, 'morestores', 'INV9', $3::jsonb, '203.0.113.1', $4, $4) returning id`,
    [phone, `seller ${phone.slice(-4)}`, JSON.stringify({ bd_vid: 'clk1', utm_term: '短视频' }), at],
  );
  return row.id;
}

async function event(
  db: Database,
  userId: number,
  at: Date,
  type: 'user.registered' | 'user.banned' = 'user.registered',
) {
  await db.transaction((tx) => enqueueWebhookEvent(tx, type, { id: userId }, {}, at));
}

const deliveries = (db: Database) =>
  db.query<{ message_id: string; state: string; attempts: number; endpoint_id: number }>(
    'select message_id, state, attempts, endpoint_id from webhook_deliveries order by id',
  );

describeDatabases('outgoing webhooks', (getDb) => {
  it('registers an endpoint with its secret once, refuses a private or http URL without the setting, audits without the secret', async () => {
    const db = getDb();
    const clock = { now: new Date(START) };
    const strict = consoleCalls(db, clock, {});
    for (const url of [
      'http://crm.example.com/hook',
      'https://127.0.0.1/hook',
      'https://10.0.0.8/hook',
      'https://localhost/hook',
    ]) {
      const refused = await strict('/webhooks', { url, events: ['user.registered'] }, 'en');
      expect(refused.status, url).toBe(400);
      expect(refused.body.code).toBe(40130);
      expect(refused.body.message).not.toBe('');
    }
    expect(await db.query('select 1 from webhook_endpoints')).toHaveLength(0);
    const bad = await strict('/webhooks', { url: 'https://crm.example.com/', events: ['user.nope'] });
    expect(bad.status).toBe(400);

    const call = consoleCalls(db, clock);
    const created = await call<Created>('/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['user.banned', 'user.registered'],
      description: 'CRM',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      url: 'http://127.0.0.1:9/hook',
      events: ['user.registered', 'user.banned'],
      description: 'CRM',
      createdAt: START.toISOString(),
    });
    const secret = created.body.data!.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    const listed = await call<{ items: Record<string, unknown>[] }>('/webhooks');
    expect(listed.body.data!.items).toEqual([
      {
        id: created.body.data!.id,
        url: 'http://127.0.0.1:9/hook',
        events: ['user.registered', 'user.banned'],
        description: 'CRM',
        createdAt: START.toISOString(),
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(6));

    // An event, then the endpoint removed: its pending delivery is dropped, the calls answer 404.
    await event(db, await seedUser(db, '13800138000', clock.now), clock.now);
    const removed = await call(`/webhooks/${created.body.data!.id}/delete`, {});
    expect(removed.status).toBe(200);
    expect((await deliveries(db))[0].state).toBe('failed');
    expect((await call<{ items: unknown[] }>('/webhooks')).body.data!.items).toEqual([]);
    const again = await call(`/webhooks/${created.body.data!.id}/delete`, {});
    expect([again.status, again.body.code]).toEqual([404, 40405]);
    expect((await call(`/webhooks/${created.body.data!.id}/deliveries`)).body.code).toBe(40405);
    expect((await call('/webhooks/abc/deliveries')).status).toBe(404);

    const audit = await db.query<{
      action: string;
      operator_name: string;
      address: string;
      before: unknown;
      after: unknown;
    }>('select action, operator_name, address, before, after from operator_audit order by id');
    expect(audit.map((a) => [a.action, a.operator_name, a.address])).toEqual([
      ['webhook.create', 'olivia', '198.51.100.7'],
      ['webhook.delete', 'olivia', '198.51.100.7'],
    ]);
    expect(audit[0].after).toMatchObject({
      url: 'http://127.0.0.1:9/hook',
      events: ['user.registered', 'user.banned'],
    });
    expect(audit[1].after).toEqual({ droppedDeliveries: 1 });
    expect(JSON.stringify(audit)).not.toContain('whsec_');
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6, 20));
  });

  it('signs each delivery so the standardwebhooks Webhook class verifies it, with the CRM data in the payload', async () => {
    const db = getDb();
    const clock = { now: new Date() };
    const target = await receiver();
    const call = consoleCalls(db, clock);
    const created = await call<Created>('/webhooks', { url: target.url, events: ['user.registered'] });
    const userId = await seedUser(db, '13800138000', clock.now);
    await event(db, userId, clock.now);
    await event(db, userId, clock.now, 'user.banned'); // not subscribed: no delivery
    expect(await deliveries(db)).toHaveLength(1);
    expect(await runWebhookOutbox(db, { webhookAllowPrivate: true }, () => new Date())).toBe(1);
    expect(target.received).toHaveLength(1);
    const [request] = target.received;
    const headers = {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    };
    expect(headers['webhook-id']).toMatch(/^msg_[\w-]{24}$/);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(request.headers['content-type']).toBe('application/json');
    const verified = new Webhook(created.body.data!.secret).verify(request.body, headers);
    expect(verified).toEqual({
      type: 'user.registered',
      timestamp: clock.now.toISOString(),
      data: {
        userId: String(userId),
        brand: 'starreach',
        countryCode: 1,
        phone: '13800138000',
        nickname: 'seller 8000',
        channelId: 3,
        inviteCode: 'INV9',
        registeInfo: { bd_vid: 'clk1', utm_term: '短视频' },
        signupMethod: null,
        registeredAt: clock.now.toISOString(),
      },
    });
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(request.body, headers),
    ).toThrow();
    const list = await call<{ items: Delivery[] }>(`/webhooks/${created.body.data!.id}/deliveries`);
    expect(list.body.data!.items).toMatchObject([
      {
        id: headers['webhook-id'],
        event: 'user.registered',
        state: 'delivered',
        attempts: 1,
        lastStatus: 200,
        lastResponse: 'answer 200',
        nextAttemptAt: null,
      },
    ]);
  });

  it('one at a time per endpoint and in order; another endpoint is not held back', async () => {
    const db = getDb();
    let now = new Date(START);
    const failing = await receiver((_r, index) => (index === 0 ? 500 : 200));
    const healthy = await receiver();
    const call = consoleCalls(db, { now });
    await call('/webhooks', { url: failing.url, events: ['user.registered'] });
    await call('/webhooks', { url: healthy.url, events: ['user.registered'] });
    for (const phone of ['13800000001', '13800000002', '13800000003'])
      await event(db, await seedUser(db, phone, now), now);
    const run = () => runWebhookOutbox(db, { webhookAllowPrivate: true }, () => now);
    const phones = (r: Receiver) => r.received.map((x) => (JSON.parse(x.body) as Delivery['payload']).data.phone);

    expect(await oldestPendingSeconds(db, new Date(now.getTime() + 90_000))).toBe(90);
    await run();
    // Each endpoint got only its first; the failing one waits 5 s before its first again.
    expect(phones(failing)).toEqual(['13800000001']);
    expect(phones(healthy)).toEqual(['13800000001']);
    await run();
    await run();
    expect(phones(healthy)).toEqual(['13800000001', '13800000002', '13800000003']);
    expect(phones(failing)).toEqual(['13800000001']);
    now = new Date(now.getTime() + 4_000);
    expect(await run()).toBe(0);
    now = new Date(now.getTime() + 1_000);
    while (await run());
    expect(phones(failing)).toEqual(['13800000001', '13800000001', '13800000002', '13800000003']);
    // The retry carried the same webhook-id.
    expect(failing.received[1].headers['webhook-id']).toBe(failing.received[0].headers['webhook-id']);
    expect((await deliveries(db)).every((d) => d.state === 'delivered')).toBe(true);
  });

  it('retries with back-off for about a day, then the delivery has failed; a resend keeps its webhook-id', async () => {
    const db = getDb();
    const clock = { now: new Date(START) };
    let status = 503;
    const target = await receiver(() => status);
    const call = consoleCalls(db, clock);
    const created = await call<Created>('/webhooks', { url: target.url, events: ['user.registered'] });
    await event(db, await seedUser(db, '13800138000', clock.now), clock.now);
    const run = () => runWebhookOutbox(db, { webhookAllowPrivate: true }, () => clock.now);
    const counted = { retry: await delivered('retry'), failed: await delivered('failed') };
    const tries: number[] = [];
    for (let i = 0; i < 40 && (await deliveries(db))[0].state === 'pending'; i++) {
      if ((await run()) > 0) tries.push((clock.now.getTime() - START.getTime()) / 1000);
      clock.now = new Date(clock.now.getTime() + 1000 * 60);
      // Jump to the next try's time (never past it).
      const [next] = await db.query<{ next_attempt_at: Date }>('select next_attempt_at from webhook_deliveries');
      if (next.next_attempt_at > clock.now) clock.now = new Date(next.next_attempt_at);
    }
    expect(tries).toHaveLength(MAX_ATTEMPTS);
    const waits = tries.slice(1).map((t, i) => t - tries[i]);
    // Each wait is the schedule's (60 s for the 5 s one: the loop steps by a minute).
    expect(waits).toEqual(RETRY_SECONDS.map((s) => Math.max(s, 60)));
    expect(tries[tries.length - 1]).toBeGreaterThan(24 * 3600);
    const [failed] = await deliveries(db);
    expect(failed).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect(await delivered('retry')).toBe(counted.retry + MAX_ATTEMPTS - 1);
    expect(await delivered('failed')).toBe(counted.failed + 1);
    expect(await oldestPendingSeconds(db, clock.now)).toBe(0);
    expect(await run()).toBe(0);
    const ids = new Set(target.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);

    const list = await call<{ items: Delivery[] }>(`/webhooks/${created.body.data!.id}/deliveries`);
    expect(list.body.data!.items[0]).toMatchObject({
      state: 'failed',
      lastStatus: 503,
      lastResponse: 'answer 503',
      nextAttemptAt: null,
    });
    status = 200;
    const resent = await call<Delivery>(
      `/webhooks/${created.body.data!.id}/deliveries/${failed.message_id}/resend`,
      {},
    );
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.data).toMatchObject({
      id: failed.message_id,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: clock.now.toISOString(),
    });
    expect(await run()).toBe(1);
    expect(target.received.at(-1)?.headers['webhook-id']).toBe(failed.message_id);
    expect((await deliveries(db))[0]).toMatchObject({ state: 'delivered', attempts: 1 });
    const [audit] = await db.query<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      "select action, before, after from operator_audit where action = 'webhook.resend'",
    );
    expect(audit.before).toMatchObject({ webhookId: failed.message_id, state: 'failed', attempts: MAX_ATTEMPTS });
    expect(audit.after).toMatchObject({ webhookId: failed.message_id, state: 'pending', attempts: 0 });
    const missing = await call(`/webhooks/${created.body.data!.id}/deliveries/msg_nope/resend`, {});
    expect([missing.status, missing.body.code]).toEqual([404, 40406]);
  });

  it('removing an endpoint while a delivery is in flight ends it: nothing more is sent to it', async () => {
    const db = getDb();
    const clock = { now: new Date(START) };
    const call = consoleCalls(db, clock);
    const created = await call<Created>('/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['user.registered'] });
    for (const phone of ['13800000001', '13800000002'])
      await event(db, await seedUser(db, phone, clock.now), clock.now);
    const sent: string[] = [];
    let answer: (result: SendResult) => void = () => {};
    const send: Sender = async (_url, headers) => {
      sent.push(headers['webhook-id']);
      return new Promise((resolve) => {
        answer = resolve;
      });
    };
    const running = runWebhookOutbox(db, { webhookAllowPrivate: true }, () => clock.now, send);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect((await call(`/webhooks/${created.body.data!.id}/delete`, {})).status).toBe(200);
    answer({ status: 500, text: 'down' });
    await running;
    expect((await deliveries(db)).map((d) => d.state)).toEqual(['failed', 'failed']);
    clock.now = new Date(clock.now.getTime() + 86_400_000);
    expect(await runWebhookOutbox(db, { webhookAllowPrivate: true }, () => clock.now, send)).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('two workers at once send one delivery per endpoint; a claim left by a dead process is sent again after its lease', async () => {
    const db = getDb();
    const clock = { now: new Date(START) };
    const call = consoleCalls(db, clock);
    await call('/webhooks', { url: 'http://127.0.0.1:9/a', events: ['user.registered'] });
    await call('/webhooks', { url: 'http://127.0.0.1:9/b', events: ['user.registered'] });
    for (const phone of ['13800000001', '13800000002'])
      await event(db, await seedUser(db, phone, clock.now), clock.now);
    const sent: string[] = [];
    const answers: ((result: SendResult) => void)[] = [];
    const send: Sender = async (url, headers) => {
      sent.push(`${url} ${headers['webhook-id']}`);
      return new Promise((resolve) => answers.push(resolve));
    };
    const run = () => runWebhookOutbox(db, { webhookAllowPrivate: true }, () => clock.now, send);
    const running = [run(), run(), run()];
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(await run()).toBe(0);
    expect(sent.map((s) => s.split(' ')[0]).sort()).toEqual(['http://127.0.0.1:9/a', 'http://127.0.0.1:9/b']);
    // The process "dies": its answers never come. Within the lease nothing is sent again; after it, the same ids.
    clock.now = new Date(START.getTime() + 29_000);
    expect(await run()).toBe(0);
    clock.now = new Date(START.getTime() + 31_000);
    const again = run();
    await vi.waitFor(() => expect(sent).toHaveLength(4));
    expect(sent.slice(2).sort()).toEqual(sent.slice(0, 2).sort());
    for (const answer of answers) answer({ status: 200, text: 'ok' });
    await Promise.all([...running, again]);
    // The first event of each endpoint delivered (tried twice), the second still waiting its turn.
    expect((await deliveries(db)).map((d) => [d.state, d.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 2],
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('pages the deliveries newest first with a cursor', async () => {
    const db = getDb();
    const clock = { now: new Date(START) };
    const call = consoleCalls(db, clock);
    const created = await call<Created>('/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['user.registered'] });
    for (const phone of ['13800000001', '13800000002', '13800000003'])
      await event(db, await seedUser(db, phone, clock.now), clock.now);
    const path = `/webhooks/${created.body.data!.id}/deliveries`;
    const first = await call<{ items: Delivery[]; nextCursor: string | null }>(`${path}?limit=2`);
    expect(first.body.data!.items.map((d) => d.payload.data.phone)).toEqual(['13800000003', '13800000002']);
    const second = await call<{ items: Delivery[]; nextCursor: string | null }>(
      `${path}?limit=2&cursor=${first.body.data!.nextCursor}`,
    );
    expect(second.body.data!.items.map((d) => d.payload.data.phone)).toEqual(['13800000001']);
    expect(second.body.data!.nextCursor).toBeNull();
    expect((await call(`${path}?cursor=x`)).status).toBe(400);
  });

  it('register, password login, SMS login, QR login, WeChat register and ban each raise exactly one event', async () => {
    const db = getDb();
    const created: CreateQrInput[] = [];
    const messaging: MessagingProvider = {
      kind: 'simulator',
      async createQr(input) {
        created.push(input);
        return { url: `${input.origin}/wx-sim?scene=${input.scene}`, expiresIn: input.ttlSeconds };
      },
      async webhookToken() {
        return 'test-token';
      },
    };
    const h = harness(db, { messaging });
    const call = consoleCalls(db, { now: h.now() });
    await call('/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['user.registered', 'user.logged_in', 'user.banned'],
    });
    const events = async () =>
      (
        await db.query<{
          event: string;
          payload: Delivery['payload'];
        }>(`select m.event, m.payload from webhook_messages m
          order by (select min(d.id) from webhook_deliveries d where d.message_id = m.id)`)
      ).map((m) => `${m.event}${m.payload.data.method ? `/${m.payload.data.method}` : ''} ${m.payload.data.phone}`);

    const user = await h.register('13800138000', { inviteCode: 'INV1', registeInfo: { bd_vid: 'b1' } });
    expect(await events()).toEqual(['user.registered 13800138000']);
    const [message] = await db.query<{ payload: Delivery['payload'] }>('select payload from webhook_messages');
    expect(message.payload.data).toMatchObject({
      userId: String(user.userId),
      inviteCode: 'INV1',
      registeInfo: { bd_vid: 'b1' },
      channelId: 2,
    });

    const login = await h.call('/v2/web/userlogin', {
      body: { phone: '13800138000', countryCode: 1, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const wrong = await h.call('/v2/web/userlogin', {
      body: { phone: '13800138000', countryCode: 1, password: 'wrong password 1' },
    });
    expect(wrong.status).not.toBe(200);
    const code = await h.code('13800138000', 'login');
    expect((await h.call('/v2/web/userlogin', { body: { phone: '13800138000', countryCode: 1, code } })).status).toBe(
      200,
    );
    expect((await events()).slice(1)).toEqual([
      'user.logged_in/password 13800138000',
      'user.logged_in/sms 13800138000',
    ]);

    // QR login of a bound WeChat: scan, confirm, the poll hands out the session.
    await db.query(
      'insert into wx_identities (tenant_id, open_id, nickname, user_id, created_at, bound_at) values (14, $1, $2, $3, $4, $4)',
      ['o-bound', 'wx', user.userId, h.now()],
    );
    const qr = (await h.call<{ ticket: string }>('/v2/wx/create_login_qrcode', { body: {} })).body.data!;
    const scan = await handleScan(db, {
      tenantId: 14,
      openId: 'o-bound',
      scene: created[0].scene,
      subscribed: false,
      now: h.now(),
    });
    if (scan.kind !== 'confirm') throw new Error(`expected confirm, got ${scan.kind}`);
    expect(
      await confirmScan(db, { tenantId: 14, scene: created[0].scene, confirmToken: scan.confirmToken, now: h.now() }),
    ).toBe('confirmed');
    const handed = await h.call<{ status: string }>(`/v2/wx/get_qr_status?ticket=${encodeURIComponent(qr.ticket)}`);
    expect(handed.body.data?.status).toBe('bound');
    expect((await events()).slice(3)).toEqual(['user.logged_in/wechat 13800138000']);

    // Register with WeChat: one registration, no login event.
    h.advance(61);
    const qr2 = (await h.call<{ ticket: string }>('/v2/wx/create_login_qrcode', { body: {}, ip: '203.0.113.9' })).body
      .data!;
    expect(
      await handleScan(db, { tenantId: 14, openId: 'o-new', scene: created[1].scene, subscribed: false, now: h.now() }),
    ).toEqual({ kind: 'unbound' });
    const registered = await h.call('/v2/wx/userlogin', {
      body: {
        ticket: qr2.ticket,
        action: 'register',
        phone: '13900139000',
        countryCode: 1,
        code: await h.code('13900139000', 'register'),
        password: PASSWORD,
        nickname: '微信用户',
        channelId: 2,
        clientId: 'morestores',
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect((await events()).slice(4)).toEqual(['user.registered 13900139000']);

    // The ban (what npm run admin -- ban calls): once, not again for a second ban of the same account.
    await banAccount(db, { userId: user.userId, reason: 'spam', now: h.now() });
    await banAccount(db, { userId: user.userId, reason: 'spam again', now: h.now() });
    expect((await events()).slice(5)).toEqual(['user.banned 13800138000']);
    const [ban] = await db.query<{ payload: Delivery['payload'] }>(
      "select payload from webhook_messages where event = 'user.banned'",
    );
    expect(ban.payload.data.reason).toBe('spam');
    expect(await db.query('select 1 from webhook_deliveries')).toHaveLength(6);
  });

  it('a sign-in answers at once while the endpoint hangs on an earlier delivery', async () => {
    const db = getDb();
    const hanging = await receiver(() => 'hold');
    const h = harness(db);
    await consoleCalls(db, { now: h.now() })('/webhooks', { url: hanging.url, events: ['user.logged_in'] });
    await h.register('13800138000');
    const body = { phone: '13800138000', countryCode: 1, password: PASSWORD };
    expect((await h.call('/v2/web/userlogin', { body })).status).toBe(200);
    stops.push(startWebhookOutbox(db, { webhookAllowPrivate: true }, () => new Date(), 50));
    await hanging.waitFor(1);
    const started = performance.now();
    const login = await h.call('/v2/web/userlogin', { body });
    const took = performance.now() - started;
    expect(login.status).toBe(200);
    expect(took).toBeLessThan(3000);
    // The second event waits behind the first, which is still in flight.
    expect(hanging.received).toHaveLength(1);
    expect((await deliveries(db)).map((d) => d.state)).toEqual(['pending', 'pending']);
    hanging.release(200);
    await hanging.waitFor(2);
    expect(hanging.received[1].headers['webhook-id']).not.toBe(hanging.received[0].headers['webhook-id']);
  });
});
