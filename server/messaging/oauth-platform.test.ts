// @vitest-environment node
/**
 * Sign-in inside WeChat's browser with the real platform adapter against the fake platform (issue 34, item 3):
 * the authorise address carries exactly the platform's parameters (checked by the fake), the code is exchanged
 * once with the account's appid and secret, and the state comes back to the browser that started it.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createPlatformProvider } from '../providers/messaging/platform';
import { HOST, harness } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';
import { type FakePlatform, startFakePlatform } from '../testing/fake-messaging-platform';

let fake: FakePlatform;
beforeEach(async () => {
  fake = await startFakePlatform({ accounts: { 'wx-app-1': 'secret-1', 'wx-app-2': 'secret-2' } });
});
afterEach(() => fake.close());

function setup(db: Database) {
  const messaging = createPlatformProvider({
    apiUrl: fake.url,
    token: 'webhook-token',
    account: { appId: 'wx-app-1', appSecret: 'secret-1' },
    account2: { appId: 'wx-app-2', appSecret: 'secret-2' },
  });
  const h = harness(db, { messaging });
  const page = (path: string, cookie?: string) =>
    h.app.request(
      `http://${HOST}${path}`,
      { headers: { host: HOST, ...(cookie ? { cookie } : {}) } },
      { incoming: { socket: { remoteAddress: '203.0.113.9', localPort: 3030 } } },
    );
  return { h, page };
}

describeDatabases('WeChat browser sign-in (web authorisation, platform adapter)', (getDb) => {
  it('goes through the platform’s authorise page and code exchange to a logged-in poll', async () => {
    const { h, page } = setup(getDb());
    const user = await h.register('13800138000');
    await getDb().query(
      `insert into wx_identities (tenant_id, open_id, nickname, user_id, created_at, bound_at)
       values (14, 'oPLATFORM', '店主', $1, $2, $2)`,
      [user.userId, h.now()],
    );
    const started = await page('/wx/oauth/start?return=%2Flogin');
    expect(started.status).toBe(302);
    const authorize = new URL(started.headers.get('location')!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(authorize.searchParams.get('appid')).toBe('wx-app-1');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`http://${HOST}/wx/oauth/callback`);
    const cookie = /wx_oauth=[^;]+/.exec(started.headers.get('set-cookie') ?? '')![0];

    const callback = new URL(fake.authorize(authorize.toString(), 'oPLATFORM'));
    expect(callback.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
    const back = await page(`${callback.pathname}${callback.search}`, cookie);
    const [address, fragment] = (back.headers.get('location') ?? '').split('#');
    expect(address).toBe('/login?wx_oauth=bound');
    const ticket = fragment.replace('wx_ticket=', '');
    expect(fake.oauthExchanges).toEqual([
      {
        appid: 'wx-app-1',
        secret: 'secret-1',
        code: callback.searchParams.get('code'),
        grant_type: 'authorization_code',
      },
    ]);
    const status = await h.call<{ status: string }>(`/v2/wx/get_qr_status?ticket=${ticket}`);
    expect(status.body.data).toMatchObject({ status: 'bound', userInfo: { userId: user.userId } });
  });

  it('answers "failed" when the platform refuses the code, spending the state', async () => {
    const { h, page } = setup(getDb());
    const started = await page('/wx/oauth/start?return=%2Fen%2Fscan_code');
    const authorize = new URL(started.headers.get('location')!);
    const cookie = /wx_oauth=[^;]+/.exec(started.headers.get('set-cookie') ?? '')![0];
    const callback = new URL(fake.authorize(authorize.toString(), 'oSOMEONE'));
    callback.searchParams.set('code', 'code-made-up');
    const back = await page(`${callback.pathname}${callback.search}`, cookie);
    const [address, fragment] = (back.headers.get('location') ?? '').split('#');
    expect(address).toBe('/en/scan_code?wx_oauth=failed');
    expect(fake.oauthExchanges).toHaveLength(1);
    // Nothing to poll: the page shows a fresh code and says the authorisation did not finish.
    expect(fragment).toBeUndefined();
    expect(await h.count('wx_login_tickets', "state <> 'waiting'")).toBe(0);
    // The state is spent: the real code cannot follow.
    const again = await page(`${callback.pathname}${callback.search}`, cookie);
    expect(again.headers.get('location')).toBe('/en/scan_code?wx_oauth=expired');
  });
});
