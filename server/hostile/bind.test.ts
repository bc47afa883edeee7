// @vitest-environment node
/**
 * A hijacked WeChat binding, as an attacker tried it: a victim's live login QR code, seen over a shoulder or on a shared
 * screen, is scanned first by the attacker's WeChat; the victim's panel offers "This WeChat is not bound · Bind
 * now". Before: the victim's phone + password bound the attacker's WeChat to the victim's account, for good (a
 * password reset kept it), with no word to the victim. Now: only an SMS code to the account's phone binds, every
 * binding sends the account an SMS notice (recorded by the fake SMS gateway), a reset removes a binding of the last
 * 24 hours unless the seller keeps it, and `npm run admin -- unbind-wechat` removes one.
 */
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { main as admin } from '../../scripts/admin';
import type { Database } from '../db/database';
import type { CreateQrInput, MessagingProvider } from '../providers/messaging/types';
import { createHttpGateway } from '../providers/sms/http-gateway';
import { handleScan } from '../scan-login/scan';
import { harness, PASSWORD } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';
import { type FakeSmsGateway, startFakeSmsGateway } from '../testing/fake-sms-gateway';

vi.setConfig({ testTimeout: 30_000 });

const TENANT = 14;
const VICTIM = '13800138000';
const ATTACKER = 'o-attacker-wechat';

let gateway: FakeSmsGateway;
beforeAll(async () => {
  gateway = await startFakeSmsGateway('hostile-bind-gateway-key');
});
afterAll(() => gateway.close());
beforeEach(() => {
  gateway.messages.length = 0;
});

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

function setup(db: Database) {
  const platform = messaging();
  const h = harness(db, {
    messaging: platform,
    sms: createHttpGateway({ url: gateway.url, key: 'hostile-bind-gateway-key' }),
  });

  /** Sends a code through the API (captcha and all) and reads it from what the gateway received. */
  async function code(phone: string, purpose: 'register' | 'login' | 'reset') {
    const sent = await h.sendCode(phone, purpose);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const message = gateway.messages.findLast((m) => m.phone === phone && m.purpose === purpose);
    expect(message?.code).toMatch(/^\d{6}$/);
    h.advance(61);
    return message?.code as string;
  }

  async function victimAccount() {
    const registered = await h.call<{ userId: number }>('/v2/web/register', {
      body: {
        phone: VICTIM,
        countryCode: 1,
        code: await code(VICTIM, 'register'),
        password: PASSWORD,
        nickname: 'victim',
        channelId: 2,
        clientId: 'morestores',
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    return registered.body.data!.userId;
  }

  /** The victim's login page shows a code; the attacker's WeChat scans it first. */
  async function codeScannedByAttacker() {
    const qr = await h.call<{ ticket: string }>('/v2/wx/create_login_qrcode', { body: {} });
    expect(qr.status).toBe(200);
    const scene = platform.created[platform.created.length - 1].scene;
    const outcome = await handleScan(db, {
      tenantId: TENANT,
      openId: ATTACKER,
      scene,
      subscribed: false,
      now: h.now(),
    });
    expect(outcome.kind).toBe('unbound');
    return qr.body.data!.ticket;
  }

  /** What the attacker's next scan of a fresh code of the victim's site gives: 'confirm' means it logs in. */
  async function attackerScansAgain() {
    await h.call('/v2/wx/create_login_qrcode', { body: {} });
    const scene = platform.created[platform.created.length - 1].scene;
    const outcome = await handleScan(db, {
      tenantId: TENANT,
      openId: ATTACKER,
      scene,
      subscribed: false,
      now: h.now(),
    });
    return outcome.kind;
  }

  async function boundTo(): Promise<number | null> {
    const [row] = await db.query<{ user_id: number | null }>(
      'select user_id from wx_identities where tenant_id = $1 and open_id = $2',
      [TENANT, ATTACKER],
    );
    return row?.user_id === null || row?.user_id === undefined ? null : Number(row.user_id);
  }

  /** The victim binds, as the panel now asks: phone + SMS code sent to the phone. */
  async function bindWithCode(ticket: string) {
    const res = await h.call('/v2/wx/userlogin', {
      body: { ticket, action: 'bind', phone: VICTIM, countryCode: 1, code: await code(VICTIM, 'login') },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  async function reset(extra: Record<string, unknown> = {}) {
    const res = await h.call('/v2/web/modpsw', {
      body: {
        phone: VICTIM,
        countryCode: 1,
        code: await code(VICTIM, 'reset'),
        password: 'a brand new secret',
        ...extra,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  return { h, code, victimAccount, codeScannedByAttacker, attackerScansAgain, boundTo, bindWithCode, reset };
}

describeDatabases('hostile: hijacking a WeChat binding', (getDb) => {
  it("the victim's password on a code the attacker scanned binds nothing, and gives no session", async () => {
    const s = setup(getDb());
    await s.victimAccount();
    const ticket = await s.codeScannedByAttacker();
    const res = await s.h.call<{ userId?: number }>('/v2/wx/userlogin', {
      body: { ticket, action: 'bind', phone: VICTIM, countryCode: 1, password: PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body.data?.userId).toBeUndefined();
    expect(await s.boundTo()).toBeNull();
    expect(await s.h.count('sessions')).toBe(1); // the registration's only
    expect(await s.attackerScansAgain()).toBe('unbound');
  });

  it("with the SMS code sent to the victim's phone it binds, and the phone gets an SMS notice", async () => {
    const s = setup(getDb());
    const victim = await s.victimAccount();
    const ticket = await s.codeScannedByAttacker();
    const wrong = await s.h.call('/v2/wx/userlogin', {
      body: { ticket, action: 'bind', phone: VICTIM, countryCode: 1, code: '000000' },
    });
    expect(wrong.body.code).toBe(40004);
    expect(await s.boundTo()).toBeNull();

    await s.bindWithCode(ticket);
    expect(await s.boundTo()).toBe(victim);
    const notices = gateway.messages.filter((m) => m.purpose === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ phone: VICTIM, template: 'notice', code: '', language: 'zh' });
    expect(notices[0].text).toContain('【星达通】');
    expect(notices[0].text).toContain('绑定了一个微信');
    expect(notices[0].text).toContain('重置密码');
  });

  it('registering with WeChat on a code the attacker scanned also sends the phone the notice', async () => {
    const s = setup(getDb());
    const ticket = await s.codeScannedByAttacker();
    const res = await s.h.call<{ userId: number }>('/v2/wx/userlogin', {
      body: {
        ticket,
        action: 'register',
        phone: '13900139000',
        countryCode: 1,
        code: await s.code('13900139000', 'register'),
        password: PASSWORD,
        nickname: 'newcomer',
        channelId: 2,
        clientId: 'morestores',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await s.boundTo()).toBe(res.body.data?.userId);
    const notices = gateway.messages.filter((m) => m.purpose === 'notice');
    expect(notices.map((m) => m.phone)).toEqual(['13900139000']);
  });

  it('a password reset removes a binding of the last 24 hours: the attacker no longer logs in', async () => {
    const s = setup(getDb());
    await s.victimAccount();
    await s.bindWithCode(await s.codeScannedByAttacker());
    expect(await s.attackerScansAgain()).toBe('confirm');
    s.h.advance(3600);
    await s.reset();
    expect(await s.boundTo()).toBeNull();
    expect(await s.attackerScansAgain()).toBe('unbound');
  });

  it('a reset keeps the recent binding when the seller asks, and an older one always', async () => {
    const s = setup(getDb());
    const victim = await s.victimAccount();
    await s.bindWithCode(await s.codeScannedByAttacker());
    await s.reset({ keepWechat: true });
    expect(await s.boundTo()).toBe(victim);
    s.h.advance(25 * 3600);
    await s.reset();
    expect(await s.boundTo()).toBe(victim);
  });

  it('npm run admin -- unbind-wechat --phone removes the binding', async () => {
    const db = getDb();
    const s = setup(db);
    await s.victimAccount();
    await s.bindWithCode(await s.codeScannedByAttacker());
    const out: string[] = [];
    const err: string[] = [];
    const code = await admin(['unbind-wechat', '--phone', VICTIM], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      db,
      now: s.h.now,
    });
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out.join('\n')).toContain(ATTACKER);
    expect(await s.boundTo()).toBeNull();
    expect(await s.attackerScansAgain()).toBe('unbound');
  });
});
