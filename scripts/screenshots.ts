/**
 * `npm run screenshots`: a picture of every page and layer of the site, for a person to review the whole site in a
 * minute. Builds if needed, starts the production server on its own ports (SCREENSHOT_PORT, default 5090/5091)
 * with an empty database, and writes one PNG per route and layer × brand × language × desktop/phone into
 * `screenshots/` (not committed) with an `index.html` that shows them in a grid. Phones see only the pages a
 * phone may open (login, register, scan_code); every other route sends them to register.
 *
 * Besides the pages: the phone register page's value header, the QR panels (with the simulator's demo aid, as the
 * server runs with the stand-ins), the home page's hero and each feature
 * tab with its workbench picture, and the workbench pictures themselves (public/brand/<id>/workbench/).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { NAMES } from '../e2e/models/names';
import { launchBrowser } from '../e2e/support/browser';
import { USER_AGENTS } from '../e2e/support/env';
import { buildIfStale, PROJECT_ROOT, startPortalServer, TEST_DIST } from '../e2e/support/portal-server';
import { localized, PAGE_PATHS } from '../e2e/support/routes';
import { escapeHtml } from '../server/http/html';
import { type BrandId, brands, FEATURE_IDS, WORKBENCH_PICTURES, workbenchPicture } from '../shared/brand';
import { LOCALES, type Locale } from '../shared/locale';
import { PHONE_PATHS } from '../shared/routes';

const OUT = join(PROJECT_ROOT, 'screenshots');
const PORT = Number(process.env.SCREENSHOT_PORT ?? 5090);

const DEVICES: Record<'desktop' | 'phone', BrowserContextOptions> = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { userAgent: USER_AGENTS.iphone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
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

/** The QR panel as a visitor sees it: the WeChat tab of /login on a computer, /scan_code on a phone. */
async function qrPanel(page: Page, origin: string, locale: Locale, device: 'desktop' | 'phone') {
  if (device === 'phone') {
    await page.goto(`${origin}${localized('/scan_code', locale)}`, { waitUntil: 'networkidle' });
  } else {
    await page.goto(`${origin}${localized('/login', locale)}`, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: /微信|WeChat/ }).click();
  }
  await page.locator('img[data-qr-url]').first().waitFor({ state: 'visible', timeout: 10_000 });
  await settle(page);
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
          // The browser speaks the page's language, so "/" stays in it (docs/product.md#states picks the language there).
          const context = await browser.newContext({ ...options, locale: locale === 'zh' ? 'zh-CN' : 'en-US' });
          // A first render on a cold server of a busy machine can take tens of seconds.
          context.setDefaultNavigationTimeout(90_000);
          context.setDefaultTimeout(30_000);
          const page = await context.newPage();
          const paths = device === 'phone' ? PHONE_PATHS : PAGE_PATHS;
          for (const path of paths) {
            await page.goto(`${origins[brand]}${localized(path, locale)}`, { waitUntil: 'networkidle' });
            await settle(page);
            const file = `${brand}-${locale}-${device}-${slug(path)}.png`;
            await page.screenshot({ path: join(OUT, file), fullPage: true });
            shots.push({ file, brand, locale, device, what: path });
          }
          if (device === 'phone') {
            await page.goto(`${origins[brand]}${localized('/register', locale)}`, { waitUntil: 'networkidle' });
            await settle(page);
            const file = `${brand}-${locale}-phone-register-value-header.png`;
            await page
              .locator('#register-value-title')
              .locator('xpath=..')
              .screenshot({ path: join(OUT, file) });
            shots.push({ file, brand, locale, device, what: 'register: value header' });
          }
          await qrPanel(page, origins[brand], locale, device as 'desktop' | 'phone');
          const qrFile = `${brand}-${locale}-${device}-qr.png`;
          await page.screenshot({ path: join(OUT, qrFile) });
          shots.push({ file: qrFile, brand, locale, device, what: 'QR panel' });
          if (device === 'desktop') {
            await page.goto(`${origins[brand]}${localized('/', locale)}`, { waitUntil: 'networkidle' });
            const hero = page.locator('section').first();
            await settle(page);
            await hero.screenshot({ path: join(OUT, `${brand}-${locale}-desktop-hero.png`) });
            shots.push({ file: `${brand}-${locale}-desktop-hero.png`, brand, locale, device, what: 'home: hero' });
            for (const [index, feature] of FEATURE_IDS.entries()) {
              await page.getByRole('tab').nth(index).click();
              const panel = page.locator(`#home-feature-panel-${feature}`);
              await panel.scrollIntoViewIfNeeded();
              await panel.locator('img').evaluate((img: HTMLImageElement) => img.decode().catch(() => {}));
              const file = `${brand}-${locale}-desktop-feature-${feature}.png`;
              await panel.screenshot({ path: join(OUT, file) });
              shots.push({ file, brand, locale, device, what: `feature tab: ${feature}` });
            }
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
    // The pictures as committed, at their largest width.
    for (const brand of Object.keys(brands) as BrandId[])
      for (const locale of LOCALES)
        for (const view of ['hero', ...FEATURE_IDS] as const) {
          const kind = view === 'hero' ? WORKBENCH_PICTURES.hero : WORKBENCH_PICTURES.feature;
          const file = `../public${workbenchPicture(brand, view, locale, kind.widths[kind.widths.length - 1])}`;
          shots.push({ file, brand, locale, device: 'workbench pictures', what: view });
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
