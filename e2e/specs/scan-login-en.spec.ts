/**
 * The WeChat QR login in English on brand 2 (CreatorBox, its own port), the whole way: an account made on
 * brand 2 is bound with an SMS code from the WeChat panel of /en/login, then the same WeChat logs in by scanning and
 * confirming on the phone. The phone pages speak English too. Brand 2's WeChat users are not brand 1's: brand
 * 1's simulator does not list them.
 *
 * Limits: 1 SMS code (1 puzzle) and 2 QR codes on the run's server.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brands } from '../../shared/brand';
import { assertLoggedIn } from '../models/auth-page';
import {
  assertSaid,
  bindByCode,
  maskedPhone,
  phoneNetworkForThisFile,
  showCode,
  withDesktopPanel,
  withPhone,
} from '../models/scan-journey';
import { registerAccount, tokenState } from '../support/accounts-api';
import { browserForThisFile } from '../support/browser';
import { BASE_URL, BRAND2_URL } from '../support/env';
import { uniquePhone } from '../support/sms';
import { qrStatus } from '../support/wx';

const browser = browserForThisFile();
const lan = phoneNetworkForThisFile();
const BRAND = brands.creatorbox;

describe('WeChat QR login in English on brand 2', () => {
  test('bind with an SMS code, then log in by scanning and confirming on the phone', async (t) => {
    const account = await registerAccount(BRAND2_URL, { nickname: `CB seller ${uniquePhone().slice(-4)}` });
    const wxName = `WeChat ${account.phone.slice(-6)}`;
    await withPhone(t, browser, lan, 'en', BRAND2_URL, async (phone) => {
      await withDesktopPanel(t, browser, 'en', BRAND2_URL, async (panel, traffic) => {
        const code = await showCode(panel, traffic, BRAND2_URL);
        assert.equal(await panel.simulatorLink.count(), 1, 'the simulator is offered as a demo aid (STANDINS=1)');
        assert.equal(new URL(code.url).port, new URL(BRAND2_URL).port, "the code points at brand 2's port");
        assert.equal((await panel.heading.textContent())?.trim(), 'Scan with WeChat to log in');
        const left = await panel.secondsLeft();
        assert.ok(left > 280 && left <= 300, `"Expires in m:ss" counts about 5 minutes (${left} s)`);

        await phone.open(code.url);
        assert.ok((await phone.pageText()).includes(BRAND.name.en), 'the simulator plays the brand 2 official account');
        await phone.newIdentity(wxName);
        const reply = await phone.scan();
        assert.match(reply, new RegExp(`not bound to a ${BRAND.name.en} account`), `reply in English: "${reply}"`);
        assert.match(await phone.identityText(wxName), /not bound/);
        await panel.waitFor('unbound');
        await panel.root.getByText(panel.text.nickname(wxName)).waitFor();

        await bindByCode(panel, account, BRAND2_URL);
        await assertLoggedIn(panel.auth, BRAND2_URL, account.nickname, BRAND.tenantId);
        await assertSaid(panel, 'bindSuccess');
        assert.equal((await qrStatus(BRAND2_URL, code.ticket)).body.data?.status, 'expired', 'the code is used up');
      });

      await withDesktopPanel(t, browser, 'en', BRAND2_URL, async (panel, traffic) => {
        const code = await showCode(panel, traffic, BRAND2_URL);
        await phone.open(code.url);
        assert.ok((await phone.identityText(wxName)).includes(maskedPhone(account.phone)), 'listed as bound');
        await phone.pickIdentity(wxName);
        const reply = await phone.scan();
        assert.ok(reply.includes(`${account.nickname}, you are logging in to ${BRAND.name.en}`), `reply: "${reply}"`);
        await panel.waitFor('scanned');
        await phone.followConfirmLink();
        assert.ok((await phone.pageText()).includes(`Log in to ${BRAND.name.en} on the computer?`));
        assert.deepEqual(await phone.confirmAccount(), {
          phone: maskedPhone(account.phone),
          userName: account.nickname,
        });
        await phone.confirm();
        const token = await assertLoggedIn(panel.auth, BRAND2_URL, account.nickname, BRAND.tenantId);
        await assertSaid(panel, 'loggedIn');
        assert.equal((await tokenState(BRAND2_URL, token)).status, 200);

        // Brand 1's official account does not know brand 2's WeChat users.
        const brand1 = new URL(code.url);
        brand1.port = new URL(BASE_URL).port;
        await phone.open(`${brand1.origin}/wx-sim?lang=en`);
        assert.ok((await phone.pageText()).includes(brands.starreach.name.en), "brand 1's simulator");
        assert.equal(await phone.identity(wxName).count(), 0, 'the brand 2 WeChat is not listed on brand 1');
      });
    });
  });
});
