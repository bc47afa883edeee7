// @vitest-environment node
/**
 * The auth forms posted without the page's script: a refused form renders its page again with the messages in
 * the page's language and the values kept (never the password), a right one signs in with the app's cookie and
 * answers 303, a post from another site is refused, and nothing is written for a refused form.
 */
import { expect, it } from 'vitest';
import type { FormAnswer } from '../../shared/portal-env';
import { HOST, harness, PASSWORD } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';
import type { Renderer } from './page-handler';

/** A page that writes the form's answer into its HTML, as the app's portal-env block does. */
const renderer: Renderer = {
  renderPage: async (request, { env }) =>
    new Response(
      `<html><body>${new URL(request.url).pathname}<script type="application/json" id="answer">${JSON.stringify(env.formAnswer ?? null)}</script></body></html>`,
      { status: 200, headers: { 'content-type': 'text/html' } },
    ),
};

const ORIGIN = `http://${HOST}`;

function setup(getDb: Parameters<Parameters<typeof describeDatabases>[1]>[0]) {
  const h = harness(getDb(), { renderer });
  const post = async (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await h.app.request(
      `${ORIGIN}${path}`,
      {
        method: 'POST',
        headers: {
          host: HOST,
          origin: ORIGIN,
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        body: new URLSearchParams(fields).toString(),
      },
      { incoming: { socket: { remoteAddress: '203.0.113.9', localPort: 3030 } } },
    );
    const html = await res.text();
    const found = /<script type="application\/json" id="answer">(.*?)<\/script>/.exec(html);
    return { res, html, answer: found ? (JSON.parse(found[1]) as FormAnswer | null) : null };
  };
  return { h, post };
}

const login = (phone: string, password: string) => ({
  intent: 'login',
  way: 'password',
  phone,
  countryCode: '1',
  password,
});

describeDatabases('auth forms posted without the script', (getDb) => {
  it('answers an empty login with every field message, in the language of the page', async () => {
    const { h, post } = setup(getDb);
    const zh = await post('/login', login('', ''));
    expect(zh.res.status).toBe(400);
    expect(zh.res.headers.get('cache-control')).toBe('no-store');
    expect(zh.res.headers.get('set-cookie')).toBeNull();
    expect(zh.html).toContain('/login');
    expect(zh.answer).toEqual({
      intent: 'login',
      values: { countryCode: '1' },
      errors: { phone: '缺少手机号', password: '缺少密码' },
    });
    const en = await post('/en/login', login('', ''));
    expect(en.res.status).toBe(400);
    expect(en.answer?.errors).toEqual({ phone: 'Phone number is required', password: 'Password is required' });
    expect(await h.count('sessions')).toBe(0);
  });

  it('answers a wrong password with the API message, keeping the phone and never the password', async () => {
    const { h, post } = setup(getDb);
    await h.register('13800138000');
    const before = await h.count('sessions');
    const zh = await post('/login', login('138 0013 8000', 'not the password'));
    expect(zh.res.status).toBe(400);
    expect(zh.answer).toEqual({
      intent: 'login',
      values: { phone: '138 0013 8000', countryCode: '1' },
      errors: {},
      notice: '手机号或密码错误',
    });
    expect(zh.html).not.toContain('not the password');
    const en = await post('/en/login', login('13800138000', 'not the password'));
    expect(en.answer?.notice).toBe('Wrong phone number or password');
    expect(en.html).not.toContain('not the password');
    const invalid = await post('/en/login', login('1380013800', PASSWORD));
    expect(invalid.answer?.errors).toEqual({ phone: 'The phone number is not valid for the selected country' });
    expect(invalid.html).not.toContain(PASSWORD);
    expect(await h.count('sessions')).toBe(before);
  });

  it('signs in with the right password: the app session cookie for 7 days and 303 to the workbench', async () => {
    const { h, post } = setup(getDb);
    await h.register('13800138000');
    const zh = await post('/login', login('13800138000', PASSWORD));
    expect(zh.res.status).toBe(303);
    expect(zh.res.headers.get('location')).toBe('/workbench/function_introduction');
    const cookie = zh.res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^Authorization=[\w-]{43}; Max-Age=604800; Path=\/; SameSite=Lax$/);
    const token = cookie.slice('Authorization='.length, cookie.indexOf(';'));
    expect((await h.call('/v2/dm_user_base_info', { token })).status).toBe(200);
    const en = await post('/en/login', login('13800138000', PASSWORD));
    expect(en.res.headers.get('location')).toBe('/en/workbench/function_introduction');
  });

  it('follows a same-origin redirect target only', async () => {
    const { h, post } = setup(getDb);
    await h.register('13800138000');
    const target = async (redirect: string) =>
      (await post(`/login?redirect=${encodeURIComponent(redirect)}`, login('13800138000', PASSWORD))).res.headers.get(
        'location',
      );
    expect(await target('/college?tab=2')).toBe('/college?tab=2');
    for (const hostile of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/a/..//evil.example'])
      expect(await target(hostile), hostile).toBe('/workbench/function_introduction');
  });

  it('logs in by SMS code (the way field) and refuses a wrong code with the API business message', async () => {
    const { h, post } = setup(getDb);
    await h.register('13800138000');
    const code = await h.code('13800138000', 'login');
    const wrong = await post('/login', {
      intent: 'login',
      way: 'code',
      phone: '13800138000',
      countryCode: '1',
      code: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.res.status).toBe(400);
    expect(wrong.answer).toMatchObject({ errors: {}, notice: '验证码错误或已过期' });
    expect(wrong.answer?.values.way).toBe('code');
    const empty = await post('/en/login', { intent: 'login', way: 'code', phone: '13800138000', countryCode: '1' });
    expect(empty.answer?.errors).toEqual({ code: 'Verification code is required' });
    const right = await post('/login', { intent: 'login', way: 'code', phone: '13800138000', countryCode: '1', code });
    expect(right.res.status).toBe(303);
  });

  it('registers and resets through the same pages, with the API rules', async () => {
    const { h, post } = setup(getDb);
    const empty = await post('/register', { intent: 'register', countryCode: '1', nickname: '店主', password: 'x' });
    expect(empty.res.status).toBe(400);
    expect(empty.answer?.errors).toEqual({ phone: '缺少手机号', code: '缺少验证码' });
    expect(empty.answer?.values).toEqual({ countryCode: '1', nickname: '店主' });
    const code = await h.code('13800138000', 'register');
    const common = await post('/en/register', {
      intent: 'register',
      phone: '13800138000',
      countryCode: '1',
      code,
      nickname: 'shop',
      password: 'password1',
    });
    expect(common.answer?.errors).toEqual({ password: 'This password is too common, choose another one' });
    expect(await h.count('users')).toBe(0);
    const fields = { intent: 'register', phone: '13800138000', countryCode: '1', code, nickname: 'shop' };
    const registered = await post('/register', { ...fields, password: PASSWORD });
    expect(registered.res.status).toBe(303);
    expect(registered.res.headers.get('set-cookie')).toMatch(/^Authorization=/);
    expect(await h.count('users')).toBe(1);

    h.advance(61);
    const resetCode = await h.code('13800138000', 'reset');
    const reset = { intent: 'reset', phone: '13800138000', countryCode: '1', code: resetCode };
    // The reset form inside /login (the phone's tab) and /forget_password answer alike.
    const short = await post('/login?way=reset', { ...reset, password: 'short' });
    expect(short.answer).toMatchObject({ intent: 'reset', errors: { password: '密码长度须为 8 到 64 个字符' } });
    const done = await post('/en/forget_password', { ...reset, password: 'a brand new secret' });
    expect(done.res.status).toBe(303);
    expect(done.res.headers.get('location')).toBe('/en/login');
    expect(done.res.headers.get('set-cookie')).toBeNull();
    expect((await post('/login', login('13800138000', 'a brand new secret'))).res.status).toBe(303);
  });

  it('answers "Get code" pressed before the script in the page: it needs the script; values kept, no code sent', async () => {
    const { h, post } = setup(getDb);
    const before = await h.counts();
    const register = await post('/register', {
      intent: 'register',
      phone: '13800138000',
      countryCode: '1',
      nickname: '店主',
      password: 'a secret of mine',
      send: 'code',
    });
    expect(register.res.status).toBe(400);
    expect(register.res.headers.get('cache-control')).toBe('no-store');
    expect(register.answer).toEqual({
      intent: 'register',
      values: { phone: '13800138000', countryCode: '1', nickname: '店主' },
      errors: {
        code: '发送验证码需要本页的脚本（先完成安全验证）。页面还在加载时，请稍候再按一次“获取验证码”；如果浏览器关闭了 JavaScript，请开启后再试。',
      },
    });
    expect(register.html).not.toContain('a secret of mine');
    // The login's SMS way and the reset form (inside /login on a phone, and its own page) answer alike.
    const smsLogin = await post('/en/login?way=sms', {
      intent: 'login',
      way: 'code',
      phone: '13800138000',
      countryCode: '1',
      password: 'typed in the other way',
      send: 'code',
    });
    expect(smsLogin.answer).toMatchObject({ intent: 'login', values: { phone: '13800138000', way: 'code' } });
    expect(Object.keys(smsLogin.answer?.errors ?? {})).toEqual(['code']);
    expect(smsLogin.html).not.toContain('typed in the other way');
    for (const path of ['/login?way=reset', '/en/forget_password']) {
      const reset = await post(path, { intent: 'reset', phone: '', countryCode: '1', send: 'code' });
      expect(reset.res.status).toBe(400);
      expect(reset.answer).toMatchObject({ intent: 'reset', values: { countryCode: '1' } });
      expect(Object.keys(reset.answer?.errors ?? {})).toEqual(['code']);
    }
    // Nothing was sent or written.
    expect(await h.counts()).toEqual(before);
    expect(h.log).toEqual([]);
  });

  it('refuses a post from another site, writing nothing', async () => {
    const { h, post } = setup(getDb);
    await h.register('13800138000');
    const before = await h.counts();
    const refused = [
      await post('/login', login('13800138000', PASSWORD), {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      }),
      // An older browser without Fetch Metadata: its Origin decides.
      await post('/en/login', login('13800138000', PASSWORD), { origin: 'https://evil.example', 'sec-fetch-site': '' }),
      await post('/login', login('13800138000', PASSWORD), { origin: 'null', 'sec-fetch-site': 'same-site' }),
    ];
    for (const { res } of refused) {
      expect(res.status).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect(refused[0].html).toBe('已拒绝来自其他网站的表单提交。');
    expect(refused[1].html).toBe('A form sent from another site was refused.');
    expect(await h.counts()).toEqual(before);
  });

  it('counts form logins in the API limits: the back-off answers 429 with the wait', async () => {
    const { h, post } = setup(getDb);
    await h.register('13800138000');
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 12 && last?.res.status !== 429; i++)
      last = await post('/login', login('13800138000', 'wrong one!'));
    expect(last?.res.status).toBe(429);
    expect(last?.answer?.notice).toMatch(/秒|分钟/);
    // The API sees the same lock-out for this phone from this address (the forms' 203.0.113.9)...
    const api = await h.call('/v2/web/userlogin', {
      body: { phone: '13800138000', countryCode: 1, password: PASSWORD },
      ip: '203.0.113.9',
    });
    expect(api.status).toBe(429);
    // ...while the address that signed in to the account before still gets in (decision 045).
    const home = await h.call('/v2/web/userlogin', {
      body: { phone: '13800138000', countryCode: 1, password: PASSWORD },
    });
    expect(home.status).toBe(200);
  });
});
