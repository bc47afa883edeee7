/**
 * A new seller's way through the accounts pages, in both languages and both brands:
 * register (slider captcha with the mouse or the keyboard, SMS code from the server log) → logged in on the
 * workbench landing → name in the header's user centre → logout from the header (the POST payload, the window
 * event) → /login → login with the password → workbench. What the browser stores and what the server says of
 * the token are checked at each step.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { brands } from '../../shared/brand';
import type { Locale } from '../../shared/locale';
import { AuthPage, assertLoggedIn, watchLogoutCalls } from '../models/auth-page';
import { tokenState, tryLogin } from '../support/accounts-api';
import { browserForThisFile, type PageSession, pageTest } from '../support/browser';
import { BASE_URL, BRAND2_URL } from '../support/env';
import { recordedLogoutEvents, recordLogoutEventsIn } from '../support/logout-events';
import { logMark, smsCode, uniquePhone } from '../support/sms';
import { eventually, sleep } from '../support/wait';

const browser = browserForThisFile();

interface Journey {
  locale: Locale;
  brand: (typeof brands)[keyof typeof brands];
  base: string;
  captcha: 'drag' | 'keyboard';
  nickname: string;
}

const JOURNEYS: Journey[] = [
  { locale: 'zh', brand: brands.starreach, base: BASE_URL, captcha: 'drag', nickname: '星达通测试卖家' },
  { locale: 'en', brand: brands.creatorbox, base: BRAND2_URL, captcha: 'keyboard', nickname: 'CreatorBox tester' },
];

/**
 * Logged in on the landing after sign-in, which greets the seller in the brand's page (its title names the brand);
 * the cookie, userInfo and the server agree on the token, which is returned.
 */
async function assertOnWorkbench(auth: AuthPage, journey: Journey, nickname: string): Promise<string> {
  const token = await assertLoggedIn(auth, journey.base, nickname, journey.brand.tenantId);
  const title = await auth.page.title();
  assert.ok(title.endsWith(` - ${journey.brand.name[journey.locale]}`), `the landing names the brand: "${title}"`);
  // In the site's layout: the header's user centre names the seller too.
  await auth.userMenu(nickname).waitFor();
  return token;
}

async function registerAndLogOutAndIn({ page, context }: PageSession, journey: Journey) {
  const auth = new AuthPage(page, journey.locale);
  const text = auth.text;
  await recordLogoutEventsIn(context);
  const logoutCalls = watchLogoutCalls(page);
  const phone = uniquePhone();
  const password = `e2e ${phone} secret`;
  const nickname = `${journey.nickname} ${phone.slice(-4)}`;

  // Register: the phone, the captcha, the code from the server log.
  await auth.open('/register');
  await auth.askForCode('register', phone);
  const since = logMark();
  await auth.passCaptchaForCode(journey.captcha);
  await auth.toast(text.codeSent, 'status').waitFor();

  // The button counts the 60 s down and cannot be clicked meanwhile.
  const button = auth.smsButton('register');
  const first = await eventually(async () => {
    const match = text.countdown.exec(await auth.smsLabel('register'));
    assert.ok(match, `the button counts down: "${await auth.smsLabel('register')}"`);
    return Number(match[1]);
  });
  assert.ok(first >= 55 && first <= 60, `the countdown starts near 60 s (shows ${first})`);
  assert.ok(await button.isDisabled(), 'the button is disabled while it counts');
  await sleep(2100);
  const later = Number(text.countdown.exec(await auth.smsLabel('register'))?.[1]);
  assert.ok(later <= first - 2 && later >= first - 3, `the countdown goes on (${first} → ${later} after 2.1 s)`);

  const code = await smsCode(phone, 'register', { since });
  await auth.code('register').fill(code);
  await auth.field('register', text.nickname).fill(nickname);
  await auth.password('register').fill(password);
  await auth.submit('register').click();
  // The session: the token in the cookie, userInfo in localStorage, and the server knows the token.
  const token = await assertOnWorkbench(auth, journey, nickname);

  // Home: the header's user centre shows the name.
  await auth.open('/');
  await auth.userMenu(nickname).waitFor();
  assert.equal(await auth.headerLogin.count(), 0, 'no login link while logged in');

  // Logout from the header: one POST {userName}, the window event, cleared storage, the login page.
  await auth.logOutFromHeader(nickname);
  await auth.waitForPath('/login');
  await auth.headerLogin.waitFor();
  assert.deepEqual(
    logoutCalls,
    [{ method: 'POST', body: { userName: nickname }, token }],
    'one logout call with {userName} and the token',
  );
  const events = await recordedLogoutEvents(page);
  assert.equal(events.length, 1, `the page fired user-login-out once (${JSON.stringify(events)})`);
  assert.equal(await auth.authCookie(), undefined, 'the cookie is gone');
  assert.equal(await auth.storedUserInfo(), null, 'userInfo is gone');
  assert.deepEqual(await tokenState(journey.base, token), { status: 401, code: 40002 }, 'the token is revoked');

  // Login with the password → the workbench again, with a new token.
  await auth.logIn(phone, password);
  const newToken = await assertOnWorkbench(auth, journey, nickname);
  assert.notEqual(newToken, token, 'a new token for the new login');
  return { phone, password };
}

describe('register, log out, log in', () => {
  for (const journey of JOURNEYS) {
    const where = `${journey.locale === 'zh' ? 'Chinese' : 'English'} on ${journey.brand.name.en}`;
    pageTest(
      `${where}: register (captcha by ${journey.captcha === 'drag' ? 'mouse' : 'keyboard'}), header name, header logout, password login`,
      browser,
      async (session) => {
        const { phone, password } = await registerAndLogOutAndIn(session, journey);
        if (journey.brand.id === 'creatorbox') {
          // Accounts are per brand: the same phone and password are unknown to brand 1.
          assert.deepEqual(await tryLogin(BASE_URL, phone, password), { status: 400, code: 40003 });
        }
      },
      { locale: journey.locale === 'zh' ? 'zh-CN' : 'en-US', baseURL: journey.base },
    );
  }
});
