/**
 * The auth forms with the page's script off, in each engine (chromium/firefox/webkit.no-script.journeys.ts):
 * what a visitor gets when the script never arrives. The forms post to their page and the server answers
 * (server/pages/form-posts.ts): a password login reaches the workbench, an empty and a wrong form come back with
 * their messages in the page's language and the phone kept, no secret is ever in an address, the SMS way is a
 * link and says why "Get code" needs the script, a press of "Get code" is answered in the page (register, the
 * login's SMS way, the phone's reset form) while Enter in a field still sends the form itself, a phone resets
 * its password inside /login, and a form posted from another site is refused. How each engine turns the script off: engine.ts `OpenOptions.script`.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { type Account, registerAccount } from '../support/accounts-api';
import { BASE_URL } from '../support/env';
import { uniquePhone } from '../support/sms';
import { sleep } from '../support/wait';
import { qrStatus } from '../support/wx';
import type { Device, Engine, EngineName, EnginePage } from './engine';
import { launchEngine, scanAsNewWeChat, WORKBENCH } from './journeys';
import { TEXT } from './page-text';

/** What the server says without the script, word for word (the API's messages, server/api/http.ts). */
const SAID = {
  zh: {
    empty: { phone: '缺少手机号', password: '缺少密码' },
    wrong: '手机号或密码错误',
    forgot: '忘记密码？',
    smsWay: '验证码登录',
    needsScript: '获取验证码需要先完成安全验证，请开启浏览器的 JavaScript 后再试。',
    getCode: '获取验证码',
    codeNeedsScript:
      '发送验证码需要本页的脚本（先完成安全验证）。页面还在加载时，请稍候再按一次“获取验证码”；如果浏览器关闭了 JavaScript，请开启后再试。',
    registerEmpty: { code: '缺少验证码' },
    refused: '已拒绝来自其他网站的表单提交。',
  },
  en: {
    empty: { phone: 'Phone number is required', password: 'Password is required' },
    wrong: 'Wrong phone number or password',
    forgot: 'Forgot password?',
    smsWay: 'SMS code',
    needsScript: 'Getting a code needs the security check first: turn on JavaScript in your browser and try again.',
    getCode: 'Get code',
    codeNeedsScript:
      'Sending a code needs this page’s script (the security check comes first). If the page is still loading, wait a moment and press “Get code” again; if JavaScript is off in your browser, turn it on and try again.',
    registerEmpty: { code: 'Verification code is required' },
    refused: 'A form sent from another site was refused.',
  },
} as const;

/** The refused forms' answers (400), which some engines log for the document. */
const REFUSED_STATUS = /status of (400|403)/;

// ---- in-page checks (sent as text: they use nothing from outside) ----

/** The page ran none of its script: React never took over its forms. */
function scriptless(): boolean {
  const form = document.querySelector('form');
  return !!form && !Object.keys(form).some((key) => key.startsWith('__react'));
}

/** Each shown field's message (its `aria-invalid` input's description) and the form's notice. */
function answerShown(form: string): { errors: Record<string, string>; notice: string; values: Record<string, string> } {
  const root = document.querySelector(`form[aria-label="${form}"]`);
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const input of Array.from(root?.querySelectorAll('input[name]') ?? []) as HTMLInputElement[]) {
    if (input.type === 'hidden' || input.closest('[hidden]')) continue;
    values[input.name] = input.value;
    if (input.getAttribute('aria-invalid') === 'true')
      errors[input.name] = (
        document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? ''
      ).trim();
  }
  return { errors, notice: (root?.querySelector('[role="alert"]')?.textContent ?? '').trim(), values };
}

/** A form's own submit button (before the script, "Get code" is a submit button too, named `send`). */
const submitOf = (form: string) => `form[aria-label="${form}"] button[type="submit"]:not([name="send"])`;

function bodyText(): string {
  return (document.body?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function pageTitle(): string {
  return document.querySelector('h1')?.textContent?.trim() ?? '';
}

// ---- helpers ----

async function until<T>(page: EnginePage, what: string, check: () => Promise<T | false | null | undefined>) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${page.engine}: waited in vain for ${what} (page ${await page.url()})`);
    await sleep(100);
  }
}

/** Waits for the page at `path` to have loaded after a press that navigates. */
async function arrive(page: EnginePage, path: string, search = ''): Promise<URL> {
  return until(page, `the address ${path}${search}`, async () => {
    const url = new URL(await page.url());
    const loaded = await page.evaluate(() => document.readyState === 'complete');
    return url.pathname === path && url.search === search && loaded ? url : null;
  });
}

/** The address never holds the phone, the password or a code. */
function assertNoSecret(url: string, account: { phone: string; password: string }) {
  const decoded = decodeURIComponent(url);
  for (const secret of [account.phone, account.password, 'password=', 'phone=', 'code='])
    assert.ok(!decoded.includes(secret), `the address ${url} holds "${secret}"`);
}

/** Fills a field by pressing it and typing, as a visitor would. */
async function fill(page: EnginePage, form: string, name: string, text: string) {
  await page.press(`form[aria-label="${form}"] input[name="${name}"]`);
  await page.type(text, 0);
}

/** A page on another origin (127.0.0.1 against the server's localhost) whose form posts a login to the site. */
function startForeignSite(account: Account): Promise<{ server: Server; url: string }> {
  const html = `<!doctype html><meta charset="utf-8"><title>elsewhere</title>
<form method="post" action="${BASE_URL}/login">
<input type="hidden" name="intent" value="login"><input type="hidden" name="way" value="password">
<input type="hidden" name="countryCode" value="1"><input type="hidden" name="phone" value="${account.phone}">
<input type="hidden" name="password" value="${account.password}">
<button type="submit" id="go">Win a prize</button></form>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }),
    ),
  );
}

export function defineNoScriptJourneys(name: EngineName): void {
  describe(`journeys without the script in ${name}`, () => {
    let engine: Engine | undefined;
    let account: Account;
    before(async () => {
      engine = await launchEngine(name);
      account = await registerAccount(BASE_URL, { nickname: `NS${uniquePhone().slice(-6)}` });
    });
    after(async () => {
      await engine?.close();
    });

    const journey = (title: string, device: Device, body: (page: EnginePage) => Promise<void>) =>
      test(`${name} without script: ${title}`, async () => {
        if (!engine) throw new Error(`${name} did not start (see the error of the "before" hook)`);
        const page = await engine.open({ device, script: false });
        try {
          await body(page);
          const problems = (await page.problems()).filter((line) => !REFUSED_STATUS.test(line));
          assert.deepEqual(problems, [], `${name}: console errors, page errors or CSP violations`);
        } finally {
          await page.close();
        }
      });

    journey('password login reaches the workbench, no secret in any address', 'desktop', async (page) => {
      const form = TEXT.zh.loginForm;
      await page.goto(`${BASE_URL}/login`);
      // With its script the page would have hydrated by now (at idle after load).
      await sleep(1500);
      assert.ok(await page.evaluate(scriptless), 'the page runs no script');
      await fill(page, form, 'phone', account.phone);
      await fill(page, form, 'password', account.password);
      await page.press(submitOf(form));
      const url = await arrive(page, WORKBENCH);
      assertNoSecret(url.href, account);
      const text = await page.evaluate(bodyText);
      assert.ok(text.includes(account.nickname), `the workbench greets ${account.nickname}: ${text.slice(0, 200)}`);
    });

    for (const locale of ['zh', 'en'] as const) {
      const prefix = locale === 'en' ? '/en' : '';
      journey(`${locale}: an empty and a wrong login are answered in the page's language`, 'desktop', async (page) => {
        const form = TEXT[locale].loginForm;
        const said = SAID[locale];
        await page.goto(`${BASE_URL}${prefix}/login`);
        await page.press(submitOf(form));
        await until(page, 'the answer to the empty form', async () => {
          const shown = await page.evaluate(answerShown, form);
          return Object.keys(shown.errors).length ? shown : null;
        });
        assert.deepEqual((await page.evaluate(answerShown, form)).errors, said.empty);
        assert.equal(new URL(await page.url()).pathname, `${prefix}/login`);

        await fill(page, form, 'phone', account.phone);
        await fill(page, form, 'password', 'not the password');
        await page.press(submitOf(form));
        const shown = await until(page, 'the answer to the wrong password', async () => {
          const answer = await page.evaluate(answerShown, form);
          return answer.notice ? answer : null;
        });
        assert.equal(shown.notice, said.wrong);
        assert.deepEqual(shown.errors, {});
        assert.equal(shown.values.phone, account.phone, 'the phone is kept');
        assert.equal(shown.values.password, '', 'the password is never sent back');
        assertNoSecret(await page.url(), { phone: account.phone, password: 'not the password' });
        assert.equal(await page.evaluate(scriptless), true, 'still no script');
      });
    }

    journey('the SMS way is a link; "Get code" says it needs the script', 'desktop', async (page) => {
      const said = SAID.en;
      await page.goto(`${BASE_URL}/en/login`);
      await page.press({ css: 'fieldset a', text: said.smsWay, exact: true });
      await arrive(page, '/en/login', '?way=sms');
      const shown = await page.evaluate(answerShown, TEXT.en.loginForm);
      assert.deepEqual(Object.keys(shown.values).sort(), ['code', 'phone'], 'the code field is shown');
      assert.ok((await page.evaluate(bodyText)).includes(said.needsScript), 'the page says why "Get code" waits');
      // A press of "Get code" is answered in the page: the phone kept, the reason under the code field.
      await fill(page, TEXT.en.loginForm, 'phone', account.phone);
      await page.press({ css: `form[aria-label="${TEXT.en.loginForm}"] button`, text: said.getCode, exact: true });
      const answered = await until(page, 'the answer to "Get code"', async () => {
        const answer = await page.evaluate(answerShown, TEXT.en.loginForm);
        return answer.errors.code ? answer : null;
      });
      assert.deepEqual(answered.errors, { code: said.codeNeedsScript });
      assert.equal(answered.values.phone, account.phone);
      assert.equal(new URL(await page.url()).search, '?way=sms');
      assertNoSecret(await page.url(), account);
    });

    for (const locale of ['zh', 'en'] as const) {
      journey(
        `${locale} phone: "Get code" on /register is answered in the page, Enter still registers`,
        'phone',
        async (page) => {
          const prefix = locale === 'en' ? '/en' : '';
          const form = TEXT[locale].registerForm;
          const said = SAID[locale];
          await page.goto(`${BASE_URL}${prefix}/register`);
          await fill(page, form, 'phone', '13900139000');
          await fill(page, form, 'password', 'a secret of mine');
          await page.press({ css: `form[aria-label="${form}"] button`, text: said.getCode, exact: true });
          const answered = await until(page, 'the answer to "Get code"', async () => {
            const answer = await page.evaluate(answerShown, form);
            return answer.errors.code ? answer : null;
          });
          assert.deepEqual(answered.errors, { code: said.codeNeedsScript });
          assert.equal(answered.values.phone, '13900139000', 'the phone is kept');
          assert.equal(answered.values.password, '', 'the password is never sent back');
          assert.equal(new URL(await page.url()).pathname, `${prefix}/register`);
          // Enter in a field sends the form itself (its default button), not "Get code".
          await fill(page, form, 'password', 'a secret of mine');
          await page.key('Enter');
          await until(page, 'the answer to the register form', async () => {
            const answer = await page.evaluate(answerShown, form);
            return answer.errors.code === said.registerEmpty.code ? answer : null;
          });
          assert.equal(await page.evaluate(scriptless), true, 'still no script');
        },
      );
    }

    journey('zh phone: "Get code" of the reset form inside /login is answered in the page', 'phone', async (page) => {
      const form = TEXT.zh.resetForm;
      await page.goto(`${BASE_URL}/login?way=reset`);
      await fill(page, form, 'phone', account.phone);
      await page.press({ css: `form[aria-label="${form}"] button`, text: SAID.zh.getCode, exact: true });
      const answered = await until(page, 'the answer to "Get code"', async () => {
        const answer = await page.evaluate(answerShown, form);
        return answer.errors.code ? answer : null;
      });
      assert.deepEqual(answered.errors, { code: SAID.zh.codeNeedsScript });
      assert.equal(answered.values.phone, account.phone);
      assert.equal(await page.evaluate(pageTitle), form);
    });

    for (const locale of ['zh', 'en'] as const) {
      journey(`${locale} phone: "forgot password" opens the reset form inside /login`, 'phone', async (page) => {
        const prefix = locale === 'en' ? '/en' : '';
        await page.goto(`${BASE_URL}${prefix}/login`);
        await page.press({ css: 'a', text: SAID[locale].forgot, exact: true });
        await arrive(page, `${prefix}/login`, '?way=reset');
        assert.equal(await page.evaluate(pageTitle), TEXT[locale].resetForm);
        const shown = await page.evaluate(answerShown, TEXT[locale].resetForm);
        // The reset's "keep the WeChat bound in the last 24 hours" box goes with the form too (off by default).
        assert.deepEqual(Object.keys(shown.values).sort(), ['code', 'keepWechat', 'password', 'phone']);
      });
    }

    journey(
      'phone /scan_code shows its code from the HTML, and scanning it reaches that ticket',
      'phone',
      async (page) => {
        await page.goto(`${BASE_URL}/scan_code`);
        const shown = await until(page, 'the QR code', () =>
          page.evaluate(() => {
            const image = document.querySelector(
              'section[data-scan-state] img[data-qr-url]',
            ) as HTMLImageElement | null;
            const env = JSON.parse(document.getElementById('portal-env')?.textContent ?? '{}');
            return image?.complete && image.naturalWidth > 0
              ? {
                  url: image.getAttribute('data-qr-url'),
                  png: image.src.startsWith('data:image/png'),
                  code: env.scanCode,
                }
              : null;
          }),
        );
        assert.ok(shown.png, 'a real code, not the placeholder');
        // WebKitGTK without script markup drops every <script> element, the page's data block too: there the
        // code drawn is checked by scanning it only.
        if (page.engine !== 'webkit' || shown.code) {
          assert.equal(shown.url, shown.code?.qrUrl, 'the code drawn is the one the page carries');
          assert.equal((await qrStatus(BASE_URL, shown.code.ticket)).body.data?.status, 'waiting');
        }
        await scanAsNewWeChat(shown.url ?? '', 'zh');
        if (shown.code)
          assert.equal(
            (await qrStatus(BASE_URL, shown.code.ticket)).body.data?.status,
            'unbound',
            'the scan reached it',
          );
      },
    );

    journey('a login posted from another site is refused and signs nobody in', 'desktop', async (page) => {
      const foreign = await startForeignSite(account);
      try {
        await page.goto(foreign.url);
        await page.press('#go');
        await until(page, 'the refusal', async () =>
          (await page.evaluate(bodyText)).includes(SAID.zh.refused) ? true : null,
        );
        assert.equal(new URL(await page.url()).pathname, '/login');
        // Not signed in: the workbench sends the visitor to login.
        await page.goto(`${BASE_URL}${WORKBENCH}`);
        assert.equal(new URL(await page.url()).pathname, '/login');
      } finally {
        foreign.server.close();
      }
    });
  });
}
