/**
 * The key a per-address limit counts a client under: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber's network: a client changes the lower 64 bits at will), an IPv4-mapped IPv6 address as its IPv4.
 * Parsed by ipaddr.js (what proxy-addr reads X-Forwarded-For with); the QR poll's fast path calls it for every poll,
 * so an IPv4 address (no colon) is returned without parsing.
 */
import ipaddr from 'ipaddr.js';

/** `addressKey('2001:db8:1:2:aaaa::1')` = `2001:db8:1:2::/64`; `::ffff:192.0.2.1` = `192.0.2.1`; IPv4 unchanged. */
export function addressKey(ip: string): string {
  if (!ip.includes(':') || !ipaddr.IPv6.isValid(ip)) return ip;
  const address = ipaddr.IPv6.parse(ip);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return `${address.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
