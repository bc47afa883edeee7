/**
 * For the accounts tests: the whole app (API, workbench landing, a stub page renderer) on a test database
 * with a clock the test moves, the built-in SMS sink writing into an array, and helpers that walk the real
 * calls (solve the captcha from its pictures, send a code and read it from the outbox, register).
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect } from 'vitest';
import type { SmsPurpose } from '../../shared/contract/accounts';
import { createApp } from '../app';
import { readSettings } from '../config/settings';
import type { Database } from '../db/database';
import type { Renderer } from '../pages/page-handler';
import type { CaptchaProvider } from '../providers/captcha/index';
import type { MessagingProvider } from '../providers/messaging/types';
import type { SmsProvider } from '../providers/sms/index';
import { createSmsSink } from '../providers/sms/sink';
import { solvePuzzle } from './captcha-solver';

export const START = new Date('2026-11-21T12:00:00Z');
export const HOST = 'localhost:3030';
export const BRAND2_HOST = 'localhost:3031';
export const PASSWORD = 'correct horse battery';

export interface CallOptions {
  body?: unknown;
  /** A raw body sent as it is (with `contentType`). */
  raw?: string;
  contentType?: string;
  token?: string;
  ip?: string;
  lang?: 'zh' | 'en';
  host?: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
}

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data?: T;
}

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export function harness(
  db: Database,
  options: {
    sms?: SmsProvider;
    captcha?: CaptchaProvider;
    messaging?: MessagingProvider;
    production?: boolean;
    /** More settings, as environment variables (e.g. TRUST_PROXY). */
    env?: Record<string, string>;
    /** The page renderer (default: a 200 page naming its path). */
    renderer?: Renderer;
  } = {},
) {
  let now = new Date(START);
  const log: string[] = [];
  const sink = createSmsSink({ now: () => now, log: (line) => log.push(line) });
  const sms = options.sms ?? sink;
  const settings = readSettings({ NODE_ENV: options.production ? 'production' : 'development', ...options.env });
  const app = createApp({
    settings,
    api: { db, now: () => now, sms, captcha: options.captcha, messaging: options.messaging },
    getRenderer: async () =>
      options.renderer ?? {
        renderPage: async (request) => new Response(`page ${new URL(request.url).pathname}`, { status: 200 }),
      },
    getManifest: async () => undefined,
  });

  async function call<T = unknown>(path: string, opts: CallOptions = {}): Promise<Answer<T>> {
    const method = opts.method ?? (opts.body !== undefined || opts.raw !== undefined ? 'POST' : 'GET');
    const headers: Record<string, string> = {
      host: opts.host ?? HOST,
      'accept-language': opts.lang === 'en' ? 'en' : 'zh-CN',
      ...opts.headers,
    };
    if (opts.token !== undefined) headers['x-auth-token'] = opts.token;
    let body: string | undefined;
    if (opts.raw !== undefined) {
      body = opts.raw;
      if (opts.contentType) headers['content-type'] = opts.contentType;
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = opts.contentType ?? 'application/json';
    }
    const env = { incoming: { socket: { remoteAddress: opts.ip ?? '203.0.113.1', localPort: 3030 } } };
    const fast = method === 'GET' ? fastPath(`/api${path}`, headers, env.incoming) : undefined;
    if (fast) return fast as Answer<T>;
    const res = await app.request(`http://${headers.host}/api${path}`, { method, headers, body }, env);
    const text = await res.text();
    return {
      status: res.status,
      body: text ? (JSON.parse(text) as Envelope<T>) : ({} as Envelope<T>),
      headers: res.headers,
    };
  }

  /**
   * A GET as server/main.ts serves it: the Node fast paths in front of the app (a QR poll memory answers) get it
   * first, so every poll a test makes checks them too; `fastAnswers` counts what they answered.
   */
  const fastAnswers = { count: 0 };
  function fastPath(
    url: string,
    headers: Record<string, string>,
    incoming: { socket: { remoteAddress: string; localPort: number } },
  ): Answer | undefined {
    let status = 0;
    let written: Record<string, string | number> = {};
    let text = '';
    const outgoing = {
      writeHead(code: number, values: Record<string, string | number>) {
        status = code;
        written = values;
      },
      end(chunk?: string) {
        text = chunk ?? '';
      },
    };
    const request = { method: 'GET', url, headers, socket: incoming.socket };
    if (!app.serveNode(request as unknown as IncomingMessage, outgoing as unknown as ServerResponse)) return undefined;
    fastAnswers.count++;
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(written)) responseHeaders.set(name, String(value));
    return { status, body: JSON.parse(text) as Envelope, headers: responseHeaders };
  }

  async function ticket(ip?: string): Promise<string> {
    const puzzle = await call<{ captchaId: string; image: string; piece: string; pieceY: number }>(
      '/v2/captcha/puzzle',
      {
        body: {},
        ip,
      },
    );
    expect(puzzle.status, JSON.stringify(puzzle.body)).toBe(200);
    const p = puzzle.body.data!;
    const verified = await call<{ ticket: string }>('/v2/captcha/verify', {
      body: { captchaId: p.captchaId, x: solvePuzzle(p.image, p.piece, p.pieceY) },
      ip,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    return verified.body.data!.ticket;
  }

  function lastCode(phone: string): string | undefined {
    return (sms.outbox ?? sink.outbox)?.(phone)[0]?.code;
  }

  async function sendCode(
    phone: string,
    purpose: SmsPurpose,
    opts: { countryCode?: number; ip?: string; host?: string; lang?: 'zh' | 'en' } = {},
  ): Promise<Answer> {
    return call('/v2/sendSmsCode', {
      body: { phone, countryCode: opts.countryCode ?? 1, purpose, ticket: await ticket(opts.ip) },
      ip: opts.ip,
      host: opts.host,
      lang: opts.lang,
    });
  }

  /** Sends a code and returns it (from the sink's outbox). */
  async function code(phone: string, purpose: SmsPurpose, opts: { host?: string } = {}) {
    const sent = await sendCode(phone, purpose, opts);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const value = lastCode(phone);
    expect(value).toMatch(/^\d{6}$/);
    return value as string;
  }

  async function register(
    phone: string,
    extra: Record<string, unknown> = {},
    opts: { host?: string } = {},
  ): Promise<{ userId: number; Authorization: string; userName: string }> {
    const registered = await call<{ userId: number; Authorization: string; userName: string }>('/v2/web/register', {
      body: {
        phone,
        countryCode: 1,
        code: await code(phone, 'register', opts),
        password: PASSWORD,
        nickname: `seller ${phone.slice(-4)}`,
        channelId: 2,
        clientId: 'morestores',
        ...extra,
      },
      host: opts.host,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    // The code is spent: the sender may send again after 60 s; move on so helpers can chain.
    advance(61);
    return registered.body.data!;
  }

  function advance(seconds: number) {
    now = new Date(now.getTime() + seconds * 1000);
  }

  async function count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
    const [row] = await db.query<{ n: number }>(`select count(*) as n from ${table} where ${where}`, params);
    return row.n;
  }

  /** Row counts of every accounts table, to show a refused request wrote nothing. */
  async function counts() {
    const tables = ['users', 'sessions', 'sms_codes', 'captcha_puzzles', 'captcha_tickets', 'rate_events'];
    const result: Record<string, number> = {};
    for (const table of tables) result[table] = await count(table);
    return result;
  }

  return {
    app,
    call,
    fastAnswers,
    ticket,
    sendCode,
    code,
    register,
    advance,
    count,
    counts,
    log,
    sink,
    now: () => now,
  };
}

export type Harness = ReturnType<typeof harness>;
