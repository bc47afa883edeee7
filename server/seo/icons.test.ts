// @vitest-environment node
/** Icons per brand: each address answers the request's brand's file, with its type. */
import { describe, expect, it } from 'vitest';
import { brands } from '../../shared/brand';
import { readSettings } from '../config/settings';
import { iconRoutes } from './icons';

const app = iconRoutes(readSettings({}));
const get = (path: string, host: string) => app.request(`http://${host}${path}`, { headers: { host } });

describe.each([
  ['starreach', 'localhost:3030'],
  ['creatorbox', 'localhost:3031'],
] as const)('%s icons', (brandId, host) => {
  const other = brandId === 'starreach' ? 'creatorbox' : 'starreach';

  it('favicon.ico holds the 16, 32 and 48 px icons', async () => {
    const res = await get('/favicon.ico', host);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    const ico = Buffer.from(await res.arrayBuffer());
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect([ico[6], ico[22], ico[38]]).toEqual([16, 32, 48]);
  });

  it('favicon.svg is the brand mark, in its own accent', async () => {
    const res = await get('/favicon.svg', host);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await res.text();
    expect(svg).toContain(brands[brandId].accent);
    expect(svg).not.toContain(brands[other].accent);
  });

  it('apple-touch-icon.png is a 180 px PNG', async () => {
    const res = await get('/apple-touch-icon.png', host);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);
  });

  it("the manifest carries the brand's name, colours and icons", async () => {
    const res = await get('/manifest.webmanifest', host);
    expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      icons: { src: string }[];
    };
    expect(manifest.short_name).toBe(brands[brandId].name.zh);
    expect(manifest.name).toContain(brands[brandId].name.en);
    expect(manifest.icons.map((icon) => icon.src).every((src) => src.startsWith(`/brand/${brandId}/`))).toBe(true);
    expect(JSON.stringify(manifest)).not.toContain(other);
  });
});
