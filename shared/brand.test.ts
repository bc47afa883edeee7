import { describe, expect, it } from 'vitest';
import { brands, resolveBrandId } from './brand';

describe('brand selection', () => {
  it('chooses brand 2 by port 3031 or by a host name containing the marker', () => {
    expect(resolveBrandId('localhost:3031')).toBe('creatorbox');
    expect(resolveBrandId('www.creatorbox.example')).toBe('creatorbox');
    expect(resolveBrandId('CreatorBox.localhost:3030')).toBe('creatorbox');
  });

  it('chooses brand 1 otherwise', () => {
    expect(resolveBrandId('localhost:3030')).toBe('starreach');
    expect(resolveBrandId('www.starreach.example')).toBe('starreach');
    expect(resolveBrandId('localhost:30310')).toBe('starreach');
    expect(resolveBrandId('')).toBe('starreach');
  });

  it('honours a configured marker and port', () => {
    expect(resolveBrandId('shop.b2.test', { brand2HostMarker: 'b2', brand2Port: 9 })).toBe('creatorbox');
    expect(resolveBrandId('localhost:9', { brand2HostMarker: 'b2', brand2Port: 9 })).toBe('creatorbox');
    expect(resolveBrandId('localhost:3031', { brand2HostMarker: 'b2', brand2Port: 9 })).toBe('starreach');
  });

  it('keeps the tenants of the spec and only brand 1 has the footer contact', () => {
    expect(brands.starreach.tenantId).toBe(14);
    expect(brands.creatorbox.tenantId).toBe(51);
    expect(brands.starreach.footerContact).toBeDefined();
    expect(brands.creatorbox.footerContact).toBeUndefined();
  });
});
