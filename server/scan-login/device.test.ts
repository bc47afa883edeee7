import { describe, expect, it } from 'vitest';
import { describeDevice, maskAddress } from './device';

describe('the computer a login is for', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      'Chrome · Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      'Edge · Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      'Safari · macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox · Linux'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44',
      'WeChat · iOS',
    ],
    ['curl/8.5.0', null],
    [undefined, null],
  ])('names %s as %s', (ua, expected) => expect(describeDevice(ua)).toBe(expected));

  it('masks the address', () => {
    expect(maskAddress('203.0.113.7')).toBe('203.0.113.x');
    expect(maskAddress('::ffff:198.51.100.20')).toBe('198.51.100.x');
    expect(maskAddress('2001:db8:85a3:1:2:3:4:5')).toBe('2001:db8:85a3:1:…');
    expect(maskAddress('2001:db8::1')).toBe('2001:db8:…');
    expect(maskAddress('')).toBeNull();
  });
});
