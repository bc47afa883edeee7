/**
 * The built-in simulator (docs/qr-login.md): the QR code points at this server's phone page (/wx-sim), which a
 * phone on the LAN must reach, so a loopback origin becomes this machine's LAN address unless WX_SIMULATOR_URL(_2)
 * says otherwise. The webhook token is WX_TOKEN, else a secret made once per install.
 */
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import type { Database } from '../../db/database';
import type { CreatedQr, CreateQrInput, MessagingProvider } from './types';

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
export async function simulatorToken(db: Database): Promise<string> {
  await db.query('insert into app_settings (key, value) values ($1, $2) on conflict (key) do nothing', [
    SIMULATOR_TOKEN_KEY,
    randomBytes(24).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>('select value from app_settings where key = $1', [
    SIMULATOR_TOKEN_KEY,
  ]);
  return row.value;
}

export function createSimulatorProvider(options: SimulatorOptions): MessagingProvider {
  let token: Promise<string> | undefined;
  return {
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
  };
}
