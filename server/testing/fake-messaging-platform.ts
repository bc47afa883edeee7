/**
 * A stand-in for the platform's API on a local port, for the tests and for trying `WX_PROVIDER=platform` by
 * hand (WX_API_URL=<its url>): the token endpoint (tokens expire after `tokenLifetime` seconds of the fake's
 * clock), temporary QR creation (checks the token; answers 42001 for an expired one, 40001 for an unknown one),
 * call counters, an optional delay on the token endpoint, and a one-shot errcode answer; and the web authorisation
 * (`authorize` checks the adapter's authorise address and issues a one-use code; `sns/oauth2/access_token`
 * exchanges it for the open id, checking appid, secret, code and grant_type).
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
  /**
   * The authorise page's part, as the platform plays it: checks every parameter of the authorise address the
   * adapter made (appid, redirect_uri, response_type code, scope snsapi_base, state, #wechat_redirect) and answers
   * the callback address with a one-use code for `openId`, and the same state.
   */
  authorize(authorizeUrl: string, openId: string): string;
  /** Code exchanges asked (`sns/oauth2/access_token`), with their parameters. */
  oauthExchanges: Record<string, string>[];
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
  const codes = new Map<string, { appId: string; openId: string }>();
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
    oauthExchanges: [],
    authorize(authorizeUrl, openId) {
      const url = new URL(authorizeUrl);
      const params = Object.fromEntries(url.searchParams);
      const problems = [
        url.pathname === '/connect/oauth2/authorize' || 'path',
        url.hash === '#wechat_redirect' || 'no #wechat_redirect',
        params.appid in options.accounts || 'unknown appid',
        params.response_type === 'code' || 'response_type',
        params.scope === 'snsapi_base' || 'scope',
        /^[\w-]{1,128}$/.test(params.state ?? '') || 'state',
        /^https?:\/\//.test(params.redirect_uri ?? '') || 'redirect_uri',
        Object.keys(params).sort().join() === 'appid,redirect_uri,response_type,scope,state' || 'extra parameters',
      ].filter((ok) => ok !== true);
      if (problems.length) throw new Error(`fake platform: bad authorise address (${problems.join(', ')})`);
      const code = `code-${++serial}`;
      codes.set(code, { appId: params.appid, openId });
      const back = new URL(params.redirect_uri);
      back.search = new URLSearchParams({ code, state: params.state }).toString();
      return back.toString();
    },
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
      if (req.method === 'GET' && url.pathname === '/sns/oauth2/access_token') {
        const params = Object.fromEntries(url.searchParams);
        state.oauthExchanges.push(params);
        if (params.grant_type !== 'authorization_code') return json({ errcode: 40002, errmsg: 'invalid grant_type' });
        if (!(params.appid in options.accounts)) return json({ errcode: 40013, errmsg: 'invalid appid' });
        if (options.accounts[params.appid] !== params.secret)
          return json({ errcode: 40125, errmsg: 'invalid appsecret' });
        const issued = codes.get(params.code ?? '');
        // A code is good once, for the account that asked for it.
        if (!issued || issued.appId !== params.appid) return json({ errcode: 40029, errmsg: 'invalid code' });
        codes.delete(params.code);
        return json({
          access_token: `web-token-${++serial}`,
          expires_in: 7200,
          refresh_token: `refresh-${serial}`,
          openid: issued.openId,
          scope: 'snsapi_base',
        });
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
