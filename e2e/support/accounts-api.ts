/**
 * The accounts API called from the test process (docs/api.md), for what a test needs around the browser:
 * an account to log in with, revoking a token as another device would, and asking the server whether a token
 * still works. Registration goes the whole honest way: puzzle, solved by the solver, verify, SMS code read
 * from the server log, register. Every call counts against the server's limits like a browser's (the SMS
 * limit of 20 an hour per IP address is shared by the whole run: see docs/decisions/010-accounts-browser-tests.md).
 */
import type { UserInfo } from '../../shared/contract/accounts';
import type { ApiEnvelope } from '../../shared/contract/operation';
import { gapOf, type Puzzle } from './captcha';
import { logMark, SERVER_LOG, type SmsPurpose, smsCode, uniquePhone } from './sms';

/** The JSON envelope of every answer (the contract's). */
export type Envelope<T = unknown> = ApiEnvelope<T>;

export interface ApiAnswer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

/** What login and register return (and the app keeps in localStorage `userInfo`): the contract's shape. */
export type { UserInfo };

export interface Account {
  phone: string;
  password: string;
  nickname: string;
  userInfo: UserInfo;
}

/**
 * Each fixture call comes from an address of its own (198.18.0.0/15, the range for tests), told by
 * X-Forwarded-For to the specs' server, which trusts loopback as its proxy (e2e/run.ts): the per-address limits
 * (SMS, captcha puzzles, register attempts) then hold the browser's own requests, not the accounts the specs set up.
 */
let fixtureCalls = 0;
function fixtureAddress(): string {
  fixtureCalls++;
  return `198.18.${(fixtureCalls >> 8) & 255}.${fixtureCalls & 255}`;
}

export async function callApi<T = unknown>(
  base: string,
  path: string,
  {
    method = 'POST',
    body,
    token,
    language = 'zh-CN',
  }: { method?: 'GET' | 'POST'; body?: unknown; token?: string; language?: string } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      'Accept-Language': language,
      'X-Forwarded-For': fixtureAddress(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token === undefined ? {} : { 'X-Auth-Token': token }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

async function succeed<T>(what: string, answer: Promise<ApiAnswer<T>>): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200 || body.code !== 200) {
    throw new Error(`${what} failed: HTTP ${status}, ${JSON.stringify(body)}`);
  }
  return body.data as T;
}

/** A captcha ticket, from a puzzle solved by the solver. */
export async function captchaTicket(base: string): Promise<string> {
  const puzzle = await succeed('captcha puzzle', callApi<Puzzle>(base, '/v2/captcha/puzzle', { body: {} }));
  const verified = await succeed(
    'captcha verify',
    callApi<{ ticket: string }>(base, '/v2/captcha/verify', {
      body: { captchaId: puzzle.captchaId, x: gapOf(puzzle) },
    }),
  );
  return verified.ticket;
}

/**
 * Sends a code to a Chinese phone and returns it, read from the log of the server behind `base` (the run's
 * server unless `log` names another: a spec's own server, e2e/support/wx-server.ts).
 */
export async function sendCode(base: string, phone: string, purpose: SmsPurpose, log = SERVER_LOG): Promise<string> {
  const ticket = await captchaTicket(base);
  const since = logMark(log);
  await succeed('sendSmsCode', callApi(base, '/v2/sendSmsCode', { body: { phone, countryCode: 1, purpose, ticket } }));
  return smsCode(phone, purpose, { since, log });
}

/**
 * As sendCode, waiting out the one-code-a-minute limit of the phone (a bind right after the registration's code):
 * a 429 waits the `retryAfter` it names and sends again with the same captcha ticket (a refused send does not spend
 * it; puzzles are limited to 30 in 10 minutes per address, shared by the run); a refused ticket gets a new one.
 */
export async function sendCodeWhenAllowed(
  base: string,
  phone: string,
  purpose: SmsPurpose,
  log = SERVER_LOG,
): Promise<string> {
  let ticket = await captchaTicket(base);
  for (let tries = 1; ; tries++) {
    const since = logMark(log);
    const sent = await callApi<{ retryAfter?: number }>(base, '/v2/sendSmsCode', {
      body: { phone, countryCode: 1, purpose, ticket },
    });
    if (sent.status === 200 && sent.body.code === 200) return smsCode(phone, purpose, { since, log });
    if (tries >= 3) throw new Error(`sendSmsCode failed: HTTP ${sent.status}, ${JSON.stringify(sent.body)}`);
    if (sent.status === 429) {
      const seconds = Math.min(sent.body.data?.retryAfter ?? 5, 70);
      await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
    } else ticket = await captchaTicket(base);
  }
}

/** Registers a new account on the brand of `base` (one SMS code, read from `log`: see sendCode). */
export async function registerAccount(
  base: string,
  options: { phone?: string; password?: string; nickname?: string; log?: string } = {},
): Promise<Account> {
  const phone = options.phone ?? uniquePhone();
  const password = options.password ?? `e2e ${phone} pass`;
  const nickname = options.nickname ?? `测试${phone.slice(-4)}`;
  const code = await sendCode(base, phone, 'register', options.log);
  const userInfo = await succeed(
    'register',
    callApi<UserInfo>(base, '/v2/web/register', {
      body: { phone, countryCode: 1, code, password, nickname, channelId: 2, clientId: 'morestores' },
    }),
  );
  return { phone, password, nickname, userInfo };
}

/** Logs the token out on the server (as the same user on another device would); returns the answer. */
export function logoutToken(base: string, token: string, userName: string): Promise<ApiAnswer> {
  return callApi(base, '/v2/web/userlogout', { body: { userName }, token });
}

/** What the server says of a token: 200 while it works, 401 (code 401 or 40002) once it does not. */
export async function tokenState(base: string, token: string): Promise<{ status: number; code: number }> {
  const { status, body } = await callApi(base, '/v2/dm_user_base_info', { method: 'GET', token });
  return { status, code: body.code };
}

/** A password login through the API: the answer's HTTP status and business code. */
export async function tryLogin(
  base: string,
  phone: string,
  password: string,
): Promise<{ status: number; code: number }> {
  const { status, body } = await callApi(base, '/v2/web/userlogin', { body: { phone, countryCode: 1, password } });
  return { status, code: body.code };
}
