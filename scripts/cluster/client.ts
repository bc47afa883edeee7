/**
 * The API as the cluster, crash and load scripts call it: every call bounded by a timeout (a hang is a failure,
 * not a stuck run), optionally on behalf of a client address. `ip` sends `X-Forwarded-For: ip`: servers started
 * with TRUST_PROXY=loopback take it from a loopback peer (directly or through the loopback nginx, which appends
 * its own peer), so one test process can play many clients without touching their limits. Captcha puzzles are
 * solved with the server's own solver, exactly as e2e/support/accounts-api.ts does; SMS codes are read from
 * the output of the server process that sent them (the built-in sink's `[sms]` line).
 */
import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import { gapOf, type Puzzle } from '../../e2e/support/captcha';
import type { ServerProcess } from './server';

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; message: string; data?: T };
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  token?: string;
  ip?: string;
  language?: string;
  timeoutMs?: number;
}

/**
 * One request with a timer of its own (node:http, a connection each). A `fetch` bounded by
 * `AbortSignal.timeout` was seen never to settle on a loaded machine (the test process idle, no connection open),
 * which hung whole runs; this one always ends, with the answer or an error.
 */
function exchange(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  ms: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.once('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.once('error', reject);
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${method} ${url}: no answer within ${ms} ms`));
    }, ms);
    req.once('close', () => clearTimeout(timer));
    req.once('error', reject);
    req.end(body);
  });
}

export async function call<T = unknown>(base: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const { method = 'POST', body, token, ip, language = 'zh-CN', timeoutMs = 15_000 } = options;
  const response = await exchange(
    `${base}/api${path}`,
    method,
    {
      'Accept-Language': language,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token === undefined ? {} : { 'X-Auth-Token': token }),
      ...(ip === undefined ? {} : { 'X-Forwarded-For': ip }),
    },
    body === undefined ? undefined : JSON.stringify(body),
    timeoutMs,
  );
  const text = response.text;
  let parsed: Answer<T>['body'];
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(
      `${method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
    );
  }
  return { status: response.status, body: parsed };
}

async function succeed<T>(what: string, answer: Promise<Answer<T>>): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200 || body.code !== 200) throw new Error(`${what} failed: HTTP ${status}, ${JSON.stringify(body)}`);
  return body.data as T;
}

/** A distinct documentation-range (TEST-NET) or private address for client number `n`. */
export function clientIp(n: number, block = 10): string {
  return `${block}.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A Chinese mobile number nobody else in this run uses. */
export function uniquePhone(prefix = '139'): string {
  return `${prefix}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** A captcha ticket: a puzzle asked for, solved and verified (both calls as `ip`). */
export async function captchaTicket(base: string, ip?: string): Promise<string> {
  const puzzle = await succeed('captcha puzzle', call<Puzzle>(base, '/v2/captcha/puzzle', { body: {}, ip }));
  const verified = await succeed(
    'captcha verify',
    call<{ ticket: string }>(base, '/v2/captcha/verify', {
      body: { captchaId: puzzle.captchaId, x: gapOf(puzzle) },
      ip,
    }),
  );
  return verified.ticket;
}

export function sendSms(base: string, phone: string, purpose: string, ticket: string, ip?: string) {
  return call(base, '/v2/sendSmsCode', { body: { phone, countryCode: 1, purpose, ticket }, ip });
}

/** Waits (up to 5 s) for the code the built-in sink logged in any of these processes. */
export async function smsCode(servers: ServerProcess[], phone: string, purpose: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    for (const server of servers) {
      const code = server.smsCode(phone, purpose);
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`No ${purpose} code for ${phone} in the server output`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface UserInfo {
  userId: number;
  userName: string;
  phone: string;
  Authorization: string;
}

export function registerBody(phone: string, code: string, password: string) {
  return {
    phone,
    countryCode: 1,
    code,
    password,
    nickname: `测试${phone.slice(-4)}`,
    channelId: 2,
    clientId: 'morestores',
  };
}

/** Registers a new account the honest way (puzzle, SMS code, register), all as `ip`. */
export async function register(
  base: string,
  servers: ServerProcess[],
  options: { ip?: string; phone?: string; password?: string } = {},
): Promise<{ phone: string; password: string; userInfo: UserInfo }> {
  const phone = options.phone ?? uniquePhone();
  const password = options.password ?? `cluster ${phone} pass`;
  const ticket = await captchaTicket(base, options.ip);
  await succeed('sendSmsCode', sendSms(base, phone, 'register', ticket, options.ip));
  const code = await smsCode(servers, phone, 'register');
  const userInfo = await succeed(
    'register',
    call<UserInfo>(base, '/v2/web/register', { body: registerBody(phone, code, password), ip: options.ip }),
  );
  return { phone, password, userInfo };
}

export function login(base: string, phone: string, password: string, ip?: string) {
  return call<UserInfo>(base, '/v2/web/userlogin', { body: { phone, countryCode: 1, password }, ip });
}

/** 200 while the token works, 401 once it does not. */
export async function tokenStatus(base: string, token: string): Promise<number> {
  return (await call(base, '/v2/dm_user_base_info', { method: 'GET', token })).status;
}
