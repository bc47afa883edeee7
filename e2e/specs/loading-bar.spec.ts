/**
 * The page loading bar (docs/product.md#states, #constants): a navigation that takes longer than the 200 ms throttle shows a
 * progress bar that hides about 500 ms after the navigation finishes; a fast one never shows it.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { SitePage } from '../models/site-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { recordProgressBar, turnOnDataSaver } from '../support/page-scripts';
import { eventually, sleep } from '../support/wait';

const browser = browserForThisFile();
const CHUNK_DELAY_MS = 1200;
const HIDE_DELAY_MS = 500;
/** Room for the bar's fade-out, rendering and the test's own polling on a busy 2-core machine. */
const MARGIN_MS = 700;

type ProgressLog = { visible: boolean; at: number }[];
const readProgressLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __progressLog: ProgressLog }).__progressLog);

/** Clicks the header's Q&A entry (a client-side navigation to the college) and returns when its title shows. */
async function navigateToCollege(site: SitePage): Promise<{ clickedAt: number; doneAt: number }> {
  const homeTitle = await site.page.title();
  const clickedAt = Date.now();
  await site.headerEntry('qaCenter').click();
  await site.page.waitForFunction((title) => document.title !== title, homeTitle, { timeout: 10_000 });
  const doneAt = Date.now();
  assert.equal(new URL(site.page.url()).pathname, '/business-college/electricity');
  return { clickedAt, doneAt };
}

describe('loading bar', () => {
  pageTest('a slow navigation shows the bar, which hides soon after the page is shown', browser, async ({ page }) => {
    await page.addInitScript(recordProgressBar);
    // No idle prefetch, so the college page's code is first requested by the navigation itself.
    await page.addInitScript(turnOnDataSaver);
    let slow = false;
    await page.route('**/assets/**/*.js', async (route) => {
      if (slow) await sleep(CHUNK_DELAY_MS);
      await route.continue();
    });
    const site = new SitePage(page);
    await site.goto('/');
    assert.deepEqual(await readProgressLog(page), [], 'no bar on the first load');

    slow = true;
    const { clickedAt, doneAt } = await navigateToCollege(site);
    await eventually(
      async () => {
        const log = await readProgressLog(page);
        assert.equal(log.at(-1)?.visible, false, 'the bar is hidden again');
      },
      { timeout: HIDE_DELAY_MS + MARGIN_MS + 1000 },
    );
    const log = await readProgressLog(page);
    const shownAt = log.find((entry) => entry.visible)?.at;
    assert.ok(shownAt, 'the bar showed during the slow navigation');
    assert.ok(
      shownAt - clickedAt >= 150,
      `the bar waits for the 200 ms throttle (showed after ${shownAt - clickedAt} ms)`,
    );
    const hiddenAt = log.at(-1)!.at;
    assert.ok(
      hiddenAt - doneAt <= HIDE_DELAY_MS + MARGIN_MS,
      `the bar hides about ${HIDE_DELAY_MS} ms after the page shows (took ${hiddenAt - doneAt} ms)`,
    );
  });

  pageTest('a fast navigation to a prefetched page never shows the bar', browser, async ({ page }) => {
    await page.addInitScript(recordProgressBar);
    const site = new SitePage(page);
    await site.goto('/');
    // Let the idle prefetch (≤ 2 s) fetch the links' code, then hover so the route is preloaded for sure.
    await sleep(2500);
    await page.waitForLoadState('networkidle');
    await site.headerEntry('qaCenter').hover();
    await sleep(300);
    await page.waitForLoadState('networkidle');

    await navigateToCollege(site);
    await sleep(1000);
    assert.deepEqual(await readProgressLog(page), [], 'the bar never became visible');
  });
});
