/**
 * The built-in simulator (docs/qr-login.md): the QR code points at this server's phone page (/wx-sim), which a
 * phone on the LAN must reach, so a loopback origin becomes this machine's LAN address unless WX_SIMULATOR_URL(_2)
 * says otherwise. The webhook token is WX_TOKEN, else a secret made once per install.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import type { Database } from '../../db/database';
import { installSecret } from '../../db/install-secret';
import type { CreatedQr, CreateQrInput, MessagingProvider, OAuthStartInput } from './types';

export const SIMULATOR_TOKEN_KEY = 'wx.simulator_token';

export interface SimulatorOptions {
  db: Database;
  token?: string;
  /** Brand 1's origin for the simulator's QR codes (WX_SIMULATOR_URL). */
  simulatorUrl?: string;
  /** Brand 2's (WX_SIMULATOR_URL_2): brand 1's origin would reach brand 1, so it is never borrowed. */
  simulatorUrl2?: string;
  /** This machine's LAN address (tests pass one; default: the first non-internal IPv4 interface). */
  lanAddress?: () => string | undefined;
  now?: () => Date;
}

export function firstLanAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((net) => net && net.family === 'IPv4' && !net.internal)?.address;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

/** The origin a phone can reach: WX_SIMULATOR_URL, or the request origin with a loopback host made the LAN one. */
export function simulatorOrigin(
  origin: string,
  simulatorUrl: string | undefined,
  lanAddress: () => string | undefined = firstLanAddress,
): string {
  if (simulatorUrl) return simulatorUrl.replace(/\/+$/, '');
  const url = new URL(origin);
  if (LOOPBACK.has(url.hostname)) {
    const lan = lanAddress();
    if (lan) url.hostname = lan;
  }
  return url.origin;
}

/** The simulator page's address for one scene. */
export function simulatorQrUrl(origin: string, scene: string, language: 'zh' | 'en'): string {
  return `${origin}/wx-sim?${new URLSearchParams({ scene, lang: language })}`;
}

/** WX_TOKEN, or the install's own secret (made on first use; concurrent first uses agree on one). */
export function simulatorToken(db: Database): Promise<string> {
  return installSecret(db, SIMULATOR_TOKEN_KEY, 24);
}

/** How long a simulated authorise code may be exchanged. */
export const SIM_OAUTH_CODE_SECONDS = 300;

/**
 * A simulated authorise code: the open id and its expiry, signed with the simulator's webhook token (nothing to
 * store; the state it travels with is the one-use part).
 */
export function simulatorOAuthCode(secret: string, openId: string, expiresAt: Date): string {
  const body = `${Buffer.from(openId).toString('base64url')}.${expiresAt.getTime()}`;
  return `${body}.${createHmac('sha256', secret).update(`oauth:${body}`).digest('base64url')}`;
}

/** The open id of a simulated authorise code, or null when it is forged or expired. */
export function readSimulatorOAuthCode(secret: string, code: string, now: Date): string | null {
  const [openId, expiry, signature] = code.split('.');
  if (!openId || !expiry || !signature) return null;
  const expected = createHmac('sha256', secret).update(`oauth:${openId}.${expiry}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!(Number(expiry) > now.getTime())) return null;
  return Buffer.from(openId, 'base64url').toString();
}

export function createSimulatorProvider(options: SimulatorOptions): MessagingProvider {
  let token: Promise<string> | undefined;
  const now = options.now ?? (() => new Date());
  const provider: MessagingProvider = {
    kind: 'simulator',
    async createQr(input: CreateQrInput): Promise<CreatedQr> {
      const configured = input.brandId === 'starreach' ? options.simulatorUrl : options.simulatorUrl2;
      const origin = simulatorOrigin(input.origin, configured, options.lanAddress);
      return { url: simulatorQrUrl(origin, input.scene, input.language), expiresIn: input.ttlSeconds };
    },
    webhookToken() {
      if (options.token) return Promise.resolve(options.token);
      token ??= simulatorToken(options.db).catch((error) => {
        token = undefined;
        throw error;
      });
      return token;
    },
    // The authorise page is this server's /wx-sim/oauth/authorize, in the same browser (no LAN address needed).
    oauthAuthorizeUrl(input: OAuthStartInput): string {
      const query = new URLSearchParams({
        appid: 'simulator',
        redirect_uri: input.redirectUri,
        response_type: 'code',
        scope: 'snsapi_base',
        state: input.state,
        lang: input.language,
      });
      return `${input.origin}/wx-sim/oauth/authorize?${query}#wechat_redirect`;
    },
    async oauthOpenId(_brandId, code): Promise<string> {
      const openId = readSimulatorOAuthCode(await provider.webhookToken(0), code, now());
      if (!openId) throw new Error('WeChat simulator: unknown or expired authorise code');
      return openId;
    },
  };
  return provider;
}
