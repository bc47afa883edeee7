/**
 * The platform adapter (WX_PROVIDER=platform): temporary QR codes (`cgi-bin/qrcode/create`) with an access token
 * (`cgi-bin/token`) cached per account until 5 minutes before it expires, fetched once for concurrent callers and
 * fetched again once when a call says it is no good; and the official account's web authorisation (OAuth2
 * `connect/oauth2/authorize`, scope snsapi_base, then `sns/oauth2/access_token` for the open id).
 */
import type { BrandId } from '../../../shared/brand';
import type { WxAccount } from '../../config/settings';
import type { CreatedQr, CreateQrInput, MessagingProvider, OAuthStartInput } from './types';

export class PlatformError extends Error {
  constructor(
    message: string,
    readonly errcode?: number,
  ) {
    super(message);
  }
}

/** Errcodes that mean "this access token is no good": fetch a new one and try again (once). */
const TOKEN_ERRORS = new Set([40001, 42001, 40014]);
/** The cached token is dropped this long before the platform says it expires. */
const EARLY_MS = 5 * 60 * 1000;

export interface PlatformOptions {
  apiUrl: string;
  /** The webhook token (one for every account of this install). */
  token: string;
  /** Brand 1's account, and brand 2's (brand 1's when absent). */
  account: WxAccount;
  account2?: WxAccount;
  now?: () => Date;
  timeoutMs?: number;
  /** Where the authorise page is (default https://open.weixin.qq.com; tests point it at the fake). */
  oauthUrl?: string;
}

export interface PlatformProvider extends MessagingProvider {
  kind: 'platform';
  /** The cached (or a freshly fetched) access token of the brand's account. */
  accessToken(brandId: BrandId): Promise<string>;
}

export function createPlatformProvider(options: PlatformOptions): PlatformProvider {
  const now = options.now ?? (() => new Date());
  const base = options.apiUrl.replace(/\/+$/, '');
  /** Each account's token and the epoch ms after which it is fetched again. */
  const cache = new Map<string, { value: string; refreshAt: number }>();
  const inFlight = new Map<string, Promise<string>>();

  const accountOf = (brandId: BrandId): WxAccount =>
    brandId === 'creatorbox' ? (options.account2 ?? options.account) : options.account;

  async function call(what: string, url: string, init?: RequestInit): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 8000) });
    } catch (error) {
      throw new PlatformError(`WeChat platform: ${what} failed: ${error instanceof Error ? error.message : error}`);
    }
    const text = await response.text();
    if (!response.ok) throw new PlatformError(`WeChat platform: ${what} answered HTTP ${response.status}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new PlatformError(`WeChat platform: ${what} answered something that is not JSON`);
    }
    if (!body || typeof body !== 'object') throw new PlatformError(`WeChat platform: ${what} answered no object`);
    const answer = body as Record<string, unknown>;
    if (typeof answer.errcode === 'number' && answer.errcode !== 0)
      throw new PlatformError(
        `WeChat platform: ${what} refused: errcode ${answer.errcode} ${String(answer.errmsg ?? '')}`.trim(),
        answer.errcode,
      );
    return answer;
  }

  async function fetchToken(account: WxAccount): Promise<string> {
    const query = new URLSearchParams({
      grant_type: 'client_credential',
      appid: account.appId,
      secret: account.appSecret,
    });
    const answer = await call('the access-token request', `${base}/cgi-bin/token?${query}`);
    const value = answer.access_token;
    const expiresIn = answer.expires_in;
    if (typeof value !== 'string' || !value || typeof expiresIn !== 'number' || expiresIn <= 0)
      throw new PlatformError('WeChat platform: the access-token answer has no access_token/expires_in');
    const lifetime = expiresIn * 1000;
    const keep = lifetime > 2 * EARLY_MS ? lifetime - EARLY_MS : lifetime / 2;
    cache.set(account.appId, { value, refreshAt: now().getTime() + keep });
    return value;
  }

  function accessToken(brandId: BrandId): Promise<string> {
    const account = accountOf(brandId);
    const cached = cache.get(account.appId);
    if (cached && now().getTime() < cached.refreshAt) return Promise.resolve(cached.value);
    let pending = inFlight.get(account.appId);
    if (!pending) {
      pending = fetchToken(account).finally(() => inFlight.delete(account.appId));
      inFlight.set(account.appId, pending);
    }
    return pending;
  }

  async function createQr(input: CreateQrInput): Promise<CreatedQr> {
    const account = accountOf(input.brandId);
    const body = JSON.stringify({
      expire_seconds: input.ttlSeconds,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: input.scene } },
    });
    const attempt = async () => {
      const token = await accessToken(input.brandId);
      try {
        return await call(
          'QR code creation',
          `${base}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body,
          },
        );
      } catch (error) {
        // Only drop the token this call used (a concurrent caller may have refreshed it already).
        if (error instanceof PlatformError && TOKEN_ERRORS.has(error.errcode ?? 0)) {
          if (cache.get(account.appId)?.value === token) cache.delete(account.appId);
          return null;
        }
        throw error;
      }
    };
    const answer = (await attempt()) ?? (await attempt());
    if (!answer) throw new PlatformError('WeChat platform: the access token was refused twice');
    const url = answer.url;
    const expireSeconds = answer.expire_seconds;
    if (typeof url !== 'string' || !url) throw new PlatformError('WeChat platform: the QR code answer has no url');
    const expiresIn =
      typeof expireSeconds === 'number' && expireSeconds > 0
        ? Math.min(expireSeconds, input.ttlSeconds)
        : input.ttlSeconds;
    return { url, expiresIn };
  }

  /** The official account's authorise page (scope snsapi_base: the open id only, no consent screen). */
  function oauthAuthorizeUrl(input: OAuthStartInput): string {
    const query = new URLSearchParams({
      appid: accountOf(input.brandId).appId,
      redirect_uri: input.redirectUri,
      response_type: 'code',
      scope: 'snsapi_base',
      state: input.state,
    });
    const oauthBase = (options.oauthUrl ?? 'https://open.weixin.qq.com').replace(/\/+$/, '');
    return `${oauthBase}/connect/oauth2/authorize?${query}#wechat_redirect`;
  }

  /** Exchanges the authorise page's code for the web access token, whose answer names the open id. */
  async function oauthOpenId(brandId: BrandId, code: string): Promise<string> {
    const account = accountOf(brandId);
    const query = new URLSearchParams({
      appid: account.appId,
      secret: account.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    const answer = await call('the web authorisation code exchange', `${base}/sns/oauth2/access_token?${query}`);
    if (typeof answer.openid !== 'string' || !answer.openid)
      throw new PlatformError('WeChat platform: the web authorisation answer has no openid');
    return answer.openid;
  }

  return {
    kind: 'platform',
    createQr,
    oauthAuthorizeUrl,
    oauthOpenId,
    accessToken,
    webhookToken: async () => options.token,
  };
}
