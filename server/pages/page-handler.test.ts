// @vitest-environment node
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type { PortalEnv } from '../../shared/portal-env';
import { createApp } from '../app';
import { readSettings } from '../config/settings';
import type { Renderer } from './page-handler';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

function setup(env: Record<string, string> = {}) {
  const seen: { url: string; env: PortalEnv; origin: string }[] = [];
  const renderer: Renderer = {
    renderPage: vi.fn(async (request: Request, options) => {
      seen.push({ url: request.url, env: options.env, origin: options.origin });
      const missing = new URL(request.url).pathname.includes('missing');
      return new Response(`<html><body>${options.env.brandId} ${new URL(request.url).pathname}</body></html>`, {
        status: missing ? 404 : 200,
        headers: { 'Content-Type': 'text/html; charset=UTF-8' },
      });
    }),
  };
  const app = createApp({
    settings: readSettings({ NODE_ENV: 'production', ...env }),
    getRenderer: async () => renderer,
    getManifest: async () => undefined,
    now: () => new Date('2026-11-21T12:00:00Z'),
  });
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(`http://localhost:3030${path}`, {
      headers: { host: 'localhost:3030', 'user-agent': WINDOWS, ...headers },
    });
  return { app, get, renderer, seen };
}

describe('language on the root path', () => {
  it('sends a first English-speaking visitor of / to /en and remembers the choice for 365 days', async () => {
    const res = await setup().get('/?utm_term=a', { 'accept-language': 'en-US,en;q=0.9' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en?utm_term=a');
    expect(res.headers.get('set-cookie')).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('renders / in Chinese for a Chinese or unknown browser language and sets the cookie', async () => {
    for (const language of ['zh-CN,zh;q=0.9', 'fr-FR', '']) {
      const res = await setup().get('/', { 'accept-language': language });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toContain('i18n_redirected=zh');
    }
  });

  it('lets a valid cookie win over the browser language, and ignores an invalid one', async () => {
    const kept = await setup().get('/', { 'accept-language': 'en', cookie: 'i18n_redirected=zh' });
    expect(kept.status).toBe(200);
    expect(kept.headers.get('set-cookie')).toBeNull();
    const english = await setup().get('/', { 'accept-language': 'zh', cookie: 'i18n_redirected=en' });
    expect(english.headers.get('location')).toBe('/en');
    const invalid = await setup().get('/', { 'accept-language': 'en', cookie: 'i18n_redirected=fr' });
    expect(invalid.headers.get('location')).toBe('/en');
  });

  it('never redirects a deep link by language', async () => {
    const res = await setup().get('/login', { 'accept-language': 'en' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('/login');
  });
});

describe('device rules', () => {
  it('sends mobile visitors to register before rendering, keeping the query', async () => {
    const { get, renderer } = setup();
    const res = await get('/business-college/operate/3?x=1', { 'user-agent': IPHONE });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/register?x=1&redirect=%2Fbusiness-college%2Foperate%2F3');
    expect(renderer.renderPage).not.toHaveBeenCalled();
  });

  it('sends an English mobile visitor of / to /en/register in one step', async () => {
    const res = await setup().get('/', { 'user-agent': IPHONE, 'accept-language': 'en' });
    expect(res.headers.get('location')).toBe('/en/register');
  });

  it('renders login, register and scan_code on mobile', async () => {
    const { get, seen } = setup();
    for (const path of ['/login', '/en/register', '/scan_code']) {
      expect((await get(path, { 'user-agent': IPHONE })).status).toBe(200);
    }
    expect(seen.every((entry) => entry.env.isMobile)).toBe(true);
  });

  it('sends desktop scan_code home', async () => {
    const res = await setup().get('/en/scan_code');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en');
  });
});

describe('brand and environment', () => {
  it('renders brand 2 for port 3031 or a host with the marker, brand 1 otherwise', async () => {
    const { app, seen } = setup();
    await app.request('http://localhost:3031/login', { headers: { host: 'localhost:3031' } });
    await app.request('http://x/login', { headers: { host: 'shop.creatorbox.example' } });
    await app.request('http://x/login', { headers: { host: 'localhost:3030' } });
    expect(seen.map((entry) => entry.env.brandId)).toEqual(['creatorbox', 'creatorbox', 'starreach']);
  });

  it('passes the edition, platform and year to the page', async () => {
    const { get, seen } = setup({ EDITION: 'regional' });
    await get('/login');
    expect(seen[0].env).toMatchObject({ edition: 'regional', platform: 'windows', isMobile: false, year: 2026 });
  });
});

describe('caching', () => {
  it('stores pages (never no-store) with an ETag, answers 304 and renders a page once', async () => {
    const { get, renderer } = setup();
    const first = await get('/login');
    const etag = first.headers.get('etag');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/login', { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(renderer.renderPage).toHaveBeenCalledTimes(1);
  });

  it('renders a page once for a burst of visitors arriving before it is cached; each gets the page', async () => {
    const { get, renderer } = setup();
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/en/login')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(new Set(bodies)).toEqual(new Set(['<html><body>starreach /en/login</body></html>']));
    expect(renderer.renderPage).toHaveBeenCalledTimes(1);
  });

  it('renders for each visitor when the shared render fails, and with the cache off', async () => {
    const { get, renderer } = setup();
    vi.mocked(renderer.renderPage).mockRejectedValueOnce(new Error('renderer failed'));
    const answers = await Promise.all(Array.from({ length: 3 }, () => get('/login')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 500]);
    const off = setup({ HTML_CACHE_SECONDS: '0' });
    await Promise.all(Array.from({ length: 3 }, () => off.get('/login')));
    expect(off.renderer.renderPage).toHaveBeenCalledTimes(3);
  });

  it('sends a cached page compressed as the browser accepts (brotli, else gzip), compressed once', async () => {
    const { get } = setup();
    const identity = await get('/login');
    const plain = await identity.text();
    const br = await get('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    // Each encoding has its own ETag (other bytes, another tag).
    expect(br.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(br.headers.get('etag')).not.toBe(identity.headers.get('etag'));
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBytes).toString()).toBe(plain);
    const again = Buffer.from(await (await get('/login', { 'accept-encoding': 'br' })).arrayBuffer());
    expect(again.equals(brBytes)).toBe(true);
    const gzip = await get('/login', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
    const refused = await get('/login', { 'accept-encoding': 'br;q=0, identity' });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(plain);
    // The ETag of a compressed answer gets a 304 too.
    const revalidated = await get('/login', { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag') ?? '' });
    expect(revalidated.status).toBe(304);
  });

  it('keeps the 404 status of an unknown page', async () => {
    const res = await setup().get('/missing-page');
    expect(res.status).toBe(404);
  });

  it('refuses other methods on pages (the auth pages also take their forms, server/pages/form-posts.ts)', async () => {
    const { app } = setup();
    const post = await app.request('http://localhost:3030/college', {
      method: 'POST',
      headers: { host: 'localhost:3030' },
    });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const put = await app.request('http://localhost:3030/login', {
      method: 'PUT',
      headers: { host: 'localhost:3030' },
    });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
  });
});

describe('api', () => {
  it('answers unknown API paths with the JSON envelope, in the request language', async () => {
    const { get } = setup();
    const zh = await get('/api/nope');
    expect(zh.status).toBe(404);
    expect(await zh.json()).toEqual({ code: 404, message: '接口不存在' });
    const en = await get('/api/nope', { 'accept-language': 'en-US' });
    expect(await en.json()).toEqual({ code: 404, message: 'No such API endpoint' });
  });
});

describe('the origin of absolute URLs', () => {
  it('never copies a forged Host header: unknown hosts get localhost on the arrival port', async () => {
    const { get, seen } = setup();
    await get('/business-college', { host: 'evil.example' });
    // Without TRUST_PROXY a client's X-Forwarded-Proto is not believed.
    await get('/login', { host: 'localhost:3030', 'x-forwarded-proto': 'https' });
    await get('/business-college', { host: 'creatorbox.localhost:3030' });
    expect(seen.map((s) => s.origin)).toEqual([
      'http://localhost:3030',
      'http://localhost:3030',
      'http://creatorbox.localhost:3030',
    ]);
  });

  it("uses the brand's PUBLIC_URL whatever the Host, and ALLOWED_HOSTS with the trusted scheme", async () => {
    const configured = setup({
      PUBLIC_URL: 'https://www.starreach.example',
      PUBLIC_URL_2: 'https://www.creatorbox.example/',
    });
    await configured.get('/', { host: 'evil.example', cookie: 'i18n_redirected=zh' });
    await configured.get('/', { host: 'x.creatorbox.example', cookie: 'i18n_redirected=zh' });
    expect(configured.seen.map((s) => s.origin)).toEqual([
      'https://www.starreach.example',
      'https://www.creatorbox.example',
    ]);

    const allowed = setup({ ALLOWED_HOSTS: 'www.example.com, .example.org' });
    await allowed.get('/login', { host: 'www.example.com' });
    await allowed.get('/login', { host: 'shop.example.org' });
    await allowed.get('/login', { host: 'example.com.evil.example' });
    expect(allowed.seen.map((s) => s.origin)).toEqual([
      'http://www.example.com',
      'http://shop.example.org',
      'http://localhost:3030',
    ]);
  });

  it('refuses an origin setting with a path or another scheme', () => {
    expect(() => readSettings({ PUBLIC_URL: 'https://www.example.com/shop' })).toThrow(/PUBLIC_URL must be/);
    expect(() => readSettings({ PUBLIC_URL_2: 'ftp://example.com' })).toThrow(/PUBLIC_URL_2 must be/);
  });
});

describe('demo aid', () => {
  it('tells the page to offer the simulator only when STANDINS=1 allows the stand-ins', async () => {
    const off = setup();
    await off.get('/login');
    expect(off.seen[0].env.demo).toBeUndefined();
    const on = setup({ STANDINS: '1' });
    await on.get('/login');
    expect(on.seen[0].env.demo).toBe(true);
  });
});

describe('signed-in visitors', () => {
  it('renders a page with the session cookie apart from the anonymous one, private, and never mixes the two', async () => {
    const { get, seen } = setup();
    const anonymous = await get('/login');
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
    const signedIn = await get('/login', { cookie: 'i18n_redirected=zh; Authorization=token-of-a' });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    expect(seen.map((render) => render.env.signedIn)).toEqual([undefined, true]);
    // Each variant comes from its own cache entry afterwards: no third render, each visitor gets their own.
    const anonymousAgain = await get('/login', { cookie: 'i18n_redirected=zh' });
    const otherSignedIn = await get('/login', { cookie: 'Authorization=token-of-b' });
    expect(seen).toHaveLength(2);
    expect(anonymousAgain.headers.get('cache-control')).toBe('no-cache');
    expect(anonymousAgain.headers.get('etag')).toBe(anonymous.headers.get('etag'));
    expect(otherSignedIn.headers.get('cache-control')).toBe('private, no-cache');
    // An empty cookie is no session, as in the browser.
    await get('/register', { cookie: 'Authorization=' });
    expect(seen.at(-1)?.env.signedIn).toBeUndefined();
  });
});
