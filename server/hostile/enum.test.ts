// @vitest-environment node
/**
 * Enumeration by registration (decision 045): registration must not tell a registered phone from another. The same made-up-code requests
 * for a registered and an unregistered phone, on the web and with WeChat, get the same status, the same body and
 * the same time (median of 20 each); the ticket's try is counted alike; register attempts are limited per
 * address. `ENUM_MEASURE=1` adds the attack: 1,000 made-up numbers from one client, how many are told apart.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database';
import type { CreateQrInput, MessagingProvider } from '../providers/messaging/types';
import { handleScan } from '../scan-login/scan';
import { type Answer, type Harness, harness, PASSWORD } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';

vi.setConfig({ testTimeout: 120_000 });

const REGISTERED = '13800138000';
const UNREGISTERED = '13900139000';

const registration = (phone: string, extra: Record<string, unknown> = {}) => ({
  phone,
  countryCode: 1,
  code: '000000',
  password: PASSWORD,
  nickname: 'someone',
  channelId: 2,
  clientId: 'morestores',
  ...extra,
});

/** What a client sees of an answer, but the headers that differ on every request anyway. */
function seen(answer: Answer) {
  const headers = [...answer.headers.entries()].filter(([name]) => !['date', 'x-request-id'].includes(name));
  return { status: answer.status, body: JSON.stringify(answer.body), headers };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function messaging() {
  const created: CreateQrInput[] = [];
  const provider: MessagingProvider & { created: CreateQrInput[] } = {
    kind: 'simulator',
    created,
    async createQr(input) {
      created.push(input);
      return { url: `${input.origin}/wx-sim?scene=${input.scene}`, expiresIn: input.ttlSeconds };
    },
    async webhookToken() {
      return 'test-token';
    },
  };
  return provider;
}

/** A scanned QR code of a WeChat with no account: what "register with WeChat" needs. */
async function unboundTicket(h: Harness, db: Database, wx: ReturnType<typeof messaging>, openId: string, ip: string) {
  const res = await h.call<{ ticket: string }>('/v2/wx/create_login_qrcode', { body: {}, ip });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const scene = wx.created[wx.created.length - 1].scene;
  const scanned = await handleScan(db, { tenantId: 14, openId, scene, subscribed: false, now: h.now() });
  expect(scanned).toEqual({ kind: 'unbound' });
  return { ticket: res.body.data!.ticket, scene };
}

describeDatabases('hostile: registration tells no registered phone', (getDb) => {
  it('web register: same status, body, headers and time for a registered and an unregistered phone', async () => {
    const h = harness(getDb());
    await h.register(REGISTERED);
    const times: Record<string, number[]> = { [REGISTERED]: [], [UNREGISTERED]: [] };
    const answers: Record<string, ReturnType<typeof seen>[]> = { [REGISTERED]: [], [UNREGISTERED]: [] };
    for (let i = 0; i < 20; i++) {
      for (const phone of i % 2 ? [REGISTERED, UNREGISTERED] : [UNREGISTERED, REGISTERED]) {
        // A new address each time, so the per-address limit plays no part here.
        const ip = `198.51.100.${i * 2 + (phone === REGISTERED ? 1 : 2)}`;
        const started = performance.now();
        const answer = await h.call('/v2/web/register', { body: registration(phone), ip });
        times[phone].push(performance.now() - started);
        answers[phone].push(seen(answer));
      }
    }
    expect(answers[REGISTERED][0]).toEqual(answers[UNREGISTERED][0]);
    expect(answers[REGISTERED][0].body).toBe('{"code":40004,"message":"验证码错误或已过期"}');
    for (const phone of [REGISTERED, UNREGISTERED])
      for (const one of answers[phone]) expect(one).toEqual(answers[phone][0]);
    const [a, b] = [median(times[REGISTERED]), median(times[UNREGISTERED])];
    // No argon2 on either path (a hash takes ~50 ms+): both are a few queries.
    expect(Math.max(a, b)).toBeLessThan(40);
    expect(Math.abs(a - b)).toBeLessThan(Math.max(3, 0.5 * Math.max(a, b)));
    expect(await h.count('users')).toBe(1);
  });

  it('WeChat register: the same 40004 for both, and the ticket loses a try for both', async () => {
    const wx = messaging();
    const h = harness(getDb(), { messaging: wx });
    await h.register(REGISTERED);
    const seenBy: Record<string, ReturnType<typeof seen>> = {};
    for (const [n, phone] of [REGISTERED, UNREGISTERED].entries()) {
      const ip = `198.51.100.${200 + n}`;
      const qr = await unboundTicket(h, getDb(), wx, `o-enum-${n}`, ip);
      const answer = await h.call('/v2/wx/userlogin', {
        body: { ticket: qr.ticket, action: 'register', ...registration(phone) },
        ip,
      });
      seenBy[phone] = seen(answer);
      const [row] = await getDb().query<{ bind_failures: number; state: string }>(
        'select bind_failures, state from wx_login_tickets where scene = $1',
        [qr.scene],
      );
      expect(row).toEqual({ bind_failures: 1, state: 'unbound' });
    }
    expect(seenBy[REGISTERED]).toEqual(seenBy[UNREGISTERED]);
    expect(seenBy[REGISTERED].body).toBe('{"code":40004,"message":"验证码错误或已过期"}');
  });

  it('limits register attempts per address: the 11th in 10 minutes is refused with 429, web and WeChat alike', async () => {
    const wx = messaging();
    const h = harness(getDb(), { messaging: wx });
    const ip = '198.51.100.77';
    for (let i = 0; i < 10; i++) {
      const answer = await h.call('/v2/web/register', {
        body: registration(`1370013${String(i).padStart(4, '0')}`),
        ip,
      });
      expect(answer.body.code).toBe(40004);
    }
    const refused = await h.call('/v2/web/register', { body: registration(UNREGISTERED), ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const qr = await unboundTicket(h, getDb(), wx, 'o-limit', '198.51.100.78');
    const wxRefused = await h.call('/v2/wx/userlogin', {
      body: { ticket: qr.ticket, action: 'register', ...registration(UNREGISTERED) },
      ip,
    });
    expect(wxRefused.status).toBe(429);
    // Another address is not held by this one.
    expect(
      (await h.call('/v2/web/register', { body: registration(UNREGISTERED), ip: '198.51.100.79' })).body.code,
    ).toBe(40004);
  });

  describe.runIf(process.env.ENUM_MEASURE === '1')('the attack, measured', () => {
    it('1,000 made-up numbers against register with a made-up code from one client', async () => {
      const h = harness(getDb());
      const registered = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const phone = `1360013${String(i * 50).padStart(4, '0')}`;
        await h.register(phone);
        registered.add(phone);
      }
      const started = performance.now();
      const byAnswer = new Map<string, { registered: number; unregistered: number }>();
      for (let i = 0; i < 1000; i++) {
        const phone = `1360013${String(i).padStart(4, '0')}`;
        const answer = await h.call('/v2/web/register', { body: registration(phone), ip: '198.51.100.9' });
        const key = `${answer.status} ${answer.body.code}`;
        const tally = byAnswer.get(key) ?? { registered: 0, unregistered: 0 };
        tally[registered.has(phone) ? 'registered' : 'unregistered']++;
        byAnswer.set(key, tally);
      }
      // An answer given only to registered phones tells them apart.
      const toldApart = [...byAnswer.values()].reduce((sum, t) => sum + (t.unregistered === 0 ? t.registered : 0), 0);
      console.log(
        `[enum] ${((performance.now() - started) / 1000).toFixed(1)} s; answers: ${JSON.stringify(Object.fromEntries(byAnswer))}; registered phones told apart: ${toldApart} of ${registered.size}`,
      );
    });
  });
});
