/** The brand's icons and web manifest at the addresses browsers ask for (made by `npm run media:icons`). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { type BrandId, brands } from '../../shared/brand';
import type { Settings } from '../config/settings';
import { requestBrand } from '../http/request';
import { PUBLIC_DIR } from '../ops/paths';

/** The theme colour of each brand's pages (the accent of src/styles/theme.css.ts). */
const THEME_COLOUR: Record<BrandId, string> = { starreach: '#d81e44', creatorbox: '#1f5af0' };

const files = new Map<string, Buffer>();
function brandFile(brandId: BrandId, path: string): Buffer {
  const key = `${brandId}/${path}`;
  if (!files.has(key)) files.set(key, readFileSync(join(PUBLIC_DIR, 'brand', brandId, path)));
  return files.get(key) as Buffer;
}

export function webManifest(brandId: BrandId) {
  const brand = brands[brandId];
  return {
    name: `${brand.name.zh} ${brand.name.en}`,
    short_name: brand.name.zh,
    description: brand.slogan.zh,
    lang: 'zh-CN',
    start_url: '/',
    scope: '/',
    display: 'browser',
    theme_color: THEME_COLOUR[brandId],
    background_color: '#ffffff',
    icons: [
      { src: `/brand/${brandId}/icons/icon-192.png`, sizes: '192x192', type: 'image/png' },
      { src: `/brand/${brandId}/icons/icon-512.png`, sizes: '512x512', type: 'image/png' },
      { src: brand.mark, sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}

export function iconRoutes(settings: Pick<Settings, 'brand2HostMarker' | 'brand2Port'>) {
  const app = new Hono();
  const cache = { 'Cache-Control': 'public, max-age=86400' };
  const serve = (path: string, type: string, file: string) =>
    app.get(path, (c) => {
      const body = new Uint8Array(brandFile(requestBrand(c, settings), file));
      return c.body(body, 200, { ...cache, 'Content-Type': type });
    });
  serve('/favicon.ico', 'image/x-icon', 'icons/favicon.ico');
  serve('/favicon.svg', 'image/svg+xml', 'mark.svg');
  serve('/apple-touch-icon.png', 'image/png', 'icons/apple-touch-icon.png');
  app.get('/manifest.webmanifest', (c) =>
    c.body(JSON.stringify(webManifest(requestBrand(c, settings))), 200, {
      ...cache,
      'Content-Type': 'application/manifest+json; charset=utf-8',
    }),
  );
  return app;
}
