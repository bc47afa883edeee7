/**
 * Analytics and ad conversions, with a local fake analytics service and ad endpoint:
 * - unset (the run's shared server): no third-party request, no `_hmt`, and a policy that names no other host;
 * - set for brand 1 on a server of this file: the script loads after the page's load event and idle, the
 *   policy allows exactly its host (brand 2, unset, allows none), one page view per page and per route change,
 *   and a registration from an ad click reports the conversion carrying the click id;
 * - Do Not Track or Global Privacy Control: nothing loads and nothing is reported.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { AuthPage } from '../models/auth-page';
import { browserForThisFile, pageTest } from '../support/browser';
import { BASE_URL } from '../support/env';
import { type FakeAnalytics, startFakeAnalytics } from '../support/fake-analytics';
import { logMark, smsCode, uniquePhone } from '../support/sms';
import { eventually, sleep } from '../support/wait';
import { type OwnServer, removeDataDir, startOwnServer } from '../support/wx-server';

const browser = browserForThisFile();
const SITE_ID = 'e2e-site-1';

let fake: FakeAnalytics | undefined;
let server: OwnServer | undefined;
const current = () => {
  if (!fake || !server) throw new Error('The fake analytics service and the server of this file are not running.');
  return { fake, server };
};

before(async () => {
  fake = await startFakeAnalytics();
  server = await startOwnServer({
    ANALYTICS_SITE_ID: SITE_ID,
    ANALYTICS_SCRIPT_URL: `${fake.origin}/hm.js?site={siteId}`,
    AD_CONVERSION_URLS: `bd_vid=${fake.origin}/conv?bd_vid={clickId}&event=register`,
  });
});
after(async () => {
  await server?.stop();
  removeDataDir(server);
  await fake?.stop();
});

/** Every request the page makes to an origin other than the site's own. */
function watchForeignRequests(page: Page, siteOrigin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && new URL(url).origin !== siteOrigin) foreign.push(url);
  });
  return foreign;
}

const pageViews = (from = 0) =>
  current()
    .fake.hits.slice(from)
    .filter((hit) => hit.kind === 'pageview')
    .map((hit) => hit.params.path);

async function refuseTracking(context: BrowserContext, signal: 'dnt' | 'gpc') {
  await context.addInitScript(
    signal === 'gpc'
      ? "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true });"
      : "Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' });",
  );
}

describe('analytics and ad conversions', () => {
  pageTest('unset: no analytics request, no queue, and the policy names no other host', browser, async ({ page }) => {
    const foreign = watchForeignRequests(page, BASE_URL);
    for (const path of ['/', '/en/business-college/operate', '/register?bd_vid=unset-click']) {
      const response = await page.goto(`${BASE_URL}${path}`, { waitUntil: 'load' });
      const policy = response?.headers()['content-security-policy'] ?? '';
      assert.match(policy, /script-src 'self'( 'sha256-[^']+')*;/, `${path}: scripts from this site only`);
      assert.doesNotMatch(policy, /https?:\/\//, `${path}: no other host in the policy`);
      await sleep(3500); // past the idle time after which a configured script would load
      assert.equal(await page.evaluate(() => typeof (window as { _hmt?: unknown })._hmt), 'undefined');
    }
    assert.deepEqual(foreign, []);
  });

  pageTest(
    'set: the script loads after idle, one page view per page and route change, only its host allowed',
    browser,
    async ({ page, errors }) => {
      const { fake, server } = current();
      const start = fake.hits.length;
      const response = await page.goto(`${server.baseUrl}/en/business-college`, { waitUntil: 'load' });
      assert.equal(
        /script-src ([^;]*)/.exec(response?.headers()['content-security-policy'] ?? '')?.[1].split(' ')[1],
        fake.origin,
        'the policy allows the configured analytics host',
      );
      await eventually(() => assert.deepEqual(pageViews(start), ['/en/business-college']), { timeout: 10_000 });
      const scriptHits = fake.hits.slice(start).filter((hit) => hit.kind === 'script');
      assert.deepEqual(
        scriptHits.map((hit) => hit.params.site),
        [SITE_ID],
      );
      // The script was requested only after the page had finished loading.
      const timing = await page.evaluate((origin) => {
        const script = performance.getEntriesByType('resource').find((entry) => entry.name.startsWith(origin));
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { script: script?.startTime ?? -1, loaded: navigation.loadEventEnd };
      }, fake.origin);
      assert.ok(timing.script >= timing.loaded, `script at ${timing.script} ms, load event ended ${timing.loaded} ms`);

      // Client-side navigations: one page view each, with the query.
      await page
        .getByRole('navigation', { name: /business college sections/i })
        .getByRole('link', { name: /operation/i })
        .click();
      await eventually(() => assert.equal(new URL(page.url()).pathname, '/en/business-college/operate'));
      await eventually(() =>
        assert.deepEqual(pageViews(start), ['/en/business-college', '/en/business-college/operate']),
      );
      await page.goto(`${server.baseUrl}/en/business-college?q=creator`, { waitUntil: 'load' });
      await eventually(
        () =>
          assert.deepEqual(pageViews(start), [
            '/en/business-college',
            '/en/business-college/operate',
            '/en/business-college?q=creator',
          ]),
        { timeout: 10_000 },
      );
      await sleep(500);
      assert.equal(pageViews(start).length, 3, 'no page is counted twice');
      assert.deepEqual(errors.list(), []);
    },
  );

  pageTest('set for brand 1 only: brand 2 loads nothing and allows no other host', browser, async ({ page }) => {
    const { server } = current();
    const foreign = watchForeignRequests(page, server.brand2Url);
    const response = await page.goto(`${server.brand2Url}/en`, { waitUntil: 'load' });
    assert.doesNotMatch(response?.headers()['content-security-policy'] ?? '', /https?:\/\//);
    await sleep(3500);
    assert.deepEqual(foreign, []);
  });

  pageTest('a registration from an ad click reports the conversion with the click id', browser, async ({ page }) => {
    const { fake, server } = current();
    const start = fake.hits.length;
    const auth = new AuthPage(page, 'en');
    const clickId = `bd-${Date.now()}`;
    await page.goto(`${server.baseUrl}/en/register?bd_vid=${clickId}&utm_term=creators`, { waitUntil: 'networkidle' });
    const phone = uniquePhone();
    await auth.askForCode('register', phone);
    const since = logMark(server.logFile);
    await auth.passCaptchaForCode('keyboard');
    const code = await smsCode(phone, 'register', { since, log: server.logFile });
    await auth.code('register').fill(code);
    await auth.field('register', auth.text.nickname).fill(`Ad ${phone.slice(-4)}`);
    await auth.password('register').fill(`e2e ${phone} secret`);
    await auth.submit('register').click();
    await eventually(() => assert.match(new URL(page.url()).pathname, /^(\/en)?\/workbench\//), { timeout: 10_000 });
    await eventually(() => {
      const conversions = fake.hits.slice(start).filter((hit) => hit.kind === 'conversion');
      assert.deepEqual(
        conversions.map((hit) => hit.params),
        [{ bd_vid: clickId, event: 'register' }],
      );
    });
  });

  for (const signal of ['dnt', 'gpc'] as const)
    pageTest(
      `${signal === 'dnt' ? 'Do Not Track' : 'Global Privacy Control'}: nothing loads or is reported`,
      browser,
      async ({ page, context }) => {
        const { fake, server } = current();
        await refuseTracking(context, signal);
        const start = fake.hits.length;
        const foreign = watchForeignRequests(page, server.baseUrl);
        await page.goto(`${server.baseUrl}/en/business-college`, { waitUntil: 'load' });
        await sleep(3500);
        await page.goto(`${server.baseUrl}/en/register?bd_vid=refused`, { waitUntil: 'load' });
        await sleep(3500);
        assert.equal(await page.evaluate(() => typeof (window as { _hmt?: unknown })._hmt), 'undefined');
        assert.deepEqual(foreign, []);
        assert.deepEqual(fake.hits.slice(start), []);
      },
    );
});
