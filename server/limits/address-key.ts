/**
 * The key a per-address limit counts a client under: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber's network: a client changes the lower 64 bits at will), an IPv4-mapped IPv6 address as its IPv4.
 */
import { isIPv6 } from 'node:net';

/** The 8 groups of an IPv6 address as numbers (`::` expanded, a dotted IPv4 tail read as two groups). */
function groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const read = (part: string | undefined) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = read(head);
  const back = read(tail);
  const filled = tail === undefined ? front : [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
  return filled.length === 8 ? filled : null;
}

/** `addressKey('2001:db8:1:2:aaaa::1')` = `2001:db8:1:2::/64`; `::ffff:192.0.2.1` = `192.0.2.1`; IPv4 unchanged. */
export function addressKey(ip: string): string {
  // The common case first and cheap: no colon, an IPv4 address (or "unknown").
  if (!ip.includes(':')) return ip;
  const zoneless = ip.split('%')[0];
  if (!isIPv6(zoneless)) return ip;
  const parts = groups(zoneless.toLowerCase());
  if (!parts) return ip;
  if (parts.slice(0, 5).every((group) => group === 0) && parts[5] === 0xffff)
    return `${parts[6] >> 8}.${parts[6] & 255}.${parts[7] >> 8}.${parts[7] & 255}`;
  return `${parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
