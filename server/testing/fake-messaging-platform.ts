/**
 * A stand-in for the platform's API on a local port, for the tests and for trying `WX_PROVIDER=platform` by
 * hand (WX_API_URL=<its url>): the token endpoint (tokens expire after `tokenLifetime` seconds of the fake's
 * clock), temporary QR creation (checks the token; answers 42001 for an expired one, 40001 for an unknown one),
 * call counters, an optional delay on the token endpoint, and a one-shot errcode answer.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeQrRequest {
  accessToken: string;
  body: unknown;
}

export interface FakePlatform {
  url: string;
  tokenCalls: number;
  qrCalls: number;
  qrRequests: FakeQrRequest[];
  /** Seconds a new token lives (answered as expires_in). */
  tokenLifetime: number;
  /** Milliseconds the token endpoint waits before answering. */
  tokenDelayMs: number;
  /** The next `times` (default 1) QR creations answer with this errcode, whatever the token. */
  failNextQr(errcode: number, times?: number): void;
  /** Makes every issued token invalid, as when another server fetched a new one. */
  revokeTokens(): void;
  close(): Promise<void>;
}

export async function startFakePlatform(options: {
  accounts: Record<string, string>;
  now?: () => Date;
}): Promise<FakePlatform> {
  const now = options.now ?? (() => new Date());
  const tokens = new Map<string, { appId: string; expiresAt: number }>();
  let serial = 0;
  let failNext: number | null = null;
  let failTimes = 0;
  const state: FakePlatform = {
    url: '',
    tokenCalls: 0,
    qrCalls: 0,
    qrRequests: [],
    tokenLifetime: 7200,
    tokenDelayMs: 0,
    failNextQr: (errcode, times = 1) => {
      failNext = errcode;
      failTimes = times;
    },
    revokeTokens: () => tokens.clear(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', async () => {
      const json = (value: unknown) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'GET' && url.pathname === '/cgi-bin/token') {
        state.tokenCalls++;
        if (state.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, state.tokenDelayMs));
        const appId = url.searchParams.get('appid') ?? '';
        if (url.searchParams.get('grant_type') !== 'client_credential')
          return json({ errcode: 40002, errmsg: 'invalid grant_type' });
        if (!(appId in options.accounts)) return json({ errcode: 40013, errmsg: 'invalid appid' });
        if (options.accounts[appId] !== url.searchParams.get('secret'))
          return json({ errcode: 40125, errmsg: 'invalid appsecret' });
        const value = `token-${appId}-${++serial}`;
        tokens.set(value, { appId, expiresAt: now().getTime() + state.tokenLifetime * 1000 });
        return json({ access_token: value, expires_in: state.tokenLifetime });
      }
      if (req.method === 'POST' && url.pathname === '/cgi-bin/qrcode/create') {
        state.qrCalls++;
        const accessToken = url.searchParams.get('access_token') ?? '';
        let body: { expire_seconds?: number; action_name?: string; action_info?: { scene?: { scene_str?: string } } };
        try {
          body = JSON.parse(raw);
        } catch {
          return json({ errcode: 47001, errmsg: 'data format error' });
        }
        state.qrRequests.push({ accessToken, body });
        if (failNext !== null && failTimes > 0) {
          failTimes--;
          return json({ errcode: failNext, errmsg: 'fake failure' });
        }
        const token = tokens.get(accessToken);
        if (!token) return json({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid' });
        if (token.expiresAt <= now().getTime()) return json({ errcode: 42001, errmsg: 'access_token expired' });
        const scene = body.action_info?.scene?.scene_str;
        if (body.action_name !== 'QR_STR_SCENE' || !scene) return json({ errcode: 40053, errmsg: 'invalid action' });
        const ticket = `ticket-${serial}-${state.qrCalls}`;
        return json({
          ticket,
          expire_seconds: Math.min(body.expire_seconds ?? 60, 2_592_000),
          url: `http://weixin.qq.com/q/fake-${token.appId}-${encodeURIComponent(scene)}`,
        });
      }
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ errcode: 404, errmsg: 'not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
