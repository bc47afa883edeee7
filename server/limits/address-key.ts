/**
 * The key a per-address limit counts a client under: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber's network: a client changes the lower 64 bits at will), an IPv4-mapped IPv6 address as its IPv4.
 * Cheap: the QR poll's fast path calls it for every poll.
 */

const HEX_GROUP = /^[0-9a-f]{1,4}$/;

/** The hex groups of one side of `::` (a dotted IPv4 tail read as two groups); null when not an address. */
function read(part: string): number[] | null {
  if (part === '') return [];
  const texts = part.split(':');
  const groups: number[] = [];
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i];
    if (i === texts.length - 1 && text.includes('.')) {
      const bytes = text.split('.').map(Number);
      if (bytes.length !== 4 || bytes.some((byte) => !Number.isInteger(byte) || byte < 0 || byte > 255)) return null;
      groups.push((bytes[0] << 8) | bytes[1], (bytes[2] << 8) | bytes[3]);
    } else if (HEX_GROUP.test(text)) groups.push(Number.parseInt(text, 16));
    else return null;
  }
  return groups;
}

/** The 8 groups of an IPv6 address (`::` expanded), or null when it is not one. */
function groups(address: string): number[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const front = read(halves[0]);
  const back = halves.length === 2 ? read(halves[1]) : [];
  if (!front || !back) return null;
  if (halves.length === 1) return front.length === 8 ? front : null;
  const missing = 8 - front.length - back.length;
  return missing >= 1 ? [...front, ...new Array<number>(missing).fill(0), ...back] : null;
}

/** `addressKey('2001:db8:1:2:aaaa::1')` = `2001:db8:1:2::/64`; `::ffff:192.0.2.1` = `192.0.2.1`; IPv4 unchanged. */
export function addressKey(ip: string): string {
  // The common case first: no colon, an IPv4 address (or "unknown").
  if (!ip.includes(':')) return ip;
  const zone = ip.indexOf('%');
  const parts = groups((zone < 0 ? ip : ip.slice(0, zone)).toLowerCase());
  if (!parts) return ip;
  if (parts[0] === 0 && parts[1] === 0 && parts[2] === 0 && parts[3] === 0 && parts[4] === 0 && parts[5] === 0xffff)
    return `${parts[6] >> 8}.${parts[6] & 255}.${parts[7] >> 8}.${parts[7] & 255}`;
  return `${parts[0].toString(16)}:${parts[1].toString(16)}:${parts[2].toString(16)}:${parts[3].toString(16)}::/64`;
}
