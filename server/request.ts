/**
 * Facts about a request that pages and the API both need: the host the brand is chosen from, the brand, and
 * the client's address.
 */
import type { Context } from 'hono';
import { type BrandId, resolveBrandId } from '../src/lib/brand';
import type { Settings } from './settings';

interface NodeBindings {
  incoming?: { socket?: { localPort?: number; remoteAddress?: string } };
}

/** The host (with port) the brand is chosen from: the Host header, or the port the request arrived on. */
export function requestHost(c: Context): string {
  const host = c.req.header('host') ?? '';
  if (/:\d+$/.test(host)) return host;
  const localPort = (c.env as NodeBindings | undefined)?.incoming?.socket?.localPort;
  return localPort ? `${host}:${localPort}` : host;
}

export function requestBrand(c: Context, settings: Pick<Settings, 'brand2HostMarker' | 'brand2Port'>): BrandId {
  return resolveBrandId(requestHost(c), {
    brand2HostMarker: settings.brand2HostMarker,
    brand2Port: settings.brand2Port,
  });
}

/**
 * The client's IP address: the socket's peer, or the first `X-Forwarded-For` entry when `TRUST_PROXY` says a
 * proxy in front of the server sets it (never trusted otherwise: a client could name any address).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/**
 * Whether the visitor's connection is HTTPS: this server's own listener, or a trusted proxy's
 * `X-Forwarded-Proto` (its left-most value: the protocol the client used at the first proxy). Without
 * `TRUST_PROXY` the header is ignored, so a client cannot claim HTTPS over plain HTTP.
 */
export function requestIsHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!trustProxy) return false;
  return c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}
