// @vitest-environment node
/**
 * Sign-in inside WeChat's browser (issue 34, item 3) through the real app and the built-in simulator, on PGlite and
 * PostgreSQL: /wx/oauth/start → the simulator's authorise page → /wx/oauth/callback, then the page's poll of its
 * ticket shows the QR login's outcomes (bound → logged in, unbound → bind or register, banned). The state is one
 * use, expires, and belongs to the browser that started it.
 */
import { expect, it } from 'vitest';
import { hashToken } from '../accounts/sessions';
import type { Database } from '../db/database';
import { createSimulatorProvider } from '../providers/messaging/simulator';
import { HOST, harness } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';

const OWNER_SECRET = 'o'.repeat(43);

function setup(db: Database) {
  let clock: () => Date = () => new Date();
  const messaging = createSimulatorProvider({ db, token: 'sim-token', now: () => clock() });
  const h = harness(db, { messaging });
  clock = h.now;
  /** A GET or form POST to a page of the app (not /api), with cookies. */
  async function page(path: string, opts: { cookie?: string; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { host: HOST };
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: string | undefined;
    if (opts.form) {
      body = new URLSearchParams(opts.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = `http://${HOST}`;
    }
    const env = { incoming: { socket: { remoteAddress: '203.0.113.9', localPort: 3030 } } };
    return h.app.request(`http://${HOST}${path}`, { method: opts.form ? 'POST' : 'GET', headers, body }, env);
  }
  async function ticket(): Promise<string> {
    const created = await h.call<{ ticket: string }>('/v2/wx/create_login_qrcode', { body: {} });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data!.ticket;
  }
  const poll = (t: string) =>
    h.call<{ status: string; userInfo?: { nickname: string } }>(`/v2/wx/get_qr_status?ticket=${t}`);
  /** Starts for a ticket: the authorise address and the state cookie. */
  async function start(t: string, back = '/login') {
    const res = await page(`/wx/oauth/start?ticket=${t}&return=${encodeURIComponent(back)}`);
    expect(res.status).toBe(302);
    const cookie = /wx_oauth=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    return { location: new URL(res.headers.get('location') ?? ''), cookie: `wx_oauth=${cookie}`, res };
  }
  /** The simulator's "Allow" with `identity` (an open id of this browser, or a new one named `nickname`). */
  async function allow(authorize: URL, choice: { identity?: string; nickname?: string }) {
    const res = await page('/wx-sim/oauth/authorize', {
      cookie: `wx_sim_owner=${OWNER_SECRET}`,
      form: {
        redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
        state: authorize.searchParams.get('state') ?? '',
        lang: 'zh',
        identity: choice.identity ?? 'new',
        nickname: choice.nickname ?? '',
      },
    });
    expect(res.status, await res.clone().text()).toBe(302);
    return new URL(res.headers.get('location') ?? '');
  }
  async function identity(openId: string, userId: number | null, banned = false) {
    await db.query(
      `insert into wx_identities (tenant_id, open_id, nickname, user_id, created_at, bound_at, banned_at, owner_hash)
       values (14, $1, '微信小店', $2, $3, $3, $4, $5)`,
      [openId, userId, h.now(), banned ? h.now() : null, hashToken(OWNER_SECRET)],
    );
  }
  const callback = (url: URL, cookie?: string) => page(`${url.pathname}${url.search}`, { cookie });
  return { h, page, ticket, poll, start, allow, identity, callback };
}

describeDatabases('WeChat browser sign-in (web authorisation, simulator)', (getDb) => {
  it('starts with the authorise address, the state and its cookie bound to this browser', async () => {
    const s = setup(getDb());
    const t = await s.ticket();
    const { location, res } = await s.start(t);
    expect(`${location.origin}${location.pathname}`).toBe(`http://${HOST}/wx-sim/oauth/authorize`);
    expect(location.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      appid: 'simulator',
      redirect_uri: `http://${HOST}/wx/oauth/callback`,
      response_type: 'code',
      scope: 'snsapi_base',
      state: expect.stringMatching(/^[\w-]{43}$/),
      lang: 'zh',
    });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/wx\/oauth/);
    expect(setCookie).toMatch(/Max-Age=300/);
    // The cookie holds the state's hash, never the state.
    expect(setCookie).not.toContain(location.searchParams.get('state'));
    const [row] = await getDb().query<{ return_path: string }>('select return_path from wx_oauth_states');
    expect(row.return_path).toBe('/login');
    // The authorise page lists this browser's identities.
    const authorize = await s.page(`${location.pathname}${location.search}`);
    expect(authorize.status).toBe(200);
    expect(await authorize.text()).toContain('微信网页授权（模拟器）');
  });

  it('logs a bound identity in: the page’s poll hands out the session', async () => {
    const s = setup(getDb());
    const user = await s.h.register('13800138000');
    await s.identity('oBOUND', user.userId);
    const t = await s.ticket();
    const { location, cookie } = await s.start(t, '/en/scan_code');
    const back = await s.callback(await s.allow(location, { identity: 'oBOUND' }), cookie);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/en/scan_code?wx_oauth=bound');
    const status = await s.poll(t);
    expect(status.body.data).toMatchObject({ status: 'bound', userInfo: { nickname: 'seller 8000' } });
    expect(await s.h.count('sessions', 'user_id = $1', [user.userId])).toBe(2);
  });

  it('leaves an unbound identity to bind or register, and a banned one banned', async () => {
    const s = setup(getDb());
    const t = await s.ticket();
    const { location, cookie } = await s.start(t);
    const back = await s.callback(await s.allow(location, { nickname: '新掌柜' }), cookie);
    expect(back.headers.get('location')).toBe('/login?wx_oauth=unbound');
    expect((await s.poll(t)).body.data).toMatchObject({ status: 'unbound', identity: { nickname: '新掌柜' } });

    await s.identity('oBANNED', null, true);
    const t2 = await s.ticket();
    const second = await s.start(t2);
    const banned = await s.callback(await s.allow(second.location, { identity: 'oBANNED' }), second.cookie);
    expect(banned.headers.get('location')).toBe('/login?wx_oauth=banned');
    expect((await s.poll(t2)).body.data).toEqual({ status: 'banned' });
  });

  it('refuses a state used twice, an expired one and one from another browser', async () => {
    const s = setup(getDb());
    const user = await s.h.register('13800138000');
    await s.identity('oBOUND', user.userId);
    // Another browser (no cookie, or its own) cannot use the state; its owner still can.
    const t = await s.ticket();
    const { location, cookie } = await s.start(t);
    const granted = await s.allow(location, { identity: 'oBOUND' });
    const other = await s.start(await s.ticket());
    for (const foreign of [undefined, other.cookie]) {
      const res = await s.callback(granted, foreign);
      expect(res.headers.get('location')).toBe('/login?wx_oauth=expired');
    }
    expect((await s.poll(t)).body.data).toMatchObject({ status: 'waiting' });
    expect((await s.callback(granted, cookie)).headers.get('location')).toBe('/login?wx_oauth=bound');
    // The same state again: refused, whatever the code.
    expect((await s.callback(granted, cookie)).headers.get('location')).toBe('/login?wx_oauth=expired');

    // Expired: 5 minutes later.
    const t3 = await s.ticket();
    const late = await s.start(t3);
    const lateGrant = await s.allow(late.location, { identity: 'oBOUND' });
    s.h.advance(301);
    expect((await s.callback(lateGrant, late.cookie)).headers.get('location')).toBe('/login?wx_oauth=expired');
    // A forged code is refused by the exchange.
    const t4 = await s.ticket();
    const forged = await s.start(t4);
    const url = new URL(`http://${HOST}/wx/oauth/callback`);
    url.search = new URLSearchParams({
      code: 'b0JPVU5E.9999999999999.bad',
      state: forged.location.searchParams.get('state')!,
    }).toString();
    expect((await s.callback(url, forged.cookie)).headers.get('location')).toBe('/login?wx_oauth=failed');
  });

  it('refuses an unknown ticket, a foreign return path and a callback elsewhere', async () => {
    const s = setup(getDb());
    const res = await s.page(
      `/wx/oauth/start?ticket=${'a'.repeat(43)}&return=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/scan_code?wx_oauth=expired');
    const authorize = await s.page(
      `/wx-sim/oauth/authorize?${new URLSearchParams({ redirect_uri: 'https://evil.example/wx/oauth/callback', state: 'x', response_type: 'code', scope: 'snsapi_base' })}`,
    );
    expect(authorize.status).toBe(400);
  });
});
