/**
 * The WeChat QR login on a server of this file's own (e2e/support/wx-server.ts), for what the run's server
 * cannot show: codes that live 10 s (WX_QR_TTL_SECONDS=10, the smallest lifetime the setting allows) expire in
 * front of the visitor ("二维码已过期" with Reload; polling stops; the phone is told), and Reload gives a new
 * code that works; and the operator's ban with `npm run admin -- ban --phone …` pointed at this server's
 * embedded database (DATA_DIR) while the server runs: PGlite allows one process per data folder, so the command
 * hands its work to the running server through the server's control socket in that folder (server/admin/).
 *
 * Limits: its own database, so nothing counts against the run's server.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { brands } from '../../shared/brand';
import { assertLoggedIn, WORKBENCH } from '../models/auth-page';
import {
  assertNoPolling,
  bindByCode,
  phoneNetworkForThisFile,
  showCode,
  withDesktopPanel,
  withPhone,
} from '../models/scan-journey';
import { registerAccount, tokenState, tryLogin } from '../support/accounts-api';
import { assertNoAxeViolations } from '../support/axe';
import { browserForThisFile } from '../support/browser';
import { uniquePhone } from '../support/sms';
import { qrStatus } from '../support/wx';
import { type OwnServer, removeDataDir, runAdmin, startOwnServer } from '../support/wx-server';

const browser = browserForThisFile();
const lan = phoneNetworkForThisFile();
const ENV = { WX_QR_TTL_SECONDS: '10' };
const TENANT = brands.starreach.tenantId;

let server: OwnServer | undefined;
const current = () => {
  if (!server) throw new Error('The server of this file is not running.');
  return server;
};
before(async () => {
  server = await startOwnServer(ENV);
});
after(async () => {
  await server?.stop();
  removeDataDir(server);
});

describe('WeChat QR login: expiry and the operator ban (own server, codes live 10 s)', () => {
  test('a code expires with Reload, polling stops, the phone is told; Reload gives a new code that works', (t) =>
    withPhone(t, browser, lan, 'zh', current().baseUrl, async (phone) => {
      const base = current().baseUrl;
      const wxName = `过期${uniquePhone().slice(-6)}`;
      await withDesktopPanel(t, browser, 'zh', base, async (panel, traffic) => {
        const first = await showCode(panel, traffic, base);
        const left = await panel.secondsLeft();
        assert.ok(left >= 7 && left <= 10, `the code lives 10 s (${left} s left)`);

        await panel.waitFor('expired', 15_000);
        await panel.reload.waitFor();
        await assertNoAxeViolations(panel.page, 'the WeChat tab, expired');
        assert.equal(await panel.qrImage.count(), 0, 'the expired code is no longer shown');
        assert.equal((await qrStatus(base, first.ticket)).body.data?.status, 'expired', 'the server: expired');
        await assertNoPolling(traffic);

        // Scanned too late: the phone is told, the computer stays expired.
        await phone.open(first.url);
        await phone.newIdentity(wxName);
        assert.match(await phone.scan(), /二维码已过期/, 'the phone is told the code has expired');
        await panel.waitFor('expired');

        // Reload: a new, different code, which a scan now reaches.
        await panel.reload.click();
        const second = await panel.readCode();
        assert.notEqual(second.url, first.url, 'a new address');
        assert.notEqual(second.src, first.src, 'a new picture');
        const ticket = traffic.latest.ticket;
        assert.notEqual(ticket, first.ticket, 'a new ticket');
        await phone.open(second.url);
        await phone.pickIdentity(wxName);
        await phone.scan();
        await panel.waitFor('unbound');
        assert.equal((await qrStatus(base, ticket)).body.data?.status, 'unbound', 'the server: unbound');
      });
    }));

  test('npm run admin -- ban while the server runs: logged out, cannot log in, the WeChat scan is refused; unban', async (t) => {
    const base = current().baseUrl;
    const account = await registerAccount(base, { log: current().logFile });
    const wxName = `运营${account.phone.slice(-6)}`;
    await withPhone(t, browser, lan, 'zh', base, async (phone) => {
      await withDesktopPanel(t, browser, 'zh', base, async (panel, traffic) => {
        const code = await showCode(panel, traffic, base);
        await phone.open(code.url);
        await phone.newIdentity(wxName);
        await phone.scan();
        await bindByCode(panel, account, base, current().logFile);
        const token = await assertLoggedIn(panel.auth, base, account.nickname, TENANT);

        // The operator bans the account (the command reaches the running server; the database stays its own).
        const banned = await runAdmin(['ban', '--phone', account.phone, '--reason', 'e2e: spam'], current().dataDir);
        assert.equal(banned.code, 0, `the ban succeeds:\n${banned.stdout}${banned.stderr}`);
        assert.match(banned.stdout, new RegExp(`Banned account \\d+ \\("${account.nickname}"`), banned.stdout);
        assert.match(banned.stdout, /Revoked \d+ live sessions?/, 'the sessions are revoked');
        assert.deepEqual(await tokenState(base, token), { status: 401, code: 40002 }, 'the session is revoked');
        assert.deepEqual(await tryLogin(base, account.phone, account.password), { status: 403, code: 40014 });
        // The browser finds out at its next call: the workbench sends it to login, the cookie is cleared.
        await panel.page.goto(WORKBENCH);
        await panel.auth.waitForPath('/login');
        assert.equal(await panel.auth.authCookie(), undefined, 'the dead cookie is cleared');

        // The bound WeChat scans a new code: the computer is told the account is banned.
        await panel.open();
        const next = await panel.readCode();
        await phone.open(next.url);
        assert.match(await phone.identityText(wxName), /账号已封禁/, 'the phone lists the account as banned');
        await phone.pickIdentity(wxName);
        assert.match(await phone.scan(), /账号已被封禁/);
        await panel.waitFor('banned');
        assert.equal(await panel.auth.authCookie(), undefined, 'not logged in');
        await assertNoPolling(traffic);
      });
    });

    const unbanned = await runAdmin(['unban', '--phone', account.phone], current().dataDir);
    assert.equal(unbanned.code, 0, `the unban succeeds:\n${unbanned.stdout}${unbanned.stderr}`);
    assert.match(unbanned.stdout, /Lifted the ban/);
    assert.deepEqual(await tryLogin(base, account.phone, account.password), { status: 200, code: 200 });
  });
});
