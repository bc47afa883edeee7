// @vitest-environment node
/**
 * Attacks on the settings, the proxy trust and the small holes of the sign-up portal: placeholder secrets, a
 * TRUST_PROXY hop count on a public HOST, spoofed X-Forwarded-For with and without a trusted proxy, IPv6 clients
 * rotating addresses inside their /64, BENCH_UNLIMITED outside NODE_ENV=bench, bidi and NUL nicknames, junk query
 * strings filling the page cache, a client's own X-Request-Id in the logs, a nickname's markup in the WeChat reply.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replyText } from '../api/wx-callback/replies';
import { createApp } from '../app';
import { readSettings, SettingsRefusal, startRefusal } from '../config/settings';
import { LIMITS } from '../limits/rules';
import { SIM_IDENTITIES_PER_ADDRESS } from '../messaging/simulator/routes';
import type { Renderer } from '../pages/page-handler';
import { harness, PASSWORD } from '../testing/accounts-harness';
import { captureLog } from '../testing/capture-log';
import { describeDatabases } from '../testing/databases';
import { IPHONE, wxHarness } from '../testing/wx-callback-harness';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const PUZZLES = LIMITS.puzzlesPerIp.rules[0].limit;

let restore = () => {};
afterEach(() => restore());

/** A real start of server/main.ts: its exit code and output (killed after `ms` if it keeps running). */
async function start(env: Record<string, string>, ms = 20_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, VITEST: '', NODE_ENV: 'production', STANDINS: '1', PORT: '0', BRAND2_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => {
    output += data;
  });
  child.stderr.on('data', (data: Buffer) => {
    output += data;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

describe('a placeholder secret stops the start, naming the setting', () => {
  const allowed = { STANDINS: '1', HOST: '127.0.0.1' };
  it.each([
    ['WX_TOKEN', 'change-me'],
    ['WX_TOKEN', 'replace-me-with-the-platform-token'],
    ['SMS_GATEWAY_KEY', 'your_secret_key_here'],
    ['CAPTCHA_SECRET', 'xxxxxxxxxxxxxxxxxxxxxxxx'],
    ['WX_APP_SECRET', 'placeholder-app-secret'],
    ['ALIYUN_ACCESS_KEY_SECRET', 'short-secret'],
  ])('%s=%s', (name, value) => {
    const env = { ...allowed, [name]: value };
    const refusal = startRefusal(env, readSettings(env));
    expect(refusal).toBeInstanceOf(SettingsRefusal);
    expect(refusal?.exitCode).toBe(78);
    expect(refusal?.message).toContain(name);
  });

  it('a real secret starts', () => {
    const env = { ...allowed, WX_TOKEN: 'k3Jq9vX2mP7rT5wZ8bN4cY6d' };
    expect(startRefusal(env, readSettings(env))).toBeNull();
  });
});

describe('TRUST_PROXY', () => {
  it('a hop count with HOST=0.0.0.0 (the default) refuses to start: exit 78, the setting named, nothing listening', async () => {
    const { code, output } = await start({ TRUST_PROXY: '1', HOST: '0.0.0.0' });
    expect(code).toBe(78);
    expect(output).toContain('TRUST_PROXY=1 (a hop count)');
    expect(output).toContain('HOST=0.0.0.0');
    expect(output).not.toContain('http://');
  }, 30_000);

  it('a hop count is accepted on a loopback or private HOST, an address or range on any HOST', () => {
    for (const env of [
      { TRUST_PROXY: '1', HOST: '127.0.0.1' },
      { TRUST_PROXY: '2', HOST: '10.0.0.7' },
      { TRUST_PROXY: '10.0.0.5', HOST: '0.0.0.0' },
      { TRUST_PROXY: '172.16.0.0/12, loopback', HOST: '0.0.0.0' },
    ])
      expect(startRefusal({ STANDINS: '1', ...env }, readSettings({ STANDINS: '1', ...env }))).toBeNull();
    for (const HOST of ['0.0.0.0', '::', '203.0.113.5']) {
      const env = { STANDINS: '1', TRUST_PROXY: 'true', HOST };
      expect(startRefusal(env, readSettings(env))?.message).toMatch(/TRUST_PROXY=1 \(a hop count\)/);
    }
  });
});

describe('the warning about an untrusted X-Forwarded-For', () => {
  it('is logged once per process, naming TRUST_PROXY, however many requests carry the header', async () => {
    vi.resetModules();
    const { captureLog: freshCapture } = await import('../testing/capture-log');
    const { clientAddress } = await import('../http/request');
    const captured = freshCapture('warn');
    try {
      const request = (forwardedFor: string) =>
        ({
          env: { incoming: { socket: { remoteAddress: '198.51.100.20' } } },
          req: { header: (name: string) => (name === 'x-forwarded-for' ? forwardedFor : undefined) },
        }) as unknown as Context;
      for (let i = 1; i <= 5; i++) expect(clientAddress(request(`192.0.2.${i}`), null)).toBe('198.51.100.20');
    } finally {
      captured.restore();
    }
    const warnings = captured.lines.filter((line) => String(line.msg).includes('X-Forwarded-For'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toContain('TRUST_PROXY');
  });
});

describeDatabases('addresses as the limits count them', (getDb) => {
  const puzzle = (h: ReturnType<typeof harness>, ip: string, headers: Record<string, string> = {}) =>
    h.call('/v2/captcha/puzzle', { body: {}, ip, headers }).then((answer) => answer.status);

  it('without TRUST_PROXY a spoofed X-Forwarded-For changes nothing, and the server warns once', async () => {
    const captured = captureLog('warn');
    restore = captured.restore;
    const h = harness(getDb());
    const statuses: number[] = [];
    for (let i = 0; i <= PUZZLES; i++)
      statuses.push(await puzzle(h, '198.51.100.20', { 'x-forwarded-for': `192.0.2.${i + 1}` }));
    expect(statuses.slice(0, PUZZLES)).toEqual(new Array(PUZZLES).fill(200));
    expect(statuses[PUZZLES]).toBe(429);
    // Once per process: the first database's run warns, the second one's (same process) does not again.
    const warnings = captured.lines.filter((line) => String(line.msg).includes('X-Forwarded-For'));
    expect(warnings.length).toBeLessThanOrEqual(1);
    for (const warning of warnings) expect(warning.msg).toContain('TRUST_PROXY');
  }, 60_000);

  it("with TRUST_PROXY=<range> only the proxy's own forwarding counts", async () => {
    const h = harness(getDb(), { env: { TRUST_PROXY: '10.0.0.0/8' } });
    // A client outside the range forging its own chain: one address, limited.
    const direct: number[] = [];
    for (let i = 0; i <= PUZZLES; i++)
      direct.push(await puzzle(h, '198.51.100.21', { 'x-forwarded-for': `192.0.2.${i + 1}` }));
    expect(direct[PUZZLES]).toBe(429);
    // Through the proxy, entries the client wrote left of the proxy's own are ignored: still one client.
    const proxied: number[] = [];
    for (let i = 0; i <= PUZZLES; i++)
      proxied.push(await puzzle(h, '10.0.0.2', { 'x-forwarded-for': `192.0.2.${i + 1}, 203.0.113.40` }));
    expect(proxied[PUZZLES]).toBe(429);
    // Another client behind the same proxy has its own limit.
    expect(await puzzle(h, '10.0.0.2', { 'x-forwarded-for': '203.0.113.41' })).toBe(200);
  }, 60_000);

  it('two IPv6 addresses of one /64 share a limit; another /64 does not; IPv4-mapped IPv6 is its IPv4', async () => {
    const h = harness(getDb());
    for (let i = 0; i < PUZZLES; i++) expect(await puzzle(h, `2001:db8:1:2::${(i + 1).toString(16)}`)).toBe(200);
    expect(await puzzle(h, '2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(429);
    expect(await puzzle(h, '2001:db8:1:3::1')).toBe(200);
    for (let i = 0; i < PUZZLES; i++) expect(await puzzle(h, '192.0.2.77')).toBe(200);
    expect(await puzzle(h, '::ffff:192.0.2.77')).toBe(429);
  }, 60_000);

  it("the QR poll's in-memory limit counts a /64 as one client", async () => {
    const h = harness(getDb());
    const ticket = 'A'.repeat(43);
    const polls = LIMITS.qrPollsPerIp.rules[0].limit;
    for (let i = 0; i < polls; i++)
      expect((await h.call(`/v2/wx/get_qr_status?ticket=${ticket}`, { ip: `2001:db8:9::${i + 1}` })).status).toBe(404);
    expect((await h.call(`/v2/wx/get_qr_status?ticket=${ticket}`, { ip: '2001:db8:9::ffff' })).status).toBe(429);
  }, 60_000);

  it("a client's X-Request-Id is ignored without a trusted proxy, kept from the trusted one", async () => {
    const captured = captureLog();
    restore = captured.restore;
    const open = harness(getDb());
    const forged = await open.call('/health', { headers: { 'x-request-id': 'attacker-chosen-id' } });
    expect(forged.headers.get('x-request-id')).not.toBe('attacker-chosen-id');
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const behind = harness(getDb(), { env: { TRUST_PROXY: '10.0.0.2' } });
    const direct = await behind.call('/health', { ip: '198.51.100.9', headers: { 'x-request-id': 'forged.1' } });
    expect(direct.headers.get('x-request-id')).not.toBe('forged.1');
    const proxied = await behind.call('/health', { ip: '10.0.0.2', headers: { 'x-request-id': 'proxy.1' } });
    expect(proxied.headers.get('x-request-id')).toBe('proxy.1');
    const ids = captured.lines.filter((line) => line.msg === 'request').map((line) => line.reqId);
    expect(ids).not.toContain('attacker-chosen-id');
    expect(ids).not.toContain('forged.1');
    expect(ids).toContain('proxy.1');
  }, 60_000);
});

describe('BENCH_UNLIMITED only under NODE_ENV=bench', () => {
  it.each(['staging', 'production', 'development', 'test'])('NODE_ENV=%s refuses it', (NODE_ENV) => {
    expect(() => readSettings({ NODE_ENV, BENCH_UNLIMITED: '1' })).toThrow(SettingsRefusal);
  });

  it('a staging start exits 78 naming it', async () => {
    const { code, output } = await start({ NODE_ENV: 'staging', BENCH_UNLIMITED: '1', HOST: '127.0.0.1' });
    expect(code).toBe(78);
    expect(output).toContain('BENCH_UNLIMITED=1');
    expect(output).not.toContain('http://');
  }, 30_000);
});

describeDatabases('nicknames', (getDb) => {
  it.each([
    ['a right-to-left override', 'ad\u202emin'],
    ['a zero-width space', 'ad\u200bmin'],
    ['a line separator', 'ad\u2028min'],
    ['a paragraph separator', 'ad\u2029min'],
    ['a zero-width no-break space (BOM) inside', 'ad\ufeffmin'],
    ['a NUL', 'ad\u0000min'],
  ])(
    'registration refuses %s and stores nothing',
    async (_what, nickname) => {
      const h = harness(getDb());
      const code = await h.code('13800138000', 'register');
      const body = {
        phone: '13800138000',
        countryCode: 1,
        code,
        password: PASSWORD,
        channelId: 2,
        clientId: 'morestores',
      };
      const answer = await h.call('/v2/web/register', { body: { ...body, nickname } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/昵称/);
      expect(await h.count('users')).toBe(0);
      // The same request with a plain nickname registers.
      expect((await h.call('/v2/web/register', { body: { ...body, nickname: 'admin' } })).status).toBe(200);
      expect(await h.count('users')).toBe(1);
    },
    60_000,
  );

  it('the WeChat reply carries the nickname as text: no second link, no markup', () => {
    const hostile = '<a href="https://evil.example/">点此确认登录</a>';
    const reply = replyText(
      { kind: 'confirm', confirmToken: 't', userName: hostile },
      { brandName: 'Brand', lang: 'zh', link: 'https://portal.example/wx/confirm?scene=s&t=t' },
    );
    expect(reply.match(/<a /g)).toHaveLength(1);
    expect(reply).not.toContain('evil.example/">');
    expect(reply).toContain('&lt;a href=&quot;https://evil.example/&quot;&gt;');
  });

  describe('the simulator', () => {
    const scan = (h: ReturnType<typeof wxHarness>, body: Record<string, string>) =>
      h.request('/wx-sim/scan', {
        method: 'POST',
        contentType: 'application/json',
        body: JSON.stringify(body),
        headers: { accept: 'application/json', 'user-agent': IPHONE },
      });

    it.each([
      ['a NUL', 'ad\u0000min'],
      ['a right-to-left override', 'ad\u202emin'],
    ])('answers %s in a nickname with a 400 and a message, storing nothing', async (_what, nickname) => {
      const h = wxHarness(getDb());
      const { scene } = await h.createCode();
      const before = Number((await getDb().query<{ n: number }>('select count(*)::int as n from wx_identities'))[0].n);
      const res = await scan(h, { scene, nickname });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: number; message: string };
      expect(body.code).toBe(400);
      expect(body.message).toContain('昵称');
      const after = Number((await getDb().query<{ n: number }>('select count(*)::int as n from wx_identities'))[0].n);
      expect(after).toBe(before);
    });

    it('limits the identities one address creates', async () => {
      const h = wxHarness(getDb());
      const { scene } = await h.createCode();
      const perMinute = SIM_IDENTITIES_PER_ADDRESS[0].limit;
      const statuses: number[] = [];
      for (let i = 0; i <= perMinute; i++) statuses.push((await scan(h, { scene, nickname: `bot ${i}` })).status);
      expect(statuses.slice(0, perMinute).every((status) => status === 200)).toBe(true);
      expect(statuses[perMinute]).toBe(429);
      const rows = await getDb().query<{ n: number }>(
        "select count(*)::int as n from wx_identities where nickname like 'bot %'",
      );
      expect(Number(rows[0].n)).toBe(perMinute);
    }, 60_000);
  });
});

describe('the page cache keys known query parameters only', () => {
  it('a query string of random junk is answered from the page cached without it', async () => {
    const renderer: Renderer = {
      renderPage: vi.fn(
        async (request: Request) =>
          new Response(`<html><body>${new URL(request.url).search}|${'x'.repeat(500)}</body></html>`, {
            status: 200,
            headers: { 'Content-Type': 'text/html; charset=UTF-8' },
          }),
      ),
    };
    const app = createApp({
      settings: readSettings({ NODE_ENV: 'production' }),
      getRenderer: async () => renderer,
      getManifest: async () => undefined,
    });
    const get = (path: string) =>
      app.request(`http://localhost:3030${path}`, {
        headers: { host: 'localhost:3030', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0' },
      });
    const plain = await (await get('/login')).text();
    for (let i = 0; i < 20; i++) {
      const junk = `/login?${Math.random().toString(36).slice(2)}=${i}&x${i}=${'y'.repeat(i)}`;
      const answer = await get(junk);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(plain);
    }
    expect(renderer.renderPage).toHaveBeenCalledTimes(1);
    expect(app.pages.cache.size).toBe(1);
    // Known parameters still make their own page, with the junk beside them dropped.
    const tab = await (await get('/login?tab=register&junk=1')).text();
    expect(tab).toContain('?tab=register|');
    expect(tab).not.toContain('junk');
    expect(app.pages.cache.size).toBe(2);
  });
});
