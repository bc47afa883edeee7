// @vitest-environment node
/**
 * The platform webhook through the real app on PGlite and PostgreSQL, with the scan login's service behind it:
 * the GET echo check, signed scan events and their passive replies (confirm link, not bound, banned, expired,
 * taken), the replay window, de-duplication, and malformed input (4xx text, never 500).
 */
import { describe, expect, it } from 'vitest';
import { buildEventXml, parseFlatXml } from '../../providers/messaging/xml';
import { describeDatabases } from '../../testing/databases';
import { BRAND2_HOST, replyContent, wxHarness } from '../../testing/wx-callback-harness';

describeDatabases('wx webhook', (getDb) => {
  describe('GET verification', () => {
    it('echoes echostr for the right signature only', async () => {
      const h = wxHarness(getDb());
      const query = await h.signedQuery({ extra: { echostr: '5838479218127813673' } });
      const ok = await h.request(`/api/wx/callback?${query}`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await ok.text()).toBe('5838479218127813673');

      const wrong = await h.signedQuery({ token: 'not-the-token', extra: { echostr: 'abc' } });
      const refused = await h.request(`/api/wx/callback?${wrong}`);
      expect(refused.status).toBe(401);
      expect(await refused.text()).toBe('Invalid signature');

      const missing = await h.request('/api/wx/callback?echostr=abc');
      expect(missing.status).toBe(400);
      expect(missing.headers.get('content-type')).toMatch(/^text\/plain/);
    });

    it('without WX_TOKEN, checks with the per-install secret made on first use', async () => {
      const h = wxHarness(getDb());
      const [row] = await getDb().query<{ value: string }>(
        "select value from app_settings where key = 'wx.simulator_token'",
      );
      expect(row).toBeUndefined();
      const query = await h.signedQuery({ extra: { echostr: 'x1' } });
      expect(await (await h.request(`/api/wx/callback?${query}`)).text()).toBe('x1');
      const [saved] = await getDb().query<{ value: string }>(
        "select value from app_settings where key = 'wx.simulator_token'",
      );
      expect(saved.value).toMatch(/^[\w-]{32}$/);
    });
  });

  describe('replayed signatures', () => {
    it('refuses the same timestamp and nonce with another body, in every process (the database remembers)', async () => {
      const h = wxHarness(getDb());
      const first = await h.createCode();
      const second = await h.createCode();
      const query = await h.signedQuery();
      const xmlFor = (scene: string) =>
        buildEventXml({
          to: 'gh_account',
          from: 'oREPLAYxxxxxxxxxxxxxxxxxxxxxx',
          createTime: 1,
          event: 'SCAN',
          eventKey: scene,
        });
      const post = (xml: string) =>
        h.request(`/api/wx/callback?${query}`, { method: 'POST', body: xml, contentType: 'text/xml' });

      const accepted = await post(xmlFor(first.scene));
      expect(accepted.status).toBe(200);
      expect(await h.status(first.ticket)).toBe('unbound');

      // The captured signature with another event body: refused, and the other code is untouched.
      const replayed = await post(xmlFor(second.scene));
      expect(replayed.status).toBe(403);
      expect(await replayed.text()).toMatch(/^Replayed signature/);
      expect(await h.status(second.ticket)).toBe('waiting');

      // The same body again is the platform's retry: answered, without a second effect.
      const retried = await post(xmlFor(first.scene));
      expect(retried.status).toBe(200);
      const [row] = await getDb().query<{ n: number }>('select count(*)::int as n from wx_webhook_nonces');
      expect(row.n).toBe(1);
    });
  });

  describe('scan events', () => {
    it('a new identity subscribing through the code is told to bind on the computer; the code reads unbound', async () => {
      const h = wxHarness(getDb());
      const code = await h.createCode();
      expect(code.qrUrl).toBe(`http://192.168.1.23:3030/wx-sim?scene=${code.scene}&lang=zh`);
      const openId = 'oNEWxxxxxxxxxxxxxxxxxxxxxxxxx';
      const res = await h.deliver({ openId, scene: code.scene, event: 'subscribe' });
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^text\/xml/);
      const reply = parseFlatXml(res.text);
      expect(reply).toMatchObject({ ToUserName: openId, FromUserName: 'gh_account', MsgType: 'text' });
      expect(reply.Content).toBe('该微信尚未绑定星达通账号，请回到电脑上绑定已有账号或注册新账号。');
      expect(await h.status(code.ticket)).toBe('unbound');
      const identities = await getDb().query('select tenant_id, open_id, user_id from wx_identities');
      expect(identities).toEqual([{ tenant_id: 14, open_id: openId, user_id: null }]);
      expect(await getDb().query('select count(*)::int as n from wx_events')).toEqual([{ n: 1 }]);
    });

    it('a bound identity gets the confirm link; confirming on the phone logs the computer in', async () => {
      const h = wxHarness(getDb());
      const { openId, userId } = await h.account({ nickname: '小店主' });
      const code = await h.createCode();
      const res = await h.deliver({ openId, scene: code.scene });
      const content = replyContent(res.text);
      const match =
        /^小店主，您正在电脑上登录星达通，<a href="(http:\/\/localhost:3030\/wx\/confirm\?scene=[\w-]+&t=[\w-]+)">点此确认登录<\/a>$/.exec(
          content,
        );
      expect(match, content).not.toBeNull();
      const link = new URL(match![1]);
      expect(link.searchParams.get('scene')).toBe(code.scene);
      expect(await h.status(code.ticket)).toBe('scanned');

      const page = await h.request(`${link.pathname}${link.search}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('在电脑上登录星达通？');
      expect(html).toContain('138****8000');
      const confirmed = await h.request('/wx/confirm', {
        method: 'POST',
        contentType: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({
          scene: code.scene,
          t: link.searchParams.get('t')!,
          action: 'confirm',
        }).toString(),
      });
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain('已确认，请回到电脑继续。');
      const poll = await h.json<{ status: string; userInfo: { userId: number } }>(
        `/api/v2/wx/get_qr_status?ticket=${code.ticket}`,
      );
      expect(poll.body.data).toMatchObject({ status: 'bound', userInfo: { userId } });
    });

    it('answers in English when asked (the simulator passes lang=en), with lang=en on the link', async () => {
      const h = wxHarness(getDb());
      const { openId } = await h.account({ nickname: 'Shop owner' });
      const code = await h.createCode({ lang: 'en' });
      expect(code.qrUrl).toMatch(/&lang=en$/);
      const content = replyContent((await h.deliver({ openId, scene: code.scene }, { lang: 'en' })).text);
      expect(content).toMatch(
        /^Shop owner, you are logging in to StarReach on a computer\. <a href="http:\/\/localhost:3030\/wx\/confirm\?scene=[\w-]+&t=[\w-]+&lang=en">Confirm the login<\/a>$/,
      );
      const stranger = replyContent(
        (await h.deliver({ openId: 'oSTRANGERxxxxxxxxxxxxxxxxxxxx', scene: code.scene }, { lang: 'en' })).text,
      );
      expect(stranger).toBe('This QR code was already scanned by another WeChat. Reload the QR code on the computer.');
    });

    it('is brand 2 on brand 2’s port: its own tenant and name', async () => {
      const h = wxHarness(getDb());
      const { openId } = await h.account({ tenantId: 51, nickname: '二号' });
      const code = await h.createCode({ host: BRAND2_HOST });
      expect(code.qrUrl).toMatch(/^http:\/\/192\.168\.1\.23:3031\/wx-sim\?/);
      const res = await h.deliver({ openId, scene: code.scene }, { host: BRAND2_HOST, tenantId: 51 });
      expect(replyContent(res.text)).toMatch(/^二号，您正在电脑上登录达人宝，<a href="http:\/\/localhost:3031\//);
      // The same scene on brand 1 is unknown: expired.
      const other = await h.deliver({ openId, scene: code.scene, createTime: 1 });
      expect(replyContent(other.text)).toBe('二维码已过期，请在电脑上刷新后重新扫码。');
    });

    it('tells a banned identity it is banned and the code reads banned', async () => {
      const h = wxHarness(getDb());
      const { openId } = await h.account();
      await getDb().query('update wx_identities set banned_at = $1 where open_id = $2', [h.now(), openId]);
      const code = await h.createCode();
      expect(replyContent((await h.deliver({ openId, scene: code.scene })).text)).toBe('账号已被封禁，无法登录。');
      expect(await h.status(code.ticket)).toBe('banned');
    });

    it('answers expired for an expired or unknown code', async () => {
      const h = wxHarness(getDb());
      const code = await h.createCode();
      h.advance(301);
      const res = await h.deliver({ openId: 'oLATExxxxxxxxxxxxxxxxxxxxxxxx', scene: code.scene });
      expect(replyContent(res.text)).toBe('二维码已过期，请在电脑上刷新后重新扫码。');
      const unknown = await h.deliver({
        openId: 'oLATExxxxxxxxxxxxxxxxxxxxxxxx',
        scene: 'Lnothing',
        event: 'subscribe',
      });
      expect(replyContent(unknown.text)).toBe('二维码已过期，请在电脑上刷新后重新扫码。');
    });

    it('ignores a repeated delivery (same sender, CreateTime and event): "success" and no effect', async () => {
      const h = wxHarness(getDb());
      const { openId } = await h.account();
      const code = await h.createCode();
      const event = { openId, scene: code.scene, createTime: 1795262400 };
      const first = await h.deliver(event);
      expect(replyContent(first.text)).toContain('点此确认登录');
      const hash = (await h.ticketRow(code.scene)).confirm_hash;
      const again = await h.deliver(event);
      expect(again).toMatchObject({ status: 200, text: 'success' });
      expect((await h.ticketRow(code.scene)).confirm_hash).toBe(hash);
      // A later scan (another CreateTime) is a new event: a fresh confirm link.
      const later = await h.deliver({ ...event, createTime: 1795262401 });
      expect(replyContent(later.text)).toContain('点此确认登录');
      expect((await h.ticketRow(code.scene)).confirm_hash).not.toBe(hash);
      // After a day the key is forgotten.
      h.advance(24 * 3600 + 1);
      const [row] = await getDb().query<{ n: number }>(
        'select count(*)::int as n from wx_events where expires_at > $1',
        [h.now()],
      );
      expect(row.n).toBe(0);
    });

    it('answers "success" to other messages and to a plain follow without a scene', async () => {
      const h = wxHarness(getDb());
      const text =
        '<xml><ToUserName><![CDATA[gh_account]]></ToUserName><FromUserName><![CDATA[oAAA]]></FromUserName>' +
        '<CreateTime>1795262400</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[hi]]></Content>' +
        '<MsgId>1234567890123456</MsgId></xml>';
      expect(await h.post(text)).toMatchObject({ status: 200, text: 'success' });
      const follow = text.replace(
        '<MsgType><![CDATA[text]]></MsgType>',
        '<MsgType>event</MsgType><Event>subscribe</Event>',
      );
      expect(await h.post(follow)).toMatchObject({ status: 200, text: 'success' });
      expect(await getDb().query('select * from wx_events')).toEqual([]);
    });
  });

  describe('refused deliveries', () => {
    it('refuses bad signatures, stale timestamps and malformed bodies with 4xx text, storing nothing', async () => {
      const h = wxHarness(getDb());
      const code = await h.createCode();
      const openId = 'oBADxxxxxxxxxxxxxxxxxxxxxxxxx';
      const good = {
        openId,
        scene: code.scene,
      };
      expect((await h.deliver(good, { token: 'wrong' })).status).toBe(401);
      const stale = Math.floor(h.now().getTime() / 1000) - 301;
      expect(await h.deliver(good, { timestamp: stale })).toMatchObject({ status: 403, text: 'Stale timestamp' });
      const future = Math.floor(h.now().getTime() / 1000) + 301;
      expect((await h.deliver(good, { timestamp: future })).status).toBe(403);
      // Within the window is fine later on; first the bodies.
      const bodies: [string, number][] = [
        ['not xml', 400],
        ['<!DOCTYPE xml [<!ENTITY x "y">]><xml><A>&x;</A></xml>', 400],
        ['<xml><FromUserName>oX</FromUserName></xml>', 400],
        [`<xml><A>${'a'.repeat(20_000)}</A></xml>`, 413],
        [
          '<xml><ToUserName>g</ToUserName><FromUserName>o1</FromUserName><CreateTime>1</CreateTime>' +
            '<MsgType>event</MsgType><Event>SCAN</Event><EventKey>bad scene!</EventKey></xml>',
          400,
        ],
      ];
      for (const [body, status] of bodies) {
        const res = await h.post(body);
        expect(res.status, body.slice(0, 40)).toBe(status);
        expect(res.type).toMatch(/^text\/plain/);
      }
      expect((await h.post('<xml></xml>', { contentType: 'application/json' })).status).toBe(415);
      const unsigned = await h.request('/api/wx/callback', {
        method: 'POST',
        body: '<xml></xml>',
        contentType: 'text/xml',
      });
      expect(unsigned.status).toBe(400);
      expect(await getDb().query('select * from wx_events')).toEqual([]);
      expect(await getDb().query('select * from wx_identities')).toEqual([]);
      expect(await h.status(code.ticket)).toBe('waiting');
    });
  });
});
