/**
 * The operator's console in the three engines, against the real server with the console's listener on
 * (CONSOLE_PORT): an operator per engine is added through `npm run admin -- operator add` (password on standard
 * input, the TOTP secret read from its `totp-secret:` line) into a data folder of this file's own server, portal
 * accounts are registered through the portal's API with a seeded campaign (utm_term, bd_vid), and then, in each
 * engine: sign in with a TOTP code computed with otpauth, find an account by its last four digits, log one of its
 * devices out and see that device's workbench send it to the login, ban it with a reason and find the ban in the audit
 * log, and read the sign-ups chart and its table for the seeded campaign. Every page must be free of console
 * errors and CSP violations (uPlot styles the chart through the CSSOM, which the strict policy allows).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { consolePage, shows } from '../models/console-page';
import { callApi, captchaTicket, tokenState } from '../support/accounts-api';
import { ARTIFACTS_DIR } from '../support/artifacts';
import { addOperatorWhenReady, type Operator } from '../support/operators';
import { type PortalServer, startPortalServer, TEST_DIST } from '../support/portal-server';
import { logMark, smsCode, uniquePhone } from '../support/sms';
import { ENGINES, type EngineName } from './engine';
import { launchEngine, WORKBENCH } from './journeys';

// Ports of this file's own server, beside the run's (E2E_PORT, +1): +5 and +6 the portal, +7 the console.
const BASE_PORT = Number(process.env.E2E_PORT ?? 5030);
const PORTAL_PORT = BASE_PORT + 5;
const CONSOLE_PORT = BASE_PORT + 7;
const CONSOLE_URL = `http://127.0.0.1:${CONSOLE_PORT}`;
const LOG = join(ARTIFACTS_DIR, `server-console-${PORTAL_PORT}.log`);
const CAMPAIGN = `e2e-campaign-${Date.now().toString(36)}`;

interface Seller {
  id?: string;
  phone: string;
  token: string;
}

let server: PortalServer | undefined;
let dataDir = '';
const operators = new Map<EngineName, Operator>();

/** Registers a portal account with the seeded campaign's attribution; returns its phone and session token. */
async function registerSeller(base: string): Promise<Seller> {
  const phone = uniquePhone('138');
  const since = logMark(LOG);
  const ticket = await captchaTicket(base);
  const sent = await callApi(base, '/v2/sendSmsCode', {
    body: { phone, countryCode: 1, purpose: 'register', ticket },
  });
  assert.equal(sent.body.code, 200, `sendSmsCode: ${JSON.stringify(sent.body)}`);
  const code = await smsCode(phone, 'register', { since, log: LOG });
  const registered = await callApi<{ Authorization: string }>(base, '/v2/web/register', {
    body: {
      phone,
      // The form's value for China (+86), as the portal's page sends it.
      countryCode: 1,
      code,
      password: `e2e ${phone} pass`,
      nickname: `卖家${phone.slice(-4)}`,
      channelId: 2,
      clientId: 'morestores',
      registeInfo: { utm_term: CAMPAIGN, bd_vid: `bd-${phone.slice(-4)}` },
    },
  });
  assert.equal(registered.body.code, 200, `register: ${JSON.stringify(registered.body)}`);
  return { phone, token: (registered.body.data as { Authorization: string }).Authorization };
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'console-journeys-'));
  server = await startPortalServer({
    port: PORTAL_PORT,
    brand2Port: PORTAL_PORT + 1,
    distDir: TEST_DIST,
    logFile: LOG,
    dataDir,
    env: {
      NODE_ENV: 'bench',
      BENCH_UNLIMITED: '1',
      CONSOLE_PORT: String(CONSOLE_PORT),
      CONSOLE_HOST: '127.0.0.1',
      SMS_BUDGET_TOTAL: '100000/100000',
      SMS_BUDGET_COUNTRIES: '86=100000/100000',
    },
  });
  // Through the running server's control socket (the data folder is the server's), once the server has opened its
  // database (it answers its health check meanwhile; a first start takes a few seconds).
  for (const engine of ENGINES)
    operators.set(
      engine,
      await addOperatorWhenReady({
        dataDir,
        name: `e2e-${engine}`,
        password: `e2e ${engine} operator pass`,
        role: 'owner',
      }),
    );
});

after(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const engineName of ENGINES) {
  describe(`console in ${engineName}`, () => {
    test('sign in with TOTP, find by the last four digits, log a device out, ban, audit, sign-ups chart', async () => {
      const base = (server as PortalServer).baseUrl;
      const seller = await registerSeller(base);
      assert.deepEqual(await tokenState(base, seller.token), { status: 200, code: 200 });
      const engine = await launchEngine(engineName);
      try {
        // One page plays both: the seller's device (the portal's workbench with the seller's session cookie), and
        // the operator's console (WebKitGTK's driver allows one session at a time; cookies stay per host).
        const page = await engine.open({ device: 'desktop' });
        // A plain file of the portal's origin (no page scripts to leave mid-load) to set the cookie on.
        await page.goto(`${base}/robots.txt`);
        await page.evaluate((token) => {
          // biome-ignore lint/suspicious/noDocumentCookie: the login's cookie, as the app's session code sets it
          document.cookie = `Authorization=${token}; path=/`;
        }, seller.token);
        await page.goto(`${base}${WORKBENCH}`);
        assert.equal(new URL(await page.url()).pathname, WORKBENCH, 'the seller is signed in on the portal');

        const operator = operators.get(engineName) as Operator;
        await consolePage.signIn(page, CONSOLE_URL, { ...operator, code: () => operator.totp.generate() });

        // Find the account by the last four digits: the list shows it masked, the page too.
        const lastFour = seller.phone.slice(-4);
        await consolePage.openByLastFour(page, lastFour, `${seller.phone.slice(0, 3)}****${lastFour}`);
        assert.ok(!(await shows(page, seller.phone)), 'the full number shows unasked');
        // Log its one device out: the portal refuses that device's token at once; the device's own page is looked
        // at once the console's work is done (leaving the console mid-work would test what an engine logs about
        // the loads it cancels, not the console).
        await consolePage.revokeOnlySession(page);
        const refused = await tokenState(base, seller.token);
        assert.ok(
          refused.status !== 200 || refused.code !== 200,
          `the portal still takes the token: ${JSON.stringify(refused)}`,
        );

        // Ban with a reason, then find it in the audit log.
        const reason = `e2e ${engineName} 刷单`;
        await consolePage.ban(page, reason);
        await consolePage.findInAudit(
          page,
          'user.ban',
          (row) => row.includes('user.ban') && row.includes(operator.name) && row.join(' ').includes(reason),
        );

        // The sign-ups of the seeded campaign, split by keyword: the table has it and the chart is drawn.
        const count = await consolePage.signupsOf(page, 'keyword', CAMPAIGN);
        assert.ok(count >= 1);

        // Since the sign-in (which checked and cleared what came before it): nothing at all.
        assert.deepEqual(await page.problems(), [], `${engineName}: console errors, page errors or CSP violations`);

        // The seller's device: its workbench now sends it to the login.
        await page.goto(`${base}${WORKBENCH}`);
        assert.equal(new URL(await page.url()).pathname, '/login', 'the device is logged out on the portal');
        await page.close();
      } finally {
        await engine.close();
      }
    });
  });
}
