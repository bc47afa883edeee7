/** Facts about a request that pages and the API both need: host, brand, client address, scheme, public origin. */

import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { Context } from 'hono';
import proxyAddr from 'proxy-addr';
import { type BrandId, resolveBrandId } from '../../shared/brand';
import type { ProxyTrust } from '../config/network';
import type { Settings } from '../config/settings';

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
  return resolveBrandId(requestHost(c), settings);
}

/** The socket's peer and the forwarded chain as proxy-addr reads them from a Node request. */
function forwardedRequest(c: Context) {
  const remoteAddress = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? '';
  const forwardedFor = c.req.header('x-forwarded-for');
  return {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    connection: { remoteAddress },
    socket: { remoteAddress },
  } as unknown as IncomingMessage;
}

let warnedUntrustedForwarding = false;
let untrustedForwardingWarning: (peer: string) => void = () => {};

/**
 * What to do, once per process, when an X-Forwarded-For arrives while TRUST_PROXY trusts no proxy (server/ops/log.ts
 * logs a warning: behind a proxy every client shares the proxy's address in the per-address limits).
 */
export function onUntrustedForwarding(warn: (peer: string) => void): void {
  untrustedForwardingWarning = warn;
}

function warnUntrustedForwarding(peer: string): void {
  warnedUntrustedForwarding = true;
  untrustedForwardingWarning(peer);
}

/** The client's address: the socket's peer, or the right-most untrusted X-Forwarded-For entry (proxy-addr). */
export function clientAddress(c: Context, trustProxy: ProxyTrust | null): string {
  if (!trustProxy) {
    const peer = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress || 'unknown';
    if (!warnedUntrustedForwarding && c.req.header('x-forwarded-for') !== undefined) warnUntrustedForwarding(peer);
    return peer;
  }
  const request = forwardedRequest(c);
  if (!request.socket.remoteAddress) return 'unknown';
  return proxyAddr(request, trustProxy);
}

/** The client's X-Request-Id, kept only from a trusted proxy (anyone else could write ids into the logs). */
export function forwardedRequestId(c: Context, trustProxy: ProxyTrust | null): string | undefined {
  if (!trustProxy) return undefined;
  const id = c.req.header('x-request-id');
  if (id === undefined) return undefined;
  return trusts(trustProxy, (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? '')
    ? id
    : undefined;
}

/** Whether the socket's peer is a trusted proxy (a peer that cannot be read is trusted only by a hop count). */
function trusts(trustProxy: ProxyTrust, peer: string): boolean {
  try {
    return trustProxy(peer, 0);
  } catch {
    return false;
  }
}

/** http or https: the socket's own scheme, or X-Forwarded-Proto's first value when the peer is a trusted proxy. */
export function requestProtocol(c: Context, trustProxy: ProxyTrust | null): 'http' | 'https' {
  const own = c.req.url.startsWith('https:') ? 'https' : 'http';
  const peer = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? '';
  if (!trustProxy || !trusts(trustProxy, peer)) return own;
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded === 'https' || forwarded === 'http' ? forwarded : own;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The host names a Host header may name for absolute URLs: loopback, *.localhost, this machine, ALLOWED_HOSTS. */
function hostAllowed(hostname: string, allowedHosts: readonly string[]): boolean {
  if (LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost')) return true;
  if (allowedHosts.some((allowed) => hostname === allowed || (allowed.startsWith('.') && hostname.endsWith(allowed))))
    return true;
  return Object.values(networkInterfaces())
    .flat()
    .some((net) => net?.address === hostname || `[${net?.address}]` === hostname);
}

/** The origin of absolute URLs: PUBLIC_URL, else an accepted Host, else localhost (a forged Host never shows). */
export function publicOrigin(
  c: Context,
  settings: Pick<
    Settings,
    'publicUrl' | 'publicUrl2' | 'allowedHosts' | 'trustProxy' | 'brand2HostMarker' | 'brand2Port'
  >,
  brandId: BrandId = requestBrand(c, settings),
): string {
  const configured = brandId === 'creatorbox' ? settings.publicUrl2 : settings.publicUrl;
  if (configured) return configured;
  const protocol = requestProtocol(c, settings.trustProxy);
  const host = (c.req.header('host') ?? '').toLowerCase();
  const hostname = host.replace(/:\d+$/, '');
  if (/^[a-z0-9.[\]:-]+$/.test(host) && hostAllowed(hostname, settings.allowedHosts)) return `${protocol}://${host}`;
  const port = (c.env as NodeBindings | undefined)?.incoming?.socket?.localPort ?? new URL(c.req.url).port;
  return `${protocol}://localhost${port ? `:${port}` : ''}`;
}

/** Whether the request came over HTTPS: directly, or as a trusted proxy reports (`requestProtocol`). */
export function requestIsHttps(c: Context, trustProxy: ProxyTrust | null): boolean {
  return requestProtocol(c, trustProxy) === 'https';
}

/** The parts of a Hono context these functions read, for a Node request the app has not seen (the fast paths). */
export function nodeContext(incoming: IncomingMessage, target: string): Context {
  const headers = incoming.headers;
  const scheme = (incoming.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const url = `${scheme}://${headers.host || 'localhost'}${target}`;
  const header = (name: string) => {
    const value = headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return { req: { header, url, method: incoming.method }, env: { incoming } } as unknown as Context;
}
