// @vitest-environment node
/**
 * The messaging providers on their own: the webhook signature, the XML reader and writers, the platform
 * adapter against a local fake of the platform API (token cache lifetime, refetch on a token error, single
 * flight, QR creation, errors) and the simulator's address and token rules.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readSettings } from '../../config/settings';
import { describeDatabases } from '../../testing/databases';
import { type FakePlatform, startFakePlatform } from '../../testing/fake-messaging-platform';
import { createMessagingProvider } from './index';
import { createPlatformProvider, PlatformError } from './platform';
import { verifyWebhookSignature, webhookSignature } from './signature';
import { createSimulatorProvider, SIMULATOR_TOKEN_KEY, simulatorOrigin } from './simulator';
import { buildEventXml, buildTextReply, MAX_XML_BYTES, parseFlatXml, XmlError } from './xml';

describe('webhook signature', () => {
  it('is the SHA-1 of the sorted token, timestamp and nonce (vectors computed with sha1sum)', () => {
    expect(webhookSignature('token', '1409304348', 'nonce123')).toBe('e22481cb3e0b6503c7011fea6890b053c85dd7c8');
    // Sorted by code unit: "9" < "Aa" < "b".
    expect(webhookSignature('b', '9', 'Aa')).toBe('5b3e8b75ffe5c85a45bfe01d0f1efa5cd47693a9');
  });

  it('accepts the right signature in either case and refuses anything else', () => {
    const right = 'e22481cb3e0b6503c7011fea6890b053c85dd7c8';
    expect(verifyWebhookSignature('token', '1409304348', 'nonce123', right)).toBe(true);
    expect(verifyWebhookSignature('token', '1409304348', 'nonce123', right.toUpperCase())).toBe(true);
    expect(verifyWebhookSignature('token', '1409304349', 'nonce123', right)).toBe(false);
    expect(verifyWebhookSignature('other', '1409304348', 'nonce123', right)).toBe(false);
    expect(verifyWebhookSignature('token', '1409304348', 'nonce123', undefined)).toBe(false);
    expect(verifyWebhookSignature('token', '1409304348', 'nonce123', right.slice(1))).toBe(false);
    expect(verifyWebhookSignature('token', '1409304348', 'nonce123', `${right.slice(0, 39)}g`)).toBe(false);
  });
});

describe('platform XML', () => {
  const event =
    '<xml><ToUserName><![CDATA[gh_123]]></ToUserName><FromUserName><![CDATA[oABC]]></FromUserName>' +
    '<CreateTime>1700000000</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe]]></Event>' +
    '<EventKey><![CDATA[qrscene_Labc]]></EventKey><Ticket><![CDATA[TICKET]]></Ticket></xml>';

  it('reads a flat event document with CDATA and plain text values', () => {
    expect(parseFlatXml(event)).toEqual({
      ToUserName: 'gh_123',
      FromUserName: 'oABC',
      CreateTime: '1700000000',
      MsgType: 'event',
      Event: 'subscribe',
      EventKey: 'qrscene_Labc',
      Ticket: 'TICKET',
    });
    expect(
      parseFlatXml(
        '<?xml version="1.0"?>\n<xml>\n  <Content>a &amp; b &lt;c&gt; &#20320;&#x597d;</Content>\n  <Empty></Empty>\n</xml>\n',
      ),
    ).toEqual({ Content: 'a & b <c> 你好', Empty: '' });
    // Nested elements (menu events) are skipped, the rest is read.
    expect(parseFlatXml('<xml><A>1</A><ScanCodeInfo><ScanType>qr</ScanType></ScanCodeInfo><B>2</B></xml>')).toEqual({
      A: '1',
      B: '2',
    });
  });

  it('refuses entities, DOCTYPEs, oversized and malformed documents', () => {
    const bad = [
      '<!DOCTYPE xml [<!ENTITY a "aaaa">]><xml><A>&a;</A></xml>',
      '<xml><A>&a;</A></xml>',
      '<xml><A>a & b</A></xml>',
      '<xml><A>1</xml>',
      '<xml><A><![CDATA[1</A></xml>',
      '<xml><A x="1">1</A></xml>',
      '<xml>text</xml>',
      '<root><A>1</A></root>',
      '',
      'not xml',
      `<xml><A>${'x'.repeat(MAX_XML_BYTES)}</A></xml>`,
      '<xml><A>&#0;</A></xml>',
    ];
    for (const input of bad) expect(() => parseFlatXml(input), input.slice(0, 60)).toThrow(XmlError);
  });

  it('writes a passive text reply and an event that the reader reads back', () => {
    const reply = buildTextReply({ to: 'oABC', from: 'gh_123', createTime: 1700000000.7, content: '点这里 ]]> <a>' });
    expect(reply).toBe(
      '<xml><ToUserName><![CDATA[oABC]]></ToUserName><FromUserName><![CDATA[gh_123]]></FromUserName>' +
        '<CreateTime>1700000000</CreateTime><MsgType><![CDATA[text]]></MsgType>' +
        '<Content><![CDATA[点这里 ]]]]><![CDATA[> <a>]]></Content></xml>',
    );
    expect(parseFlatXml(reply).Content).toBe('点这里 ]]> <a>');
    const built = buildEventXml({
      to: 'gh_123',
      from: 'oABC',
      createTime: 1700000000,
      event: 'subscribe',
      eventKey: 'qrscene_Labc',
      ticket: 'TICKET',
    });
    expect(parseFlatXml(built)).toEqual(parseFlatXml(event));
  });
});

describe('platform adapter against the fake platform API', () => {
  let fake: FakePlatform;
  let clock = new Date('2026-11-21T12:00:00Z');
  const now = () => clock;
  beforeAll(async () => {
    fake = await startFakePlatform({ accounts: { 'wx-app-1': 'secret-1', 'wx-app-2': 'secret-2' }, now });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.tokenCalls = 0;
    fake.qrCalls = 0;
    fake.qrRequests.length = 0;
    fake.tokenLifetime = 7200;
    fake.tokenDelayMs = 0;
    clock = new Date('2026-11-21T12:00:00Z');
  });
  const provider = (extra: { account2?: boolean } = {}) =>
    createPlatformProvider({
      apiUrl: `${fake.url}/`,
      token: 'hook-token',
      account: { appId: 'wx-app-1', appSecret: 'secret-1' },
      account2: extra.account2 ? { appId: 'wx-app-2', appSecret: 'secret-2' } : undefined,
      now,
      timeoutMs: 2000,
    });
  const qrInput = {
    brandId: 'starreach' as const,
    tenantId: 14,
    scene: 'Lscene1',
    ttlSeconds: 300,
    origin: 'http://localhost:3030',
    language: 'zh' as const,
  };

  it('creates a temporary string-scene QR code and answers its URL and lifetime', async () => {
    const p = provider();
    expect(await p.webhookToken(14)).toBe('hook-token');
    const qr = await p.createQr(qrInput);
    expect(qr).toEqual({ url: 'http://weixin.qq.com/q/fake-wx-app-1-Lscene1', expiresIn: 300 });
    expect(fake.qrRequests).toEqual([
      {
        accessToken: expect.stringMatching(/^token-wx-app-1-/),
        body: { expire_seconds: 300, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: 'Lscene1' } } },
      },
    ]);
  });

  it('keeps the access token until 5 minutes before it expires, then fetches a new one', async () => {
    const p = provider();
    const first = await p.accessToken('starreach');
    await p.createQr(qrInput);
    await p.createQr(qrInput);
    expect(fake.tokenCalls).toBe(1);
    clock = new Date(clock.getTime() + (7200 - 301) * 1000);
    expect(await p.accessToken('starreach')).toBe(first);
    expect(fake.tokenCalls).toBe(1);
    clock = new Date(clock.getTime() + 2000);
    const second = await p.accessToken('starreach');
    expect(second).not.toBe(first);
    expect(fake.tokenCalls).toBe(2);
  });

  it('shares one token fetch between concurrent callers (single flight)', async () => {
    fake.tokenDelayMs = 100;
    const p = provider();
    const qrs = await Promise.all([1, 2, 3, 4, 5].map((n) => p.createQr({ ...qrInput, scene: `L${n}` })));
    expect(fake.tokenCalls).toBe(1);
    expect(qrs.map((qr) => qr.url)).toEqual([1, 2, 3, 4, 5].map((n) => `http://weixin.qq.com/q/fake-wx-app-1-L${n}`));
    expect(new Set(fake.qrRequests.map((r) => r.accessToken)).size).toBe(1);
  });

  it('fetches a new token once when the platform says the token is invalid or expired', async () => {
    const p = provider();
    await p.createQr(qrInput);
    fake.revokeTokens();
    await p.createQr(qrInput);
    expect(fake.tokenCalls).toBe(2);
    fake.failNextQr(42001);
    await p.createQr(qrInput);
    expect(fake.tokenCalls).toBe(3);
    expect(fake.qrCalls).toBe(5);
    // Every fresh token is refused too: one retry only, then a clear error.
    fake.failNextQr(40001, 2);
    await expect(p.createQr(qrInput)).rejects.toThrow('WeChat platform: the access token was refused twice');
    expect(fake.qrCalls).toBe(7);
    expect(fake.tokenCalls).toBe(4);
  });

  it('uses brand 2 its own account when configured, brand 1 its account otherwise', async () => {
    const both = provider({ account2: true });
    expect((await both.createQr({ ...qrInput, brandId: 'creatorbox', tenantId: 51 })).url).toContain('wx-app-2');
    const one = provider();
    expect((await one.createQr({ ...qrInput, brandId: 'creatorbox', tenantId: 51 })).url).toContain('wx-app-1');
  });

  it('throws a clear error for refused credentials, platform errors and an unreachable API', async () => {
    const wrong = createPlatformProvider({
      apiUrl: fake.url,
      token: 't',
      account: { appId: 'wx-app-1', appSecret: 'nope' },
      now,
    });
    await expect(wrong.createQr(qrInput)).rejects.toThrow(/access-token request refused: errcode 40125/);
    fake.failNextQr(45009);
    await expect(provider().createQr(qrInput)).rejects.toMatchObject({ errcode: 45009 });
    const down = createPlatformProvider({
      apiUrl: 'http://127.0.0.1:1',
      token: 't',
      account: { appId: 'a', appSecret: 'b' },
      timeoutMs: 500,
    });
    const error = await down.createQr(qrInput).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).message).toMatch(/^WeChat platform: the access-token request failed/);
    // A failed fetch is not cached: the next call tries again.
    const calls = fake.tokenCalls;
    await expect(wrong.accessToken('starreach')).rejects.toThrow(PlatformError);
    expect(fake.tokenCalls).toBe(calls + 1);
  });

  it('is what createMessagingProvider makes for WX_PROVIDER=platform', async () => {
    const settings = readSettings({
      WX_PROVIDER: 'platform',
      WX_APP_ID: 'wx-app-1',
      WX_APP_SECRET: 'secret-1',
      WX_TOKEN: 'hook',
      WX_API_URL: fake.url,
    });
    const p = createMessagingProvider(settings, undefined as never, { now });
    expect(p.kind).toBe('platform');
    expect(await p.webhookToken(51)).toBe('hook');
    expect((await p.createQr(qrInput)).url).toBe('http://weixin.qq.com/q/fake-wx-app-1-Lscene1');
  });
});

describe('simulator address', () => {
  const lan = () => '192.168.1.23';
  it('replaces a loopback host with the LAN address, keeping scheme and port', () => {
    expect(simulatorOrigin('http://localhost:3030', undefined, lan)).toBe('http://192.168.1.23:3030');
    expect(simulatorOrigin('http://127.0.0.1:3031', undefined, lan)).toBe('http://192.168.1.23:3031');
    expect(simulatorOrigin('http://[::1]:3030', undefined, lan)).toBe('http://192.168.1.23:3030');
    expect(simulatorOrigin('https://portal.example.com', undefined, lan)).toBe('https://portal.example.com');
    expect(simulatorOrigin('http://10.0.0.5:3030', undefined, lan)).toBe('http://10.0.0.5:3030');
    expect(simulatorOrigin('http://localhost:3030', undefined, () => undefined)).toBe('http://localhost:3030');
    expect(simulatorOrigin('http://localhost:3030', 'http://phone.test:8080/', lan)).toBe('http://phone.test:8080');
  });
});

describeDatabases('simulator provider', (getDb) => {
  it("uses each brand's own configured origin, never the other brand's", async () => {
    const provider = createSimulatorProvider({
      db: getDb(),
      token: 't',
      simulatorUrl: 'http://phone.test:3030',
      lanAddress: () => '192.168.1.23',
    });
    const base = {
      tenantId: 14,
      scene: 'Lx',
      ttlSeconds: 60,
      origin: 'http://localhost:3031',
      language: 'zh' as const,
    };
    expect((await provider.createQr({ ...base, brandId: 'starreach' })).url).toBe(
      'http://phone.test:3030/wx-sim?scene=Lx&lang=zh',
    );
    expect((await provider.createQr({ ...base, brandId: 'creatorbox', tenantId: 51 })).url).toBe(
      'http://192.168.1.23:3031/wx-sim?scene=Lx&lang=zh',
    );
  });

  const input = {
    brandId: 'starreach' as const,
    tenantId: 14,
    scene: 'LabcDEF_-',
    ttlSeconds: 120,
    origin: 'http://localhost:5600',
    language: 'en' as const,
  };

  it('points the QR code at the simulator page with the scene and language', async () => {
    const p = createSimulatorProvider({ db: getDb(), lanAddress: () => '192.168.1.23' });
    expect(await p.createQr(input)).toEqual({
      url: 'http://192.168.1.23:5600/wx-sim?scene=LabcDEF_-&lang=en',
      expiresIn: 120,
    });
    const viaSettings = createMessagingProvider(readSettings({ WX_SIMULATOR_URL: 'http://sim.test:9000' }), getDb());
    expect(viaSettings.kind).toBe('simulator');
    expect((await viaSettings.createQr({ ...input, language: 'zh' })).url).toBe(
      'http://sim.test:9000/wx-sim?scene=LabcDEF_-&lang=zh',
    );
  });

  it('signs with WX_TOKEN, else a per-install secret made once and kept in app_settings', async () => {
    const db = getDb();
    expect(await createSimulatorProvider({ db, token: 'set-token' }).webhookToken(14)).toBe('set-token');
    expect(await db.query('select * from app_settings where key = $1', [SIMULATOR_TOKEN_KEY])).toEqual([]);
    const a = createSimulatorProvider({ db });
    const b = createSimulatorProvider({ db });
    const [first, second] = await Promise.all([a.webhookToken(14), b.webhookToken(51)]);
    expect(first).toMatch(/^[\w-]{32}$/);
    expect(second).toBe(first);
    const rows = await db.query<{ value: string }>('select value from app_settings where key = $1', [
      SIMULATOR_TOKEN_KEY,
    ]);
    expect(rows).toEqual([{ value: first }]);
    // A restart (a new provider) reads the same secret.
    expect(await createSimulatorProvider({ db }).webhookToken(14)).toBe(first);
  });
});
