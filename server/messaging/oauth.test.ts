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
  const poll = (t: string) =>
    h.call<{ status: string; userInfo?: { nickname: string } }>(`/v2/wx/get_qr_status?ticket=${t}`);
  /** Starts: the authorise address and the state cookie. */
  async function start(back = '/login') {
    const res = await page(`/wx/oauth/start?return=${encodeURIComponent(back)}`);
    expect(res.status).toBe(302);
    const cookie = /wx_oauth=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    return { location: new URL(res.headers.get('location') ?? ''), cookie: `wx_oauth=${cookie}`, res };
  }
  /** The return address without its fragment, and the ticket the fragment hands the page. */
  function returned(res: Response) {
    const [address, fragment = ''] = (res.headers.get('location') ?? '').split('#');
    return { address, ticket: /^wx_ticket=([\w-]{43})$/.exec(fragment)?.[1] };
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
  return { h, page, poll, start, allow, identity, callback, returned };
}

describeDatabases('WeChat browser sign-in (web authorisation, simulator)', (getDb) => {
  it('starts with the authorise address, the state and its cookie bound to this browser', async () => {
    const s = setup(getDb());
    const { location, res } = await s.start();
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
    // The cookie holds the state's hash (and the ticket made for this browser), never the state.
    expect(setCookie).not.toContain(location.searchParams.get('state'));
    const [row] = await getDb().query<{ return_path: string; ticket_hash: string }>('select * from wx_oauth_states');
    expect(row.return_path).toBe('/login');
    const [ticket] = await getDb().query<{ state: string }>(
      'select state from wx_login_tickets where ticket_hash = $1',
      [row.ticket_hash],
    );
    expect(ticket.state).toBe('waiting');
    // The authorise page lists this browser's identities.
    const authorize = await s.page(`${location.pathname}${location.search}`);
    expect(authorize.status).toBe(200);
    expect(await authorize.text()).toContain('微信网页授权（模拟器）');
  });

  it('logs a bound identity in: the page’s poll hands out the session', async () => {
    const s = setup(getDb());
    const user = await s.h.register('13800138000');
    await s.identity('oBOUND', user.userId);
    const { location, cookie } = await s.start('/en/scan_code');
    const back = await s.callback(await s.allow(location, { identity: 'oBOUND' }), cookie);
    expect(back.status).toBe(302);
    const { address, ticket } = s.returned(back);
    expect(address).toBe('/en/scan_code?wx_oauth=bound');
    const status = await s.poll(ticket!);
    expect(status.body.data).toMatchObject({ status: 'bound', userInfo: { nickname: 'seller 8000' } });
    expect(await s.h.count('sessions', 'user_id = $1', [user.userId])).toBe(2);
  });

  it('leaves an unbound identity to bind or register, and a banned one banned', async () => {
    const s = setup(getDb());
    const { location, cookie } = await s.start();
    const back = s.returned(await s.callback(await s.allow(location, { nickname: '新掌柜' }), cookie));
    expect(back.address).toBe('/login?wx_oauth=unbound');
    expect((await s.poll(back.ticket!)).body.data).toMatchObject({
      status: 'unbound',
      identity: { nickname: '新掌柜' },
    });

    await s.identity('oBANNED', null, true);
    const second = await s.start();
    const banned = s.returned(await s.callback(await s.allow(second.location, { identity: 'oBANNED' }), second.cookie));
    expect(banned.address).toBe('/login?wx_oauth=banned');
    expect((await s.poll(banned.ticket!)).body.data).toEqual({ status: 'banned' });
  });

  it('refuses a state used twice, an expired one and one from another browser', async () => {
    const s = setup(getDb());
    const user = await s.h.register('13800138000');
    await s.identity('oBOUND', user.userId);
    // Another browser (no cookie, or its own) cannot use the state; its owner still can.
    const { location, cookie } = await s.start();
    const granted = await s.allow(location, { identity: 'oBOUND' });
    const other = await s.start();
    // No cookie, another start's cookie, or this state's hash with another ticket.
    const forged = `${cookie.split('.')[0]}.${'x'.repeat(43)}`;
    for (const foreign of [undefined, other.cookie, forged]) {
      const res = await s.callback(granted, foreign);
      expect(res.headers.get('location')).toBe('/login?wx_oauth=expired');
    }
    expect(await s.h.count('sessions', 'user_id = $1', [user.userId])).toBe(1);
    const owner = s.returned(await s.callback(granted, cookie));
    expect(owner.address).toBe('/login?wx_oauth=bound');
    expect((await s.poll(owner.ticket!)).body.data).toMatchObject({ status: 'bound' });
    // The same state again: refused, whatever the code.
    expect((await s.callback(granted, cookie)).headers.get('location')).toBe('/login?wx_oauth=expired');

    // Expired: 5 minutes later.
    const late = await s.start();
    const lateGrant = await s.allow(late.location, { identity: 'oBOUND' });
    s.h.advance(301);
    expect((await s.callback(lateGrant, late.cookie)).headers.get('location')).toBe('/login?wx_oauth=expired');
    // A forged code is refused by the exchange.
    const madeUp = await s.start();
    const url = new URL(`http://${HOST}/wx/oauth/callback`);
    url.search = new URLSearchParams({
      code: 'b0JPVU5E.9999999999999.bad',
      state: madeUp.location.searchParams.get('state')!,
    }).toString();
    expect(s.returned(await s.callback(url, madeUp.cookie)).address).toBe('/login?wx_oauth=failed');
  });

  it('takes no ticket from the request, returns only to its own pages, and calls back only itself', async () => {
    const s = setup(getDb());
    const res = await s.page(
      `/wx/oauth/start?ticket=${'a'.repeat(43)}&return=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(res.status).toBe(302);
    const [row] = await getDb().query<{ return_path: string; ticket_hash: string }>('select * from wx_oauth_states');
    expect(row.return_path).toBe('/scan_code');
    expect(row.ticket_hash).not.toBe(hashToken('a'.repeat(43)));
    const authorize = await s.page(
      `/wx-sim/oauth/authorize?${new URLSearchParams({ redirect_uri: 'https://evil.example/wx/oauth/callback', state: 'x', response_type: 'code', scope: 'snsapi_base' })}`,
    );
    expect(authorize.status).toBe(400);
  });
});
