// @vitest-environment node

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { readSettings } from '../config/settings';
import type { Renderer } from '../pages/page-handler';
import { contentSecurityPolicy, inlineHash, inlineScriptHashes, withoutManifestSrc } from './security-headers';

const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const ROUTER_SCRIPT = '(self.$R=self.$R||{})["tsr"]=[];';

const clientDir = mkdtempSync(join(tmpdir(), 'headers-client-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'assets/entry-abc.js'), 'console.log(1)');
writeFileSync(join(clientDir, 'robots.txt'), 'User-agent: *');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

function setup(env: Record<string, string> = {}, renderer?: Renderer) {
  const pages: Renderer = renderer ?? {
    renderPage: vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      return new Response(
        `<html><body><script type="application/json" id="portal-env">{"a":1}</script>${path}` +
          `<script>${ROUTER_SCRIPT}</script><script type="module" src="/assets/entry-abc.js"></script></body></html>`,
        { status: path.includes('missing') ? 404 : 200, headers: { 'Content-Type': 'text/html' } },
      );
    }),
  };
  const app = createApp({
    settings: readSettings({ NODE_ENV: 'production', ...env }),
    clientDir,
    getRenderer: async () => pages,
    getManifest: async () => undefined,
  });
  const get = (path: string, headers: Record<string, string> = {}, origin = 'http://localhost:3030') =>
    app.request(`${origin}${path}`, { headers: { host: 'localhost:3030', 'user-agent': WINDOWS, ...headers } });
  return { app, get };
}

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  for (const directive of [
    "default-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ])
    expect(csp).toContain(directive);
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).toMatch(/style-src 'self'/);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toMatch(/^(strict-origin-when-cross-origin|same-origin|no-referrer)$/);
  expect(res.headers.get('permissions-policy')).toContain('camera=()');
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

describe('security headers on every kind of response', () => {
  it('pages: the policy allows exactly the page’s inline scripts by hash, never the JSON data block', async () => {
    const res = await setup().get('/en/login');
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(inlineHash(ROUTER_SCRIPT));
    expect(csp).not.toContain(inlineHash('{"a":1}'));
    expect(csp).not.toContain('nonce-');
  });

  it('WebKit gets no manifest-src (it rejects the directive); Blink and Gecko keep it, from the same cached page', async () => {
    const { get } = setup();
    const agents = {
      chromium: WINDOWS,
      firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
      safari:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
      webkitgtk:
        'Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
      iosChrome:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1',
    };
    const policies: Record<string, string> = {};
    for (const [name, agent] of Object.entries(agents))
      policies[name] = (await get('/en/login', { 'user-agent': agent })).headers.get('content-security-policy') ?? '';
    for (const name of ['chromium', 'firefox']) expect(policies[name]).toContain("manifest-src 'self'");
    for (const name of ['safari', 'webkitgtk', 'iosChrome']) {
      expect(policies[name]).not.toContain('manifest-src');
      expect(policies[name]).toContain("default-src 'none'");
      expect(policies[name]).toContain(inlineHash(ROUTER_SCRIPT));
    }
    expect(policies.safari).toBe(withoutManifestSrc(policies.chromium));
    // Every response, not only pages.
    const api = await get('/api/health', { 'user-agent': agents.safari });
    expect(api.headers.get('content-security-policy')).not.toContain('manifest-src');
  });

  it('a cached page keeps its policy, and the HTML is the same bytes for every visitor', async () => {
    const { get } = setup();
    const first = await get('/login');
    const second = await get('/login', { cookie: 'Authorization=x' });
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
  });

  it('the 404 page, redirects, 405, API answers, assets, other static files and unknown assets', async () => {
    const { app, get } = setup();
    const responses = [
      await get('/missing'),
      await get('/', { 'accept-language': 'en' }),
      await app.request('http://localhost:3030/business-college', { method: 'POST' }),
      await get('/api/health'),
      await get('/api/no-such-call'),
      await get('/assets/entry-abc.js'),
      await get('/assets/gone.js'),
      await get('/robots.txt'),
    ];
    expect(responses.map((res) => res.status)).toEqual([404, 302, 405, 200, 404, 200, 404, 200]);
    for (const res of responses) expectSecurityHeaders(res);
  });

  it('the 500 page and the API’s 500 envelope', async () => {
    const failing: Renderer = { renderPage: async () => Promise.reject(new Error('renderer down')) };
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { get } = setup({}, failing);
    const page = await get('/en/login');
    expect(page.status).toBe(500);
    expectSecurityHeaders(page);
    log.mockRestore();
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = (res: Response) => res.headers.get('strict-transport-security');

  it('is absent over plain HTTP, even when the client claims HTTPS without a trusted proxy', async () => {
    const { get } = setup();
    expect(hsts(await get('/login'))).toBeNull();
    expect(hsts(await get('/login', { 'x-forwarded-proto': 'https' }))).toBeNull();
  });

  it('is sent for a direct HTTPS request and for HTTPS through a trusted proxy, on pages, API and files', async () => {
    const direct = await setup().get('/login', {}, 'https://localhost:3030');
    expect(hsts(direct)).toBe('max-age=63072000; includeSubDomains');
    const proxied = setup({ TRUST_PROXY: '1' });
    for (const path of ['/login', '/api/health', '/robots.txt']) {
      const res = await proxied.get(path, { 'x-forwarded-proto': 'https' });
      expect(hsts(res)).toMatch(/^max-age=(\d+); includeSubDomains$/);
      expect(Number(/max-age=(\d+)/.exec(hsts(res) ?? '')?.[1])).toBeGreaterThanOrEqual(31536000);
    }
    expect(hsts(await proxied.get('/login', { 'x-forwarded-proto': 'http' }))).toBeNull();
  });

  it('asks for preloading only with HSTS_PRELOAD=1', async () => {
    const res = await setup({ TRUST_PROXY: '1', HSTS_PRELOAD: '1' }).get('/', {
      'x-forwarded-proto': 'https',
      cookie: 'i18n_redirected=zh',
    });
    expect(hsts(res)).toBe('max-age=63072000; includeSubDomains; preload');
  });
});

describe('cookies the server sets', () => {
  it('the language cookie is SameSite=Lax everywhere and Secure only over HTTPS', async () => {
    const plain = await setup().get('/', { 'accept-language': 'en' });
    expect(plain.headers.get('set-cookie')).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
    const secure = await setup({ TRUST_PROXY: '1' }).get('/', {
      'accept-language': 'en',
      'x-forwarded-proto': 'https',
    });
    expect(secure.headers.get('set-cookie')).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; Secure; SameSite=Lax');
  });
});

describe('inline script hashes', () => {
  it('hash inline scripts only: not src scripts, JSON or JSON-LD blocks, nor empty ones', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/json">{}</script>' +
      '<script type="application/ld+json">{"@type":"Thing"}</script><script></script><script>a()</script>';
    expect(inlineScriptHashes(html)).toEqual([inlineHash('a()')]);
    // The value browsers compute: base64 of SHA-256 of the exact text.
    expect(inlineHash('a()')).toBe("'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='");
  });
});

describe('development policy', () => {
  it('allows inline styles and WebSockets only for npm run dev (Vite injects CSS and reloads over a socket)', () => {
    expect(contentSecurityPolicy({ development: true })).toMatch(
      /style-src 'self' 'unsafe-inline'.*connect-src 'self' ws: wss:/,
    );
    expect(contentSecurityPolicy()).not.toMatch(/unsafe-inline|ws:/);
  });
});

describe('third-party sources', () => {
  it('allows exactly the configured analytics and conversion origins, and none by default', () => {
    const policy = contentSecurityPolicy({
      thirdParty: { script: ['https://hm.example'], connect: ['https://hm.example', 'https://ads.example'] },
    });
    expect(policy).toContain("script-src 'self' https://hm.example;");
    expect(policy).toContain("img-src 'self' data: https://hm.example https://ads.example;");
    expect(policy).toContain("connect-src 'self' https://hm.example https://ads.example;");
    expect(contentSecurityPolicy()).not.toMatch(/https?:\/\//);
  });
});

describe('Tencent captcha', () => {
  const tencent = {
    CAPTCHA_PROVIDER: 'tencent',
    CAPTCHA_APP_ID: '190000001',
    CAPTCHA_APP_SECRET_KEY: 'app-secret-key',
    TENCENT_SECRET_ID: 'AKIDexample0001',
    TENCENT_SECRET_KEY: 'key-key-key',
  };

  it('pages allow exactly its script, frame and call origins when it is the provider, and none by default', async () => {
    const on = (await setup(tencent).get('/login')).headers.get('content-security-policy') ?? '';
    expect(on).toContain(
      "script-src 'self' https://turing.captcha.qcloud.com https://turing.captcha.gtimg.com 'sha256-",
    );
    expect(on).toContain('frame-src https://turing.captcha.qcloud.com https://turing.captcha.gtimg.com;');
    expect(on).toContain("connect-src 'self' https://turing.captcha.qcloud.com https://turing.captcha.gtimg.com;");
    const off = (await setup().get('/login')).headers.get('content-security-policy') ?? '';
    expect(off).not.toMatch(/captcha|frame-src|https?:\/\//);
    // API answers keep the strict default whatever the provider.
    const api = (await setup(tencent).get('/api/v2/captcha/config')).headers.get('content-security-policy') ?? '';
    expect(api).not.toContain('captcha.qcloud.com');
  });
});
