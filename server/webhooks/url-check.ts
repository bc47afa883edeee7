/**
 * Which webhook URLs the portal sends to (checked when an endpoint is registered and again at each send, as DNS
 * may change): `https` to public unicast addresses only. Every address a host name resolves to must be public
 * (loopback, private, link-local, unique-local, CGNAT, multicast, unspecified, reserved and the IPv4-mapped forms
 * of those are refused), and the send connects to the address checked here (`checkedLookup`), never to a second
 * lookup, so a DNS rebinding cannot slip in between. `WEBHOOK_ALLOW_PRIVATE=1` allows `http` and those addresses
 * (tests, an intranet CRM).
 */

import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { Text } from '../api/http';

export class RefusedUrl extends Error {
  constructor(readonly text: Text) {
    super(typeof text === 'string' ? text : text.id);
  }
}

/** Why `address` may not receive webhooks, or null when it is a public unicast address. */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** Refuses a URL that is not http(s), or http without `allowPrivate` (no DNS). */
function checkScheme(url: URL, allowPrivate: boolean): void {
  if (url.protocol === 'https:' || (allowPrivate && url.protocol === 'http:')) return;
  throw new RefusedUrl(
    allowPrivate
      ? /*i18n*/ '接收地址必须以 https:// 或 http:// 开头'
      : /*i18n*/ '接收地址必须以 https:// 开头（WEBHOOK_ALLOW_PRIVATE=1 才允许 http）',
  );
}

/** The URL's host as a bare address or name (`[::1]` → `::1`). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses the URL's host stands for, each checked; refuses the URL when the scheme or any address is not
 * allowed, or the name does not resolve. `resolve` is the lookup (tests give their own).
 */
export async function checkWebhookUrl(
  href: string,
  allowPrivate: boolean,
  resolve: (host: string) => Promise<LookupAddress[]> = (host) => lookup(host, { all: true, verbatim: true }),
): Promise<LookupAddress[]> {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new RefusedUrl(/*i18n*/ '接收地址不是有效的网址');
  }
  checkScheme(url, allowPrivate);
  if (url.username || url.password) throw new RefusedUrl(/*i18n*/ '接收地址不能包含用户名或密码');
  const host = hostOf(url);
  let addresses: LookupAddress[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
    if (!addresses.length) throw new RefusedUrl(/*i18n*/ { id: '无法解析接收地址的主机名 {host}', values: { host } });
  }
  if (!allowPrivate)
    for (const { address } of addresses) {
      const refusal = addressRefusal(address);
      if (refusal) throw privateAddress({ address, range: refusal });
    }
  return addresses;
}

const privateAddress = (values: { address: string; range: string }) =>
  new RefusedUrl(/*i18n*/ { id: '接收地址指向内网或保留地址 {address}（{range}），只允许公网地址', values });

/**
 * A `lookup` for `http.request` that answers the addresses checked before the send (the first one of the asked
 * family), so the connection goes to a checked address and not to a second resolution.
 */
export function checkedLookup(addresses: LookupAddress[]) {
  return (
    _host: string,
    options: { family?: number | string; all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    const family = options.family === 'IPv6' || options.family === 6 ? 6 : options.family === 4 ? 4 : 0;
    const fitting = addresses.filter((a) => family === 0 || a.family === family);
    if (!fitting.length) return callback(new Error('no checked address of the asked family'), '', 0);
    if (options.all) return callback(null, fitting);
    callback(null, fitting[0].address, fitting[0].family);
  };
}
