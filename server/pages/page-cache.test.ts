// @vitest-environment node
/**
 * The page cache's correctness: every input that changes the HTML is in the key, so two brands,
 * languages, device classes or platforms never receive each other's page, on the Hono path (app.request) and on
 * the Node fast path in front of the app (server/main.ts); no visitor's cookie reaches a render; a hit renders
 * nothing and answers the stored encodings, ETags and headers; a new process renders changed content afresh.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalEnv } from '../../shared/portal-env';
import { createApp } from '../app';
import { readSettings } from '../config/settings';
import type { Renderer } from './page-handler';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';

/** A page that shows every input it was rendered from, and what the render saw of the request. */
function pageOf(url: string, env: PortalEnv, headers: Headers, content: string) {
  const path = new URL(url).pathname + new URL(url).search;
  return `<html><body>${env.brandId}|${env.isMobile ? 'mobile' : 'desktop'}|${env.platform}|${path}|${content}|cookie=${headers.get('cookie') ?? ''}|${'x'.repeat(2000)}</body></html>`;
}

function setup(content = { text: 'v1' }) {
  const renderer: Renderer = {
    renderPage: vi.fn(async (request: Request, options) => {
      const missing = new URL(request.url).pathname.includes('missing');
      return new Response(pageOf(request.url, options.env, request.headers, content.text), {
        status: missing ? 404 : 200,
        headers: { 'Content-Type': 'text/html; charset=UTF-8', 'Set-Cookie': 'router=never-stored' },
      });
    }),
  };
  const app = createApp({
    settings: readSettings({ NODE_ENV: 'production' }),
    getRenderer: async () => renderer,
    getManifest: async () => undefined,
  });
  return { app, renderer };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The app behind a real Node server with the fast path in front, as server/main.ts runs it. */
async function listen(app: ReturnType<typeof setup>['app']) {
  const honoListener = getRequestListener(app.fetch);
  const seen = { byApp: 0 };
  const server = createServer((req, res) => {
    if (app.pages.serveNode(req, res)) return;
    seen.byApp++;
    honoListener(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, seen };
}

type Get = (path: string, headers?: Record<string, string>, method?: 'GET' | 'HEAD') => Promise<Response>;

/** The two ways a request reaches the cache: Hono's middleware (app.request) and the Node fast path. */
const paths: [string, () => Promise<{ get: Get; renderer: Renderer; seen?: { byApp: number } }>][] = [
  [
    'app.request',
    async () => {
      const { app, renderer } = setup();
      const get: Get = async (path, headers = {}, method = 'GET') =>
        app.request(`http://localhost:3030${path}`, {
          method,
          headers: { host: 'localhost:3030', 'user-agent': WINDOWS, ...headers },
        });
      return { get, renderer };
    },
  ],
  [
    'the Node fast path',
    async () => {
      const { app, renderer } = setup();
      const { port, seen } = await listen(app);
      // node:http, not fetch: it sends the Host header asked for and hands the bytes as sent.
      const get: Get = (path, headers = {}, method = 'GET') =>
        new Promise((resolve, reject) => {
          request(
            {
              port,
              host: '127.0.0.1',
              path,
              method,
              headers: { host: 'localhost:3030', 'user-agent': WINDOWS, ...headers },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => {
                const answer = new Headers();
                for (const [name, value] of Object.entries(res.headers))
                  if (value !== undefined) answer.set(name, Array.isArray(value) ? value.join(', ') : value);
                const status = res.statusCode ?? 0;
                const body = status === 304 || status === 302 || method === 'HEAD' ? null : Buffer.concat(chunks);
                if (method === 'HEAD') answer.set('x-body-bytes', String(Buffer.concat(chunks).length));
                resolve(new Response(body, { status, headers: answer }));
              });
            },
          )
            .on('error', reject)
            .end();
        });
      return { get, renderer, seen };
    },
  ],
];

describe.each(paths)('the page cache through %s', (_name, make) => {
  it('never gives one brand the other brand’s page (same path, both cached)', async () => {
    const { get, renderer, seen } = await make();
    for (let round = 0; round < 2; round++) {
      // On Node, the second round never reaches the app: the fast path answers it.
      if (round === 1 && seen) expect(seen.byApp).toBe(3);
      expect(await (await get('/login')).text()).toContain('starreach|desktop');
      expect(await (await get('/login', { host: 'localhost:3031' })).text()).toContain('creatorbox|desktop');
      expect(await (await get('/login', { host: 'shop.creatorbox.example' })).text()).toContain('creatorbox|desktop');
    }
    // Rendered once per brand and host (the origin is part of the page), then answered from the cache.
    expect(renderer.renderPage).toHaveBeenCalledTimes(3);
    if (seen) expect(seen.byApp).toBe(3);
  });

  it('never gives one language, device class or platform another’s page', async () => {
    const { get, renderer } = await make();
    for (let round = 0; round < 2; round++) {
      expect(await (await get('/login')).text()).toContain('starreach|desktop|windows|/login|');
      expect(await (await get('/en/login')).text()).toContain('starreach|desktop|windows|/en/login|');
      expect(await (await get('/login', { 'user-agent': IPHONE })).text()).toContain('starreach|mobile|other|/login|');
      expect(await (await get('/login', { 'user-agent': MAC })).text()).toContain('starreach|desktop|mac|/login|');
      expect(await (await get('/login?redirect=/x')).text()).toContain('|/login?redirect=/x|');
    }
    expect(renderer.renderPage).toHaveBeenCalledTimes(5);
  });

  it('keeps the page rules in front of a cached page: mobile redirects, and the language of "/"', async () => {
    const { get } = await make();
    expect((await get('/en')).status).toBe(200);
    // /en is cached for desktops; a phone is still sent to register, a desktop still gets the page.
    expect((await get('/en', { 'user-agent': IPHONE })).headers.get('location')).toBe('/en/register');
    // "/" cached for a Chinese visitor; an English cookie or browser still goes to /en.
    const zh = await get('/', { 'accept-language': 'zh-CN' });
    expect(zh.status).toBe(200);
    expect(zh.headers.get('set-cookie')).toMatch(/^i18n_redirected=zh;/);
    expect((await get('/', { cookie: 'i18n_redirected=en' })).headers.get('location')).toBe('/en');
    expect((await get('/', { 'accept-language': 'en-US' })).headers.get('location')).toBe('/en');
    // The cookie is set for whoever has none, never stored with the page: a visitor with one gets none.
    const again = await get('/', { 'accept-language': 'zh-CN' });
    expect(again.headers.get('set-cookie')).toMatch(/^i18n_redirected=zh;/);
    const withCookie = await get('/', { cookie: 'i18n_redirected=zh' });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get('set-cookie')).toBeNull();
    expect(await withCookie.text()).toBe(await again.text());
    expect(withCookie.headers.get('vary')).toBe('User-Agent, Cookie, Accept-Language, Accept-Encoding');
  });

  it('never lets a visitor’s cookie reach a render, and never stores a router’s Set-Cookie', async () => {
    const { get } = await make();
    const first = await get('/login', { cookie: 'Authorization=secret-token; i18n_redirected=zh' });
    const text = await first.text();
    expect(text).toContain('|cookie=|');
    expect(text).not.toContain('secret-token');
    expect(first.headers.get('set-cookie')).toBeNull();
    const hit = await get('/login', { cookie: 'Authorization=other-token' });
    expect(await hit.text()).toBe(text);
    expect(hit.headers.get('set-cookie')).toBeNull();
  });

  it('gives WebKit the policy without manifest-src on a hit too, in every encoding', async () => {
    const { get } = await make();
    const webkit =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
    await get('/login');
    for (const encoding of ['br', 'gzip', 'identity']) {
      const others = await get('/login', { 'accept-encoding': encoding });
      expect(others.headers.get('content-security-policy')).toContain("manifest-src 'self'");
      const hit = await get('/login', { 'accept-encoding': encoding, 'user-agent': webkit });
      const policy = hit.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'none'");
      expect(policy).not.toContain('manifest-src');
    }
  });

  it('answers a hit with the stored encodings, ETags and full headers, and 304 to its ETag', async () => {
    const { get, renderer } = await make();
    const plain = await get('/login');
    const html = await plain.text();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await get('/login', { 'accept-encoding': encoding });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toBe('User-Agent, Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const body = Buffer.from(await res.arrayBuffer());
      // app.request hands the bytes as sent; Node's fetch decodes them: either way the same page.
      const text =
        res.headers.get('content-length') === String(body.length) ? decode(body).toString() : body.toString();
      expect(text).toBe(html);
      const etag = res.headers.get('etag') ?? '';
      expect(etag).not.toBe(plain.headers.get('etag'));
      const notModified = await get('/login', { 'accept-encoding': encoding, 'if-none-match': etag });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get('etag')).toBe(etag);
      expect(await notModified.text()).toBe('');
    }
    expect(renderer.renderPage).toHaveBeenCalledTimes(1);
    const head = await get('/login', { 'accept-encoding': 'identity' });
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(html)));
    // A HEAD hit: the same headers, no body.
    const headOnly = await get('/login', { 'accept-encoding': 'identity' }, 'HEAD');
    expect(headOnly.status).toBe(200);
    expect(headOnly.headers.get('content-length')).toBe(String(Buffer.byteLength(html)));
    expect(headOnly.headers.get('etag')).toBe(head.headers.get('etag'));
    expect(await headOnly.text()).toBe('');
    expect(headOnly.headers.get('x-body-bytes') ?? '0').toBe('0');
    expect((await get('/missing-page')).status).toBe(404);
    expect((await get('/missing-page')).status).toBe(404);
  });
});

describe('a new process', () => {
  it('renders changed content afresh (the cache is per process, in memory)', async () => {
    const content = { text: 'first version' };
    const before = setup(content);
    const get = (app: typeof before.app) =>
      app.request('http://localhost:3030/en/business-college', {
        headers: { host: 'localhost:3030', 'user-agent': WINDOWS },
      });
    expect(await (await get(before.app)).text()).toContain('first version');
    content.text = 'second version';
    // The running process keeps its cached page (HTML_CACHE_SECONDS); a restart (a new app) renders again.
    expect(await (await get(before.app)).text()).toContain('first version');
    const after = setup(content);
    expect(await (await get(after.app)).text()).toContain('second version');
  });
});
