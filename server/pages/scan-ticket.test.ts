// @vitest-environment node
/**
 * /scan_code with its code in the HTML (./scan-ticket.ts): each GET gets a ticket of its own that the status API
 * knows, the page is never stored nor served from the cache, a GET counts in the API's per-address limit (past
 * it the page comes without a code, and the API refuses that address too), and a HEAD, a prefetch or a failing
 * platform get the ordinary page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, it, vi } from 'vitest';
import type { QrCode } from '../../shared/contract/scan-login';
import type { CreateQrInput, MessagingProvider } from '../providers/messaging/types';
import { HOST, harness } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';
import type { Renderer } from './page-handler';

vi.setConfig({ testTimeout: 30_000 });

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

/** A page that writes the code it was given into its HTML, as the app's portal-env block does. */
const renderer: Renderer = {
  renderPage: async (request, { env }) =>
    new Response(
      `<html><body>${new URL(request.url).pathname}<script type="application/json" id="code">${JSON.stringify(env.scanCode ?? null)}</script></body></html>`,
      { status: 200, headers: { 'content-type': 'text/html' } },
    ),
};

function messaging() {
  const provider: MessagingProvider & { fail: boolean; created: CreateQrInput[] } = {
    kind: 'simulator',
    fail: false,
    created: [],
    async createQr(input) {
      if (provider.fail) throw new Error('platform down');
      provider.created.push(input);
      return { url: `${input.origin}/wx-sim?scene=${input.scene}&lang=${input.language}`, expiresIn: input.ttlSeconds };
    },
    async webhookToken() {
      return 'test-token';
    },
  };
  return provider;
}

function setup(getDb: Parameters<Parameters<typeof describeDatabases>[1]>[0]) {
  const platform = messaging();
  const h = harness(getDb(), { renderer, messaging: platform, production: true });
  const get = async (
    path: string,
    options: { ip?: string; method?: string; headers?: Record<string, string> } = {},
  ) => {
    const res = await h.app.request(
      `http://${HOST}${path}`,
      { method: options.method ?? 'GET', headers: { host: HOST, 'user-agent': PHONE, ...options.headers } },
      { incoming: { socket: { remoteAddress: options.ip ?? '203.0.113.20', localPort: 3030 } } },
    );
    const html = await res.text();
    const found = /<script type="application\/json" id="code">(.*?)<\/script>/.exec(html);
    return { res, html, code: found ? (JSON.parse(found[1]) as QrCode | null) : null };
  };
  /** Whether the Node fast path in front of the app (the page cache) answers this GET. */
  const servedFromCache = (path: string) => {
    const outgoing = { writeHead() {}, end() {} };
    const request = {
      method: 'GET',
      url: path,
      headers: { host: HOST, 'user-agent': PHONE },
      socket: { remoteAddress: '203.0.113.20', localPort: 3030 },
    };
    return h.app.serveNode(request as unknown as IncomingMessage, outgoing as unknown as ServerResponse);
  };
  return { h, platform, get, servedFromCache };
}

describeDatabases('/scan_code with its code in the page', (getDb) => {
  it('holds a ticket the status API knows, a new one for each GET, in the page language', async () => {
    const { h, get } = setup(getDb);
    const first = await get('/scan_code');
    expect(first.res.status).toBe(200);
    expect(first.code?.ticket).toMatch(/^[\w-]{43}$/);
    expect(first.code?.qrcode).toMatch(/^data:image\/png;base64,/);
    const status = await h.call<{ status: string }>(`/v2/wx/get_qr_status?ticket=${first.code?.ticket}`, {
      ip: '203.0.113.20',
    });
    expect(status.status).toBe(200);
    expect(status.body.data?.status).toBe('waiting');
    // The image is the code of the URL the page names.
    const png = PNG.sync.read(Buffer.from((first.code?.qrcode ?? '').split(',')[1], 'base64'));
    const rgba = new Uint8ClampedArray(png.width * png.height * 4);
    for (let i = 0; i < png.width * png.height; i++)
      rgba.set([png.data[i * 4], png.data[i * 4 + 1], png.data[i * 4 + 2], 255], i * 4);
    expect(jsQR(rgba, png.width, png.height)?.data).toBe(first.code?.qrUrl);

    const second = await get('/en/scan_code');
    expect(second.code?.ticket).toBeDefined();
    expect(second.code?.ticket).not.toBe(first.code?.ticket);
    expect(second.code?.qrUrl).toMatch(/lang=en$/);
    expect(await h.count('wx_login_tickets')).toBe(2);
  });

  it('is never stored nor served from the page cache', async () => {
    const { h, get, servedFromCache } = setup(getDb);
    const page = await get('/scan_code');
    expect(page.code).not.toBeNull();
    expect(page.res.headers.get('cache-control')).toBe('no-store');
    expect(page.res.headers.get('etag')).toBeNull();
    expect(h.app.pages.cache.size).toBe(0);
    // A HEAD makes no code; its ticketless page may be stored, but a GET is never answered with it.
    const head = await h.app.request(`http://${HOST}/scan_code`, {
      method: 'HEAD',
      headers: { host: HOST, 'user-agent': PHONE },
    });
    expect(head.status).toBe(200);
    expect(await h.count('wx_login_tickets')).toBe(1);
    expect(h.app.pages.cache.size).toBe(1);
    expect(servedFromCache('/scan_code')).toBe(false);
    const again = await get('/scan_code');
    expect(again.code?.ticket).not.toBe(page.code?.ticket);
    expect(again.res.headers.get('cache-control')).toBe('no-store');
  });

  it('counts in the per-address limit: past it the page comes without a code and the API refuses too', async () => {
    const { h, get } = setup(getDb);
    for (let i = 0; i < 10; i++) expect((await get('/scan_code', { ip: '203.0.113.30' })).code).not.toBeNull();
    const eleventh = await get('/scan_code', { ip: '203.0.113.30' });
    expect(eleventh.res.status).toBe(200);
    expect(eleventh.code).toBeNull();
    expect(eleventh.html).toContain('/scan_code');
    expect(eleventh.res.headers.get('cache-control')).toBe('no-cache');
    expect(await h.count('wx_login_tickets')).toBe(10);
    const api = await h.call('/v2/wx/create_login_qrcode', { body: {}, ip: '203.0.113.30' });
    expect(api.status).toBe(429);
    // Another address still gets its code.
    expect((await get('/scan_code', { ip: '203.0.113.31' })).code).not.toBeNull();
  });

  it('makes no code for a prefetch or a fetch, and renders the page when the platform fails', async () => {
    const { h, platform, get } = setup(getDb);
    const prefetch = await get('/scan_code', { headers: { 'sec-purpose': 'prefetch' } });
    expect(prefetch.res.status).toBe(200);
    expect(prefetch.code).toBeNull();
    const fetched = await get('/scan_code', { headers: { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' } });
    expect(fetched.code).toBeNull();
    expect(await h.count('wx_login_tickets')).toBe(0);
    const navigation = await get('/scan_code', {
      headers: { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
    });
    expect(navigation.code).not.toBeNull();
    platform.fail = true;
    const failed = await get('/en/scan_code');
    expect(failed.res.status).toBe(200);
    expect(failed.code).toBeNull();
    expect(failed.html).toContain('/en/scan_code');
  });
});
