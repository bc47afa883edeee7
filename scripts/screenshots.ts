/**
 * `npm run screenshots`: a picture of every page and layer of the site, for a person to review the whole site in a
 * minute. Builds if needed, starts the production server on its own ports (SCREENSHOT_PORT, default 5090/5091)
 * with an empty database, and writes one PNG per route and layer × brand × language × desktop/phone into
 * `screenshots/` (not committed) with an `index.html` that shows them in a grid. Phones see only the pages a
 * phone may open (login, register, scan_code); every other route sends them to register.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { NAMES } from '../e2e/models/names';
import { launchBrowser } from '../e2e/support/browser';
import { USER_AGENTS } from '../e2e/support/env';
import { buildIfStale, PROJECT_ROOT, startPortalServer, TEST_DIST } from '../e2e/support/portal-server';
import { localized, PAGE_PATHS } from '../e2e/support/routes';
import { escapeHtml } from '../server/html';
import { type BrandId, brands } from '../shared/brand';
import { LOCALES } from '../shared/locale';

const OUT = join(PROJECT_ROOT, 'screenshots');
const PORT = Number(process.env.SCREENSHOT_PORT ?? 5090);

const DEVICES: Record<'desktop' | 'phone', BrowserContextOptions> = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { userAgent: USER_AGENTS.iphone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
const PHONE_PATHS = ['/login', '/register', '/scan_code'];
const LAYERS: { id: string; name: RegExp; scope: 'header' | 'footer' | 'page' }[] = [
  { id: 'layer-client-download', name: NAMES.clientDownload, scope: 'header' },
  { id: 'layer-plugin-download', name: NAMES.pluginDownload, scope: 'header' },
  { id: 'layer-customer-service', name: NAMES.contactConsultant, scope: 'page' },
  { id: 'layer-agreement', name: NAMES.agreement, scope: 'footer' },
  { id: 'layer-privacy', name: NAMES.privacy, scope: 'footer' },
];

interface Shot {
  file: string;
  brand: BrandId;
  locale: string;
  device: string;
  what: string;
}

const slug = (path: string) => (path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-'));

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(300);
}

async function main() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  await buildIfStale(TEST_DIST);
  const server = await startPortalServer({
    port: PORT,
    brand2Port: PORT + 1,
    distDir: TEST_DIST,
    logFile: join(OUT, 'server.log'),
  });
  const browser = await launchBrowser();
  const shots: Shot[] = [];
  const origins: Record<BrandId, string> = { starreach: server.baseUrl, creatorbox: server.brand2Url };
  try {
    for (const brand of Object.keys(brands) as BrandId[]) {
      for (const locale of LOCALES) {
        for (const [device, options] of Object.entries(DEVICES)) {
          const context = await browser.newContext(options);
          const page = await context.newPage();
          const paths = device === 'phone' ? PHONE_PATHS : PAGE_PATHS;
          for (const path of paths) {
            await page.goto(`${origins[brand]}${localized(path, locale)}`, { waitUntil: 'networkidle' });
            await settle(page);
            const file = `${brand}-${locale}-${device}-${slug(path)}.png`;
            await page.screenshot({ path: join(OUT, file), fullPage: true });
            shots.push({ file, brand, locale, device, what: path });
          }
          if (device === 'desktop') {
            await page.goto(`${origins[brand]}${localized('/', locale)}`, { waitUntil: 'networkidle' });
            for (const layer of LAYERS) {
              const scope =
                layer.scope === 'header'
                  ? page.getByRole('banner')
                  : layer.scope === 'footer'
                    ? page.getByRole('contentinfo')
                    : page;
              const opener = scope
                .getByRole('button', { name: layer.name })
                .or(scope.getByRole('link', { name: layer.name }))
                .first();
              await opener.scrollIntoViewIfNeeded();
              await opener.click();
              await page.getByRole('dialog').first().waitFor({ state: 'visible' });
              await settle(page);
              const file = `${brand}-${locale}-${device}-${layer.id}.png`;
              await page.screenshot({ path: join(OUT, file) });
              shots.push({ file, brand, locale, device, what: layer.id.replace('layer-', 'layer: ') });
              await page.keyboard.press('Escape');
              await page.getByRole('dialog').first().waitFor({ state: 'hidden' });
            }
          }
          await context.close();
          console.log(`${brand} ${locale} ${device}: ${shots.length} pictures so far`);
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  writeFileSync(join(OUT, 'index.html'), indexPage(shots));
  console.log(`${shots.length} pictures in ${OUT}/ — open ${join(OUT, 'index.html')}`);
}

function indexPage(shots: Shot[]): string {
  const groups = new Map<string, Shot[]>();
  for (const shot of shots) {
    const key = `${brands[shot.brand].name.en} · ${shot.locale} · ${shot.device}`;
    groups.set(key, [...(groups.get(key) ?? []), shot]);
  }
  const sections = [...groups.entries()]
    .map(
      ([title, list]) =>
        `<h2>${escapeHtml(title)}</h2><div class="grid">${list
          .map(
            (shot) =>
              `<figure><a href="${escapeHtml(shot.file)}"><img src="${escapeHtml(shot.file)}" alt="${escapeHtml(shot.what)}" loading="lazy"></a><figcaption>${escapeHtml(shot.what)}</figcaption></figure>`,
          )
          .join('')}</div>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Portal screenshots</title>
<style>body{font:14px system-ui,sans-serif;margin:24px}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px}
figure{margin:0}img{width:100%;height:260px;object-fit:cover;object-position:top;border:1px solid #ddd}figcaption{margin-top:4px;color:#444}</style>
<h1>Every page and layer (${shots.length} pictures)</h1>${sections}</html>\n`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
