// @vitest-environment node
/**
 * The phone pages through the real app on PGlite and PostgreSQL: the simulator (identities, scan through the
 * webhook, ban, both languages, JSON and plain-form posts, only with the simulator provider) and the confirm
 * page (confirm, cancel, expired, invalid, banned), and that the site's mobile page rules leave them alone.
 */
import { describe, expect, it } from 'vitest';
import { createPlatformProvider } from '../providers/messaging/platform';
import { describeDatabases } from '../testing/databases';
import { BRAND2_HOST, IPHONE, SIM_OWNER_HASH, wxHarness } from '../testing/wx-callback-harness';

interface ScanAnswer {
  code: number;
  message: string;
  data?: { openId: string; event: string; reply: string | null };
  identitiesHtml?: string;
  banFormsHtml?: string;
  replyHtml?: string;
}

const form = (values: Record<string, string>) => ({
  method: 'POST' as const,
  contentType: 'application/x-www-form-urlencoded',
  body: new URLSearchParams(values).toString(),
});

describeDatabases('phone pages', (getDb) => {
  async function scan(h: ReturnType<typeof wxHarness>, body: Record<string, string>, host?: string) {
    const res = await h.request('/wx-sim/scan', {
      method: 'POST',
      contentType: 'application/json',
      body: JSON.stringify(body),
      host,
      headers: { accept: 'application/json', 'user-agent': IPHONE },
    });
    return { status: res.status, body: (await res.json()) as ScanAnswer };
  }

  describe('malformed scan posts (found by the fuzz suite)', () => {
    it.each(['-2147483618', '"text"', 'null', '[1,2]', 'true'])('a JSON body %s is a 400, not a 500', async (body) => {
      const h = wxHarness(getDb());
      const res = await h.request('/wx-sim/scan', {
        method: 'POST',
        contentType: 'application/json',
        body,
        headers: { accept: 'application/json', 'user-agent': IPHONE },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 400, message: '请选择一个微信身份' });
    });
  });

  describe('escaping by default', () => {
    it('renders hostile nicknames as text on the simulator, in its JSON fragments and on the confirm page', async () => {
      const h = wxHarness(getDb());
      const hostile = "\"><script>alert(1)</script><b a='x'>";
      const escaped = '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;b a=&#39;x&#39;&gt;';
      const { openId } = await h.account({ nickname: hostile });
      const code = await h.createCode();
      const page = await (await h.request(`/wx-sim?scene=${code.scene}`)).text();
      expect(page).toContain(escaped);
      expect(page).not.toContain('<script>alert(1)');
      const res = await scan(h, { scene: code.scene, openId, lang: 'en' });
      expect(res.body.identitiesHtml).toContain(escaped);
      expect(res.body.identitiesHtml).not.toContain('<script>alert(1)');
      expect(res.body.replyHtml).not.toContain('<script>alert(1)');
      const link = /href="([^"]+)"/.exec(res.body.replyHtml ?? '')?.[1].replaceAll('&amp;', '&') ?? '';
      const confirm = await (await h.request(`${new URL(link).pathname}${new URL(link).search}`)).text();
      expect(confirm).toContain(escaped);
      expect(confirm).not.toContain('<script>alert(1)');
    });
  });

  describe('simulator ownership', () => {
    /** A second phone browser: its own owner cookie, as a real browser would keep it. */
    const OTHER = { cookie: 'wx_sim_owner=another-phone-browser-secret-000000000000000' };

    it('a browser gets an HttpOnly owner cookie and sees only the identities it made', async () => {
      const h = wxHarness(getDb());
      const mine = await h.account({ nickname: '我的号' });
      const code = await h.createCode();
      const fresh = await h.request(`/wx-sim?scene=${code.scene}`, { headers: { cookie: '' } });
      const cookie = fresh.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^wx_sim_owner=[\w-]{43}; Max-Age=2592000; Path=\/wx-sim; HttpOnly; SameSite=Lax$/);
      expect(await fresh.text()).not.toContain('我的号');
      const other = await (await h.request(`/wx-sim?scene=${code.scene}`, { headers: OTHER })).text();
      expect(other).not.toContain('我的号');
      expect(other).not.toContain(mine.openId);
      const own = await (await h.request(`/wx-sim?scene=${code.scene}`)).text();
      expect(own).toContain('我的号');
    });

    it("refuses to scan with, ban or unban another browser's identity", async () => {
      const h = wxHarness(getDb());
      const victim = await h.account({ nickname: 'Victim' });
      const code = await h.createCode();
      const scanned = await h.request('/wx-sim/scan', {
        method: 'POST',
        contentType: 'application/json',
        body: JSON.stringify({ scene: code.scene, openId: victim.openId, lang: 'en' }),
        headers: { ...OTHER, 'user-agent': IPHONE },
      });
      expect(scanned.status).toBe(404);
      expect(await scanned.json()).toEqual({ code: 404, message: 'This WeChat identity does not exist' });
      expect(await h.status(code.ticket)).toBe('waiting');

      // Without any cookie a known identity is refused too (a new cookie is never made for it).
      const anonymous = await h.request('/wx-sim/scan', {
        method: 'POST',
        contentType: 'application/json',
        body: JSON.stringify({ scene: code.scene, openId: victim.openId }),
        headers: { cookie: '', 'user-agent': IPHONE },
      });
      expect(anonymous.status).toBe(404);
      expect(anonymous.headers.get('set-cookie')).toBeNull();

      const banned = await h.request('/wx-sim/ban', {
        ...form({ openId: victim.openId, banned: 'true', lang: 'en' }),
        headers: OTHER,
      });
      expect(banned.status).toBe(404);
      const [row] = await getDb().query<{ banned_at: Date | null }>(
        'select banned_at from wx_identities where open_id = $1',
        [victim.openId],
      );
      expect(row.banned_at).toBeNull();
    });

    it('identities without an owner (the real platform, or made before) are shown to nobody', async () => {
      const h = wxHarness(getDb());
      await getDb().query(
        `insert into wx_identities (tenant_id, open_id, nickname, created_at) values (14, 'oPLATFORMxxxxxxxxxxxxxxxxxxx', '平台用户', $1)`,
        [h.now()],
      );
      const code = await h.createCode();
      expect(await (await h.request(`/wx-sim?scene=${code.scene}`)).text()).not.toContain('平台用户');
      const res = await scan(h, { scene: code.scene, openId: 'oPLATFORMxxxxxxxxxxxxxxxxxxx' });
      expect(res.status).toBe(404);
    });
  });

  describe('simulator', () => {
    it('renders a mobile page in the asked language, listing the tenant’s identities', async () => {
      const h = wxHarness(getDb());
      const bound = await h.account({ nickname: '小店主' });
      await getDb().query(
        `insert into wx_identities (tenant_id, open_id, nickname, created_at, banned_at, owner_hash)
         values (14, 'oBANNEDxxxxxxxxxxxxxxxxxxxxxx', '坏人', $1, $1, $2), (51, 'oOTHERxxxxxxxxxxxxxxxxxxxxxxx', '别家', $1, null, $2)`,
        [h.now(), SIM_OWNER_HASH],
      );
      const code = await h.createCode();
      const res = await h.request(`/wx-sim?scene=${code.scene}&lang=zh`, { headers: { 'user-agent': IPHONE } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await res.text();
      expect(html).toContain('<html lang="zh-CN">');
      expect(html).toContain('微信（模拟器）');
      expect(html).toContain('wx 小店主');
      expect(html).toContain('138****8000');
      expect(html).toContain('坏人');
      expect(html).toContain('已封禁');
      expect(html).toContain('解除封禁');
      expect(html).not.toContain('别家');
      expect(html).toContain(`value="${code.scene}"`);
      expect(html).toMatch(/<button type="submit" class="primary" id="scan-button">扫一扫<\/button>/);
      expect(html).not.toMatch(/https?:\/\/(?!localhost)[^"'\s]+\.(js|css|png)/);
      expect(bound.openId).toMatch(/^o/);

      const en = await (await h.request(`/wx-sim?scene=${code.scene}`, { lang: 'en' })).text();
      expect(en).toContain('<html lang="en">');
      expect(en).toContain('WeChat (simulator)');
      expect(en).toContain('>Scan</button>');
      expect(en).toContain('Simulate ban');

      const noScene = await (await h.request('/wx-sim')).text();
      expect(noScene).toContain('没有二维码信息');
      expect(noScene).toContain('id="scan-button" disabled');
    });

    it('a new identity scans: it is stored with its nickname and told to bind on the computer', async () => {
      const h = wxHarness(getDb());
      const code = await h.createCode();
      const res = await scan(h, { scene: code.scene, nickname: '  新朋友 ' });
      expect(res.status).toBe(200);
      expect(res.body.data?.event).toBe('subscribe');
      const openId = res.body.data!.openId;
      expect(openId).toMatch(/^o[\w-]{27}$/);
      expect(res.body.replyHtml).toBe('该微信尚未绑定星达通账号，请回到电脑上绑定已有账号或注册新账号。');
      expect(res.body.identitiesHtml).toContain('新朋友');
      expect(res.body.identitiesHtml).toContain(`value="${openId}" checked`);
      expect(res.body.banFormsHtml).toContain(`value="${openId}"`);
      expect(await getDb().query('select tenant_id, open_id, nickname, user_id from wx_identities')).toEqual([
        { tenant_id: 14, open_id: openId, nickname: '新朋友', user_id: null },
      ]);
      expect(await h.status(code.ticket)).toBe('unbound');
      const poll = await h.json<{ identity: { nickname: string } }>(`/api/v2/wx/get_qr_status?ticket=${code.ticket}`);
      expect(poll.body.data?.identity.nickname).toBe('新朋友');
      // The same identity scanning again is a known one now: a SCAN event.
      h.advance(1);
      const again = await scan(h, { scene: code.scene, openId });
      expect(again.body.data?.event).toBe('SCAN');
    });

    it('a bound identity scans: the reply links to the confirm page, which logs the computer in', async () => {
      const h = wxHarness(getDb());
      const { openId, userId } = await h.account({ nickname: 'Shop <owner>' });
      const code = await h.createCode();
      const res = await scan(h, { scene: code.scene, openId, lang: 'en' });
      expect(res.status).toBe(200);
      const match =
        /^Shop &lt;owner&gt;, you are logging in to StarReach on a computer\. <a href="(http:\/\/localhost:3030\/wx\/confirm\?scene=[\w-]+&amp;t=[\w-]+&amp;lang=en)" data-testid="confirm-link">Confirm the login<\/a>$/.exec(
          res.body.replyHtml ?? '',
        );
      expect(match, res.body.replyHtml).not.toBeNull();
      const link = new URL(match![1].replaceAll('&amp;', '&'));
      const page = await h.request(`${link.pathname}${link.search}`, { headers: { 'user-agent': IPHONE } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('Log in to StarReach on the computer?');
      expect(html).toContain('138****8000');
      expect(html).toContain('>Confirm login</button>');
      expect(html).toContain('>Cancel</button>');
      const done = await h.request(
        '/wx/confirm',
        form({ scene: link.searchParams.get('scene')!, t: link.searchParams.get('t')!, lang: 'en', action: 'confirm' }),
      );
      expect(await done.text()).toContain('Confirmed. Continue on your computer.');
      const poll = await h.json<{ userInfo: { userId: number } }>(`/api/v2/wx/get_qr_status?ticket=${code.ticket}`);
      expect(poll.body.data).toMatchObject({ status: 'bound', userInfo: { userId } });
    });

    it('works without JavaScript: the plain form post renders the page with the reply', async () => {
      const h = wxHarness(getDb());
      const code = await h.createCode();
      const res = await h.request(
        '/wx-sim/scan',
        form({ scene: code.scene, lang: 'zh', identity: 'new', nickname: '表单用户' }),
      );
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('data-testid="sim-reply"');
      expect(html).toContain('该微信尚未绑定星达通账号');
      expect(html).toContain('表单用户');
      const empty = await h.request(
        '/wx-sim/scan',
        form({ scene: code.scene, lang: 'zh', identity: 'new', nickname: ' ' }),
      );
      expect(empty.status).toBe(400);
      expect(await empty.text()).toContain('请填写昵称（1–32 个字）');
    });

    it('says so when the code expired, and refuses unknown identities and bad input', async () => {
      const h = wxHarness(getDb());
      const code = await h.createCode();
      h.advance(301);
      const late = await scan(h, { scene: code.scene, nickname: '迟到', lang: 'en' });
      expect(late.body.replyHtml).toBe('The QR code has expired. Reload it on the computer and scan again.');
      const unknown = await scan(h, { scene: code.scene, openId: 'oUNKNOWNxxxxxxxxxxxxxxxxxxxx' });
      expect(unknown).toMatchObject({ status: 404, body: { message: '该微信身份不存在' } });
      expect((await scan(h, { scene: 'bad scene', nickname: 'x' })).status).toBe(400);
      expect((await scan(h, { scene: code.scene, nickname: 'x', extra: '1' })).status).toBe(400);
      const foreign = await h.request('/wx-sim/scan', {
        method: 'POST',
        contentType: 'application/json',
        body: JSON.stringify({ scene: code.scene, nickname: 'x' }),
        headers: { origin: 'http://evil.example' },
      });
      expect(foreign.status).toBe(403);
    });

    it('bans and unbans an identity; a banned identity’s scan is refused and the code reads banned', async () => {
      const h = wxHarness(getDb());
      const { openId } = await h.account();
      const code = await h.createCode();
      const ban = await h.request('/wx-sim/ban', form({ openId, banned: 'true', scene: code.scene, lang: 'en' }));
      expect(ban.status).toBe(303);
      expect(ban.headers.get('location')).toBe(`/wx-sim?scene=${code.scene}&lang=en`);
      const [row] = await getDb().query<{ banned_at: Date | null }>(
        'select banned_at from wx_identities where open_id = $1',
        [openId],
      );
      expect(row.banned_at).toEqual(h.now());
      const res = await scan(h, { scene: code.scene, openId });
      expect(res.body.replyHtml).toBe('账号已被封禁，无法登录。');
      expect(await h.status(code.ticket)).toBe('banned');
      const page = await (await h.request(`/wx-sim?scene=${code.scene}`)).text();
      expect(page).toContain('解除封禁');
      await h.request('/wx-sim/ban', form({ openId, banned: 'false', scene: code.scene }));
      const code2 = await h.createCode();
      h.advance(1);
      expect((await scan(h, { scene: code2.scene, openId })).body.replyHtml).toContain('点此确认登录');
      expect(
        (await h.request('/wx-sim/ban', form({ openId: 'oNOPExxxxxxxxxxxxxxxxxxxxxxxx', banned: 'true' }))).status,
      ).toBe(404);
      expect((await h.request('/wx-sim/ban', form({ openId, banned: 'maybe' }))).status).toBe(400);
    });

    it('serves brand 2 its own identities and name', async () => {
      const h = wxHarness(getDb());
      await h.account({ tenantId: 51, nickname: '二号' });
      await h.account({ tenantId: 14, nickname: '一号' });
      const html = await (await h.request('/wx-sim', { host: BRAND2_HOST })).text();
      expect(html).toContain('wx 二号');
      expect(html).not.toContain('wx 一号');
      expect(html).toContain('达人宝');
    });

    it('does not exist with the platform provider', async () => {
      const messaging = createPlatformProvider({
        apiUrl: 'http://127.0.0.1:1',
        token: 'hook',
        account: { appId: 'a', appSecret: 'b' },
      });
      const h = wxHarness(getDb(), { messaging });
      expect((await h.request('/wx-sim', { headers: { 'user-agent': IPHONE } })).status).toBe(404);
      expect((await h.request('/wx-sim/scan', form({ scene: 'L1', nickname: 'x' }))).status).toBe(404);
      expect((await h.request('/wx-sim/ban', form({ openId: 'o', banned: 'true' }))).status).toBe(404);
      // The confirm page is ours with any provider.
      expect((await h.request('/wx/confirm?scene=L1&t=aaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
    });
  });

  describe('confirm page', () => {
    async function scanned(h: ReturnType<typeof wxHarness>) {
      const { openId } = await h.account();
      const code = await h.createCode();
      const res = await scan(h, { scene: code.scene, openId });
      const t = /t=([\w-]+)/.exec(res.body.replyHtml ?? '')![1];
      return { code, t, openId };
    }

    it('is not redirected by the mobile page rules and says which account logs in', async () => {
      const h = wxHarness(getDb());
      const { code, t } = await scanned(h);
      const res = await h.request(`/wx/confirm?scene=${code.scene}&t=${t}`, { headers: { 'user-agent': IPHONE } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      const html = await res.text();
      expect(html).toContain('<html lang="zh-CN">');
      expect(html).toContain('在电脑上登录星达通？');
      expect(html).toContain('138****8000');
      expect(html).toContain('>确认登录</button>');
      expect(html).toContain('>取消</button>');
    });

    it('says which computer the login is for: its browser and system, and its address masked', async () => {
      const h = wxHarness(getDb());
      const { openId } = await h.account();
      const windowsChrome =
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
      const code = await h.createCode({ headers: { 'user-agent': windowsChrome } });
      const res = await scan(h, { scene: code.scene, openId });
      const t = /t=([\w-]+)/.exec(res.body.replyHtml ?? '')![1];
      const html = await (
        await h.request(`/wx/confirm?scene=${code.scene}&t=${t}`, { headers: { 'user-agent': IPHONE } })
      ).text();
      expect(html).toContain('<dd data-testid="confirm-device">Chrome · Windows</dd>');
      // The harness's computer is 203.0.113.7: shown without its last part.
      expect(html).toContain('<dd data-testid="confirm-address">203.0.113.x</dd>');
      expect(html).not.toContain('203.0.113.7');
      expect(html).toContain('如果这不是您面前的电脑');
    });

    it('cancel puts the code back to waiting; the link is then invalid', async () => {
      const h = wxHarness(getDb());
      const { code, t } = await scanned(h);
      expect(await h.status(code.ticket)).toBe('scanned');
      const res = await h.request('/wx/confirm', form({ scene: code.scene, t, action: 'cancel' }));
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('已取消登录');
      expect(await h.status(code.ticket)).toBe('waiting');
      const again = await h.request(`/wx/confirm?scene=${code.scene}&t=${t}`);
      expect(again.status).toBe(404);
      expect(await again.text()).toContain('此确认链接无效或已使用');
      const post = await h.request('/wx/confirm', form({ scene: code.scene, t, action: 'confirm' }));
      expect(post.status).toBe(404);
      expect(await h.status(code.ticket)).toBe('waiting');
    });

    it('a wrong token confirms nothing; an expired code says expired; a banned identity says banned', async () => {
      const h = wxHarness(getDb());
      const { code, t, openId } = await scanned(h);
      const wrong = await h.request(
        '/wx/confirm',
        form({ scene: code.scene, t: `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`, action: 'confirm' }),
      );
      expect(wrong.status).toBe(404);
      expect(await h.status(code.ticket)).toBe('scanned');

      await getDb().query('update wx_identities set banned_at = $1 where open_id = $2', [h.now(), openId]);
      const banned = await h.request('/wx/confirm', form({ scene: code.scene, t, action: 'confirm', lang: 'en' }));
      expect(banned.status).toBe(403);
      expect(await banned.text()).toContain('Account is banned');
      expect(await h.status(code.ticket)).toBe('banned');

      const next = await scanned(h);
      h.advance(301);
      const late = await h.request('/wx/confirm', form({ scene: next.code.scene, t: next.t, action: 'confirm' }));
      expect(late.status).toBe(410);
      expect(await late.text()).toContain('二维码已过期');
    });

    it('refuses malformed and cross-site posts', async () => {
      const h = wxHarness(getDb());
      const { code, t } = await scanned(h);
      expect((await h.request('/wx/confirm?scene=x')).status).toBe(400);
      expect((await h.request('/wx/confirm', form({ scene: code.scene, t, action: 'steal' }))).status).toBe(400);
      const json = await h.request('/wx/confirm', {
        method: 'POST',
        contentType: 'application/json',
        body: JSON.stringify({ scene: code.scene, t, action: 'confirm' }),
      });
      expect(json.status).toBe(400);
      const foreign = await h.request('/wx/confirm', {
        ...form({ scene: code.scene, t, action: 'confirm' }),
        headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(foreign.status).toBe(400);
      expect(await h.status(code.ticket)).toBe('scanned');
    });
  });
});
