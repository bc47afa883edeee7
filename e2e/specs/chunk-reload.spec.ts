/**
 * A script chunk that fails to load forces one full page reload, at most once per 60 s (docs/product.md#states, #errors-and-messages;
 * src/lib/chunk-reload.ts, src/entry-client.tsx): the first failure reloads and stamps sessionStorage
 * `chunk-reload-at`; a second failure within the minute shows the error page instead of reloading again.
 * A load that the page's own navigation cancelled (Firefox and WebKit cancel what is in flight when a sign-in
 * leaves for the workbench) is not such a failure: the navigation goes on.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Route } from 'playwright-core';
import { NAMES } from '../models/names';
import { SitePage } from '../models/site-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { turnOnDataSaver } from '../support/page-scripts';
import { eventually, sleep } from '../support/wait';

const browser = browserForThisFile();
/** What the failed chunk loads these tests cause log, on purpose. */
const PROVOKED = [/^console\.error: Failed to load resource: net::ERR_FAILED/, /^console\.error: ChunkLoadFailure/];
/** The code of the college pages, which the header's Q&A entry needs (Vite names chunks after their module). */
const COLLEGE_ROUTE_CHUNK = /\/assets\/college-page-[^/]+\.js$/;
const NAVIGATION_LOG = 'e2e-navigations';

/** Keeps, across reloads of the tab, how each document was loaded ("navigate", "reload") and where. */
function logNavigations() {
  window.addEventListener('load', () => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const log = JSON.parse(sessionStorage.getItem('e2e-navigations') ?? '[]') as string[];
    log.push(`${entry?.type ?? '?'} ${location.pathname}`);
    sessionStorage.setItem('e2e-navigations', JSON.stringify(log));
  });
}

describe('chunk load failure', () => {
  pageTest(
    'reloads once, then shows the error page',
    browser,
    async ({ page }) => {
      await page.addInitScript(logNavigations);
      // No idle prefetch: the failing chunk is first requested by the click.
      await page.addInitScript(turnOnDataSaver);
      const site = new SitePage(page);
      await site.goto('/');
      const navigations = async () => JSON.parse((await site.sessionStorageItem(NAVIGATION_LOG)) ?? '[]') as string[];
      assert.deepEqual(await navigations(), ['navigate /']);

      // From now on the college pages' chunk fails, as after a deploy replaced it.
      let failedRequests = 0;
      await page.route(COLLEGE_ROUTE_CHUNK, (route) => {
        failedRequests++;
        return route.abort('failed');
      });

      await site.clickable(site.header, NAMES.qaCenter).click();
      await eventually(async () => assert.equal((await navigations()).length, 2, 'the page reloaded'), {
        timeout: 10_000,
      });
      assert.ok(failedRequests > 0, 'the college chunk was requested and failed');
      const [, second] = await navigations();
      assert.match(second, /^reload /, `the second load is a reload (${second})`);
      const stamp = Number(await site.sessionStorageItem('chunk-reload-at'));
      assert.ok(stamp > Date.now() - 60_000 && stamp <= Date.now(), `sessionStorage chunk-reload-at is set (${stamp})`);

      // The reloaded page needs the same chunk, which fails again within the minute: the error page, no reload.
      await page.getByText('Unknown middleware').first().waitFor({ state: 'visible', timeout: 10_000 });
      await sleep(2000);
      assert.equal(
        (await navigations()).length,
        2,
        `no second reload within 60 s (${(await navigations()).join(', ')})`,
      );
      assert.equal(Number(await site.sessionStorageItem('chunk-reload-at')), stamp, 'the stamp is unchanged');
      const home = page.getByRole('main').getByRole('link', { name: NAMES.homeLink });
      assert.equal(await home.first().getAttribute('href'), '/', 'the error page links home');
    },
    {},
    PROVOKED,
  );

  pageTest(
    'a load cancelled by the sign-in navigation reloads nothing: the workbench opens',
    browser,
    async ({ page }) => {
      await page.addInitScript(logNavigations);
      // The toaster's code is fetched ahead once the page has hydrated (the success toast itself is carried to the
      // next page): that load is held until the sign-in leaves, and then cancelled.
      // The login's answer (a real account costs an SMS, and the run's SMS budget is spoken for by other specs).
      await page.route('**/api/v2/web/userlogin', (route) =>
        route.fulfill({
          json: {
            code: 200,
            message: 'success',
            data: {
              userId: 1,
              userName: 'Early bird',
              nickname: 'Early bird',
              phone: '139****5678',
              countryCode: 86,
              tenantId: 14,
              Authorization: 'e2e-token',
            },
          },
        }),
      );
      // The workbench answers slowly; as it is asked for, the toaster's files fail, as Firefox cancels them. Until
      // then they are held (never answered), so the page cannot have them before it leaves.
      let cancelled = 0;
      const held: Route[] = [];
      const cancelHeld = () => {
        for (const route of held.splice(0)) {
          cancelled++;
          route.abort('aborted').catch(() => {});
        }
      };
      let leaving = false;
      await page.route(/\/workbench\//, async (route) => {
        leaving = true;
        cancelHeld();
        await sleep(1500);
        await route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>workbench</title><p>workbench</p>',
        });
      });
      await page.route(/\/assets\/toaster-[^/]+\.(?:js|css)$/, async (route) => {
        held.push(route);
        if (leaving) cancelHeld();
      });
      await page.goto('/en/login', { waitUntil: 'load' });
      // Hydrated: React has its own mark on the button (a test may look at it; the app never does).
      await page.getByRole('button', { name: 'Log in', exact: true }).evaluate(
        (button) =>
          new Promise<void>((resolve) => {
            const check = () =>
              Object.keys(button).some((key) => key.startsWith('__reactFiber$')) ? resolve() : setTimeout(check, 20);
            check();
          }),
      );
      await page.getByLabel('Phone number', { exact: true }).fill('13912345678');
      await page.getByLabel('Password', { exact: true }).fill('a password 123');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL(/\/workbench\//, { timeout: 10_000 });
      await page.getByText('workbench').waitFor();
      assert.ok(cancelled > 0, "the toaster's files were cancelled");
      const log = JSON.parse(
        (await page.evaluate(() => sessionStorage.getItem('e2e-navigations'))) ?? '[]',
      ) as string[];
      assert.ok(!log.some((line) => line.startsWith('reload')), `no reload (${log.join(', ')})`);
      assert.equal(
        await page.evaluate(() => sessionStorage.getItem('chunk-reload-at')),
        null,
        'the guard did not fire',
      );
    },
    {},
    PROVOKED,
  );
});
