/** Addresses, proxies and security headers (server/config/read.ts says how a setting is declared). */
import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';
import { absoluteUrl, area, flag, v } from './read';

/** Whether proxy hop `hop` (0: the socket's peer) at `address` may report the client; `hops` when set as a count. */
export type ProxyTrust = ((address: string, hop: number) => boolean) & { hops?: number };

/** TRUST_PROXY: none (empty, `0`, `false`), a number of hops (`true` = 1), or proxy-addr's list of addresses. */
function readTrustProxy(value: string | undefined): ProxyTrust | null {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return null;
  const hops = text === 'true' ? 1 : /^\d+$/.test(text) ? Number(text) : undefined;
  if (hops !== undefined) return Object.assign((_address: string, hop: number) => hop < hops, { hops });
  try {
    return proxyAddr.compile(text.split(',').map((entry) => entry.trim()));
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must be a number of hops or proxy addresses/CIDRs, got "${text}" (${(error as Error).message})`,
    );
  }
}

const PRIVATE = proxyAddr.compile(['loopback', 'uniquelocal']);

/**
 * Why a hop count cannot be trusted on this `HOST` (null: it can). A hop count believes whatever any peer forwards,
 * so it is safe only when nothing but the proxy can reach the port: a loopback or private listening address.
 */
export function hopCountRefusal(trust: ProxyTrust | null, host: string): string | null {
  if (trust?.hops === undefined) return null;
  const address = host.trim().replace(/^\[|\]$/g, '');
  if (address === 'localhost' || (isIP(address) !== 0 && PRIVATE(address, 0))) return null;
  return `TRUST_PROXY=${trust.hops} (a hop count) trusts any peer's X-Forwarded-For, but HOST=${host || '(every interface)'} listens where clients may reach the port directly: set TRUST_PROXY to the proxy's address or range (such as 10.0.0.5 or 172.16.0.0/12), or HOST to a loopback or private address.`;
}

function origin(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const what = 'an http(s) origin such as https://www.example.com';
  const url = absoluteUrl(value, name, what);
  if (url.pathname !== '/' && url.pathname !== '') throw new Error(`${name} must be ${what}, got "${value}"`);
  return url.origin;
}

const hosts = (value?: string) => (value ?? '').split(',').flatMap((host) => host.trim().toLowerCase() || []);

export const network = area('Addresses, proxies and security headers', {
  TRUST_PROXY: v(readTrustProxy), // which proxies in front may report the client (`X-Forwarded-For`, `-Proto`): a comma-separated list of proxy addresses/CIDRs (`10.0.0.5`, `172.16.0.0/12`, `loopback`, `uniquelocal`), or a number of hops (`1`, `true` = 1) only when `HOST` is a loopback or private address; the client is the right-most untrusted `X-Forwarded-For` entry, never the first
  PUBLIC_URL: v(origin), // brand 1's public origin (`https://www.example.com`) for absolute URLs: canonical, hreflang, the QR code's simulator address, the confirm link
  PUBLIC_URL_2: v(origin), // the same for brand 2
  ALLOWED_HOSTS: v(hosts), // host names (`.example.com` for every subdomain) whose `Host` header absolute URLs may use when `PUBLIC_URL` is not set, besides localhost and this machine's addresses
  HSTS_PRELOAD: v(flag), // `1` adds `preload` to HSTS (sent only over HTTPS, direct or through a trusted proxy)
});
