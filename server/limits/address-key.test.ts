/** The key a per-address limit counts a client under: IPv4 as it is, IPv6 by its /64, IPv4-mapped as IPv4. */
import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('addressKey', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['unknown', 'unknown'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:0:0:0:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not:an:address', 'not:an:address'],
    ['1::2::3', '1::2::3'],
    ['1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8:9'],
    ['::ffff:300.0.0.1', '::ffff:300.0.0.1'],
  ])('%s → %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('another /64 is another key', () => {
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });
});
