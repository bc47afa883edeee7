/**
 * The WeChat QR login against the real server with the built-in phone simulator, in Chinese on brand 1:
 * one browser context is the computer (the login page's "微信扫码登录" tab), another the phone (a phone's screen
 * and user agent) that opens what its camera reads from the code on the computer's screen. A new WeChat
 * registers, then logs in by scanning again (cancel, then confirm on the phone); an account is bound with an
 * SMS code (no password binds), a second WeChat cannot bind it too (bind failed), and a banned WeChat is refused;
 * another account is bound with a code asked for in the panel (captcha by keyboard); polling pauses while the tab is hidden and stops in final states; the mobile
 * /scan_code page. English on brand 2 is in scan-login-en.spec.ts, expiry and the operator's ban in
 * scan-login-expiry.spec.ts.
 *
 * Production limits apply (shared by all specs of a run, see docs/decisions/010-accounts-browser-tests.md): this file sends 4 SMS codes
 * (4 puzzles) and creates 7 QR codes on the run's server, about 40 status polls a minute at most. One phone
 * gets one code a minute: the account bound by SMS code is made first, and its test comes last.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { brands } from '../../shared/brand';
import { assertLoggedIn } from '../models/auth-page';
import {
  assertNoPolling,
  assertSaid,
  bindByCode,
  desktopOptions,
  maskedPhone,
  phoneNetworkForThisFile,
  showCode,
  withDesktopPanel,
  withPhone,
} from '../models/scan-journey';
import { ScanPanel } from '../models/scan-panel';
import { ScanPhone } from '../models/scan-phone';
import { type Account, registerAccount, tokenState, tryLogin } from '../support/accounts-api';
import { assertNoAxeViolations } from '../support/axe';
import { browserForThisFile, withPage } from '../support/browser';
import { BASE_URL } from '../support/env';
import { logMark, smsCode, uniquePhone } from '../support/sms';
import { eventually, sleep } from '../support/wait';
import { qrStatus, ScanTraffic, setPageVisible } from '../support/wx';

const browser = browserForThisFile();
// Made at once: its login code may only be sent a minute after its register code (the limit per phone).
let codeAccount: Promise<{ account: Account; madeAt: number }>;
before(() => {
  codeAccount = registerAccount(BASE_URL).then((account) => ({ account, madeAt: Date.now() }));
  codeAccount.catch(() => {});
});
const lan = phoneNetworkForThisFile();
const TENANT = brands.starreach.tenantId;

describe('WeChat QR login in Chinese on brand 1', () => {
  test('a new WeChat registers with WeChat, then scans again: cancel, then confirm on the phone', (t) =>
    withPhone(t, browser, lan, 'zh', BASE_URL, async (phone) => {
      const wxName = `微信${uniquePhone().slice(-6)}`;
      const accountPhone = uniquePhone();
      const password = `e2e ${accountPhone} wx`;
      const accountName = `${wxName}卖家`;

      // 1. The computer shows a code (5 minutes); polling pauses while the tab is hidden, resumes at once.
      await withDesktopPanel(t, browser, 'zh', BASE_URL, async (panel, traffic) => {
        const code = await showCode(panel, traffic, BASE_URL);
        const left = await panel.secondsLeft();
        assert.ok(left > 280 && left <= 300, `the code has about 5 minutes (${left} s)`);
        // The test server runs with the stand-ins (STANDINS=1): the simulator is offered as a labelled demo aid.
        assert.equal(await panel.simulatorLink.count(), 1, 'the WeChat tab offers the simulator as a demo aid');
        await assertNoAxeViolations(panel.page, 'the login page, WeChat tab, waiting');
        await eventually(() => assert.ok(traffic.polls.length >= 1, 'the panel polls'), { timeout: 4000 });
        await setPageVisible(panel.page, false);
        await panel.root.getByText(panel.text.paused, { exact: true }).waitFor();
        await sleep(300);
        const hiddenFrom = Date.now();
        await sleep(4500);
        assert.equal(traffic.pollsSince(hiddenFrom), 0, 'no poll while the tab is hidden');
        const shownAt = Date.now();
        await setPageVisible(panel.page, true);
        await eventually(() => assert.ok(traffic.pollsSince(shownAt) >= 1, 'a poll at once when shown again'), {
          timeout: 1500,
        });
        await panel.root.getByText(panel.text.paused, { exact: true }).waitFor({ state: 'hidden' });
        assert.ok((await panel.secondsLeft()) < left, 'the time left counts down');
        const count = traffic.polls.length;
        await sleep(4200);
        const more = traffic.polls.length - count;
        assert.ok(more >= 2 && more <= 3, `about one poll every 2 s (${more} in 4.2 s)`);

        // 2. The phone scans as a new WeChat: no confirm link; the computer offers bind or register.
        await phone.open(code.url);
        await phone.newIdentity(wxName);
        const reply = await phone.scan();
        assert.match(reply, /该微信尚未绑定星达通账号/, `the official account says it is not bound: "${reply}"`);
        assert.equal(await phone.confirmLink.count(), 0, 'an unbound WeChat gets no confirm link');
        assert.match(await phone.identityText(wxName), /未绑定/, 'the phone lists the WeChat as not bound');
        await assertNoAxeViolations(phone.page, 'the phone simulator after a scan');
        await panel.waitFor('unbound');
        await panel.root.getByText(panel.text.nickname(wxName)).waitFor();
        await panel.bindNow.waitFor();
        await assertNoAxeViolations(panel.page, 'the WeChat tab, not bound');
        assert.equal((await qrStatus(BASE_URL, code.ticket)).body.data?.status, 'unbound', 'the server: unbound');

        // 3. Register with WeChat: captcha by mouse, the SMS code from the server log, WeChat's nickname offered.
        await panel.registerNow.click();
        await panel.waitFor('registerForm');
        const nickname = panel.field('register', panel.auth.text.nickname);
        assert.equal(await nickname.inputValue(), wxName, 'the nickname starts as the WeChat nickname');
        const since = logMark();
        await panel.askForCode('register', accountPhone, 'drag');
        await panel.field('register', panel.auth.text.code).fill(await smsCode(accountPhone, 'register', { since }));
        await nickname.fill(accountName);
        await panel.field('register', panel.auth.text.registerPassword).fill(password);
        await panel.submit('register').click();
        await assertLoggedIn(panel.auth, BASE_URL, accountName, TENANT);
        await assertSaid(panel, 'registered');

        // What the server keeps: an account with that password; the code is used up.
        assert.deepEqual(await tryLogin(BASE_URL, accountPhone, password), { status: 200, code: 200 });
        assert.equal((await qrStatus(BASE_URL, code.ticket)).body.data?.status, 'expired', 'the code is used up');
      });

      // 4. Later, on a fresh computer, the same WeChat scans: "not me" first, then confirm.
      await withDesktopPanel(t, browser, 'zh', BASE_URL, async (panel, traffic) => {
        const code = await showCode(panel, traffic, BASE_URL);
        await phone.open(code.url);
        assert.ok((await phone.identityText(wxName)).includes(maskedPhone(accountPhone)), 'listed as bound');
        await phone.pickIdentity(wxName);
        const reply = await phone.scan();
        assert.ok(reply.includes(accountName), `the reply greets the account: "${reply}"`);
        await panel.waitFor('scanned');
        const link = await phone.followConfirmLink();
        assert.equal(link.searchParams.get('scene'), code.scene, 'the confirm link is for this code');
        assert.deepEqual(await phone.confirmAccount(), { phone: maskedPhone(accountPhone), userName: accountName });
        await assertNoAxeViolations(phone.page, 'the confirm page');
        await phone.cancel();
        await panel.waitFor('waiting');
        assert.equal(await panel.auth.authCookie(), undefined, 'cancelled: not logged in');

        await phone.open(code.url);
        await phone.pickIdentity(wxName);
        await phone.scan();
        await panel.waitFor('scanned');
        await phone.followConfirmLink();
        await phone.confirm();
        const token = await assertLoggedIn(panel.auth, BASE_URL, accountName, TENANT);
        await assertSaid(panel, 'loggedIn');
        assert.equal((await tokenState(BASE_URL, token)).status, 200, 'the server accepts the token');
        assert.equal((await qrStatus(BASE_URL, code.ticket)).body.data?.status, 'expired', 'handed out once');
      });
    }));

  test('bind by SMS code; a second WeChat cannot bind that account too; a banned WeChat is refused', async (t) => {
    const account: Account = await registerAccount(BASE_URL);
    const first = `绑定${account.phone.slice(-6)}`;
    const second = `再绑${account.phone.slice(-6)}`;
    await withPhone(t, browser, lan, 'zh', BASE_URL, async (phone) => {
      // Bind now, with an SMS code: bind success, logged in as the account.
      await withDesktopPanel(t, browser, 'zh', BASE_URL, async (panel, traffic) => {
        const code = await showCode(panel, traffic, BASE_URL);
        await phone.open(code.url);
        await phone.newIdentity(first);
        await phone.scan();
        await bindByCode(panel, account, BASE_URL);
        await assertLoggedIn(panel.auth, BASE_URL, account.nickname, TENANT);
        await assertSaid(panel, 'bindSuccess');
      });

      await withDesktopPanel(t, browser, 'zh', BASE_URL, async (panel, traffic) => {
        // Another WeChat, the same account: bind failed (final: no more polling, not logged in).
        const code = await showCode(panel, traffic, BASE_URL);
        await phone.open(code.url);
        assert.ok((await phone.identityText(first)).includes(maskedPhone(account.phone)), 'listed as bound');
        await phone.newIdentity(second);
        await phone.scan();
        await bindByCode(panel, account, BASE_URL);
        await panel.waitFor('bindFailed');
        await assertNoAxeViolations(panel.page, 'the WeChat tab, bind failed');
        assert.equal(await panel.auth.authCookie(), undefined, 'not logged in');
        assert.equal(
          (await qrStatus(BASE_URL, code.ticket)).body.data?.status,
          'bind_failed',
          'the server: bind failed',
        );
        await assertNoPolling(traffic);

        // Scan again: a new code. The platform bans the second WeChat meanwhile: its scan is refused.
        await panel.rescan.click();
        const next = await panel.readCode();
        assert.notEqual(next.url, code.url, 'a new code');
        await phone.open(next.url);
        await phone.simulateBan(second);
        await phone.pickIdentity(second);
        const reply = await phone.scan();
        assert.match(reply, /账号已被封禁/, `the phone is told: "${reply}"`);
        await panel.waitFor('banned');
        await panel.rescan.waitFor();
        const ticket = traffic.latest.ticket;
        assert.equal((await qrStatus(BASE_URL, ticket)).body.data?.status, 'banned', 'the server: banned');
        await assertNoPolling(traffic);
        assert.equal(await panel.auth.authCookie(), undefined, 'not logged in');
      });
    });
  });

  test('the mobile /scan_code page offers the simulator as a demo aid (STANDINS=1), which opens the code in another tab', (t) =>
    withPhone(t, browser, lan, 'zh', BASE_URL, async (phone, { context }) => {
      const panel = new ScanPanel(phone.page, 'zh', 'scanCode');
      const traffic = new ScanTraffic(phone.page);
      const code = await showCode(panel, traffic, BASE_URL);
      await panel.root.getByText(panel.text.longPress).waitFor();
      await assertNoAxeViolations(phone.page, '/scan_code on a phone, waiting');
      const box = await panel.qrImage.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'the code fits the phone screen');
      // With the stand-ins allowed the simulator is offered, labelled "演示：", on the page's own origin (a start
      // without STANDINS=1 has no simulator at all: server/config/settings.test.ts).
      const href = new URL((await panel.simulatorLink.getAttribute('href')) ?? '', phone.page.url()).href;
      const encoded = new URL(code.url);
      assert.equal(href, `${new URL(phone.page.url()).origin}${encoded.pathname}${encoded.search}`, 'the demo aid');
      // No second device: the simulator opens in a new tab of the same phone.
      const simulatorTab = await context.newPage();
      const simulator = new ScanPhone(simulatorTab, 'zh');
      await simulator.open(href);
      await simulator.newIdentity(`手机${uniquePhone().slice(-6)}`);
      await simulator.scan();
      await simulatorTab.close();
      await panel.waitFor('unbound');
      await panel.bindNow.waitFor();
      await panel.registerNow.waitFor();
    }));

  test('an account is bound with an SMS code (captcha by keyboard)', async (t) => {
    const { account, madeAt } = await codeAccount;
    await withPhone(t, browser, lan, 'zh', BASE_URL, async (phone) => {
      await withDesktopPanel(t, browser, 'zh', BASE_URL, async (panel, traffic) => {
        const code = await showCode(panel, traffic, BASE_URL);
        await phone.open(code.url);
        await phone.newIdentity(`验证码${account.phone.slice(-6)}`);
        await phone.scan();
        await panel.waitFor('unbound');
        await panel.bindNow.click();
        await panel.waitFor('bindForm');
        // One code a minute per phone: wait for the rest of the minute since the register code.
        await sleep(Math.max(0, madeAt + 61_000 - Date.now()));
        const since = logMark();
        await panel.askForCode('bind', account.phone, 'keyboard');
        await panel.field('bind', panel.auth.text.code).fill(await smsCode(account.phone, 'login', { since }));
        await panel.submit('bind').click();
        await assertLoggedIn(panel.auth, BASE_URL, account.nickname, TENANT);
        await assertSaid(panel, 'bindSuccess');
        assert.equal((await qrStatus(BASE_URL, code.ticket)).body.data?.status, 'expired', 'the code is used up');
      });
    });
  });

  test('/scan_code on a computer goes to the home page', (t) =>
    withPage(t, browser(), desktopOptions('zh', BASE_URL), async ({ page }) => {
      await page.goto('/scan_code');
      await eventually(() => assert.equal(new URL(page.url()).pathname, '/'));
    }));
});
