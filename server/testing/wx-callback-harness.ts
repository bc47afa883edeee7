/**
 * For the webhook and phone-page tests: the whole app on a test database with a clock the test moves and the
 * built-in simulator as the provider (or any given provider), plus helpers to make a login code, poll it,
 * deliver signed events, and make accounts and identities directly in the database.
 */

import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { hashToken } from '../accounts/sessions';
import { createApp } from '../app';
import { readSettings } from '../config/settings';
import type { Database } from '../db/database';
import { webhookSignature } from '../providers/messaging/signature';
import { createSimulatorProvider } from '../providers/messaging/simulator';
import type { MessagingProvider } from '../providers/messaging/types';
import { buildEventXml } from '../providers/messaging/xml';

export const START = new Date('2026-11-21T12:00:00Z');
/** The simulator browser of the tests: its owner secret (the wx_sim_owner cookie) and the hash stored with its identities. */
export const SIM_OWNER = 'test-simulator-browser-owner-secret-0000000';
export const SIM_OWNER_HASH = hashToken(SIM_OWNER);
export const HOST = 'localhost:3030';
export const BRAND2_HOST = 'localhost:3031';
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40';

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: string;
  contentType?: string;
  host?: string;
  lang?: 'zh' | 'en';
  headers?: Record<string, string>;
}

export function wxHarness(db: Database, options: { messaging?: MessagingProvider; env?: Record<string, string> } = {}) {
  let now = new Date(START);
  const settings = readSettings({ NODE_ENV: 'development', ...options.env });
  const messaging = options.messaging ?? createSimulatorProvider({ db, lanAddress: () => '192.168.1.23' });
  const app = createApp({
    settings,
    api: { db, now: () => now, messaging },
    getRenderer: async () => ({
      renderPage: async (request) => new Response(`page ${new URL(request.url).pathname}`, { status: 200 }),
    }),
    getManifest: async () => undefined,
  });

  /** A request to the app as a browser on `host` would send it. */
  async function request(path: string, opts: RequestOptions = {}): Promise<Response> {
    const host = opts.host ?? HOST;
    const headers: Record<string, string> = {
      host,
      'accept-language': opts.lang === 'en' ? 'en-US,en' : 'zh-CN,zh',
      ...opts.headers,
    };
    if (opts.contentType) headers['content-type'] = opts.contentType;
    // The phone pages are used by one simulator browser (the owner of the identities made here) unless a test says.
    if (path.startsWith('/wx-sim') && !('cookie' in headers)) headers.cookie = `wx_sim_owner=${SIM_OWNER}`;
    const port = Number(host.split(':')[1] ?? 80);
    const env = { incoming: { socket: { remoteAddress: '203.0.113.7', localPort: port } } };
    return app.request(`http://${host}${path}`, { method: opts.method ?? 'GET', headers, body: opts.body }, env);
  }

  async function json<T = Record<string, unknown>>(path: string, body?: unknown, opts: RequestOptions = {}) {
    const res = await request(path, {
      method: body === undefined ? 'GET' : 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
      contentType: body === undefined ? undefined : 'application/json',
      ...opts,
    });
    return { status: res.status, body: (await res.json()) as { code: number; message: string; data?: T } };
  }

  /** A new login code; its scene is read back from the QR URL (the simulator's page address). */
  async function createCode(opts: RequestOptions = {}) {
    const res = await json<{ ticket: string; qrUrl: string; expiresIn: number; simulator: boolean }>(
      '/api/v2/wx/create_login_qrcode',
      {},
      opts,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data!;
    const scene = new URL(data.qrUrl).searchParams.get('scene') ?? '';
    return { ...data, scene };
  }

  async function status(ticket: string, opts: RequestOptions = {}) {
    const res = await json<{ status: string; userInfo?: { userId: number } }>(
      `/api/v2/wx/get_qr_status?ticket=${ticket}`,
      undefined,
      opts,
    );
    return res.body.data?.status ?? `error ${res.body.code}`;
  }

  /** The signed query of a webhook call. */
  async function signedQuery(
    opts: { tenantId?: number; timestamp?: number; token?: string; extra?: Record<string, string> } = {},
  ) {
    const token = opts.token ?? (await messaging.webhookToken(opts.tenantId ?? 14));
    const timestamp = String(opts.timestamp ?? Math.floor(now.getTime() / 1000));
    const nonce = randomBytes(6).toString('hex');
    return new URLSearchParams({
      signature: webhookSignature(token, timestamp, nonce),
      timestamp,
      nonce,
      ...opts.extra,
    });
  }

  /** Delivers a scan event to the webhook, signed like the platform; answers status and body text. */
  async function deliver(
    event: { openId: string; scene: string; event?: 'subscribe' | 'SCAN'; createTime?: number },
    opts: { lang?: 'en'; host?: string; timestamp?: number; token?: string; tenantId?: number } = {},
  ) {
    const kind = event.event ?? 'SCAN';
    const xml = buildEventXml({
      to: 'gh_account',
      from: event.openId,
      createTime: event.createTime ?? Math.floor(now.getTime() / 1000),
      event: kind,
      eventKey: kind === 'subscribe' ? `qrscene_${event.scene}` : event.scene,
    });
    return post(xml, opts);
  }

  async function post(
    xml: string,
    opts: {
      lang?: 'en';
      host?: string;
      timestamp?: number;
      token?: string;
      tenantId?: number;
      contentType?: string;
    } = {},
  ) {
    const query = await signedQuery({ ...opts, extra: opts.lang ? { lang: opts.lang } : undefined });
    const res = await request(`/api/wx/callback?${query}`, {
      method: 'POST',
      body: xml,
      contentType: opts.contentType ?? 'text/xml',
      host: opts.host,
    });
    return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
  }

  let phones = 0;
  /** An account made directly in the database (phone 1380013800N), optionally with a bound identity. */
  async function account(opts: { tenantId?: number; nickname?: string; bound?: boolean } = {}) {
    const tenantId = opts.tenantId ?? 14;
    const phone = `1380013800${phones++}`;
    const [user] = await db.query<{ id: number }>(
      `insert into users (tenant_id, country_code, phone, nickname, password_hash, channel_id, client_id, created_ip,
                          created_at, password_changed_at)
       values ($1, 1, $2, $3, 'x', 2, 'morestores', '127.0.0.1', $4, $4) returning id`,
      [tenantId, phone, opts.nickname ?? '小店主', now],
    );
    const openId = `o${randomBytes(20).toString('base64url')}`;
    if (opts.bound !== false)
      await db.query(
        `insert into wx_identities (tenant_id, open_id, nickname, user_id, created_at, bound_at, owner_hash)
         values ($1, $2, $3, $4, $5, $5, $6)`,
        [tenantId, openId, `wx ${opts.nickname ?? '小店主'}`, user.id, now, SIM_OWNER_HASH],
      );
    return { userId: user.id, phone, openId };
  }

  async function ticketRow(scene: string) {
    const [row] = await db.query<{ state: string; open_id: string | null; confirm_hash: string | null }>(
      'select state, open_id, confirm_hash from wx_login_tickets where scene = $1',
      [scene],
    );
    return row;
  }

  function advance(seconds: number) {
    now = new Date(now.getTime() + seconds * 1000);
  }

  return {
    app,
    settings,
    messaging,
    request,
    json,
    createCode,
    status,
    signedQuery,
    deliver,
    post,
    account,
    ticketRow,
    advance,
    now: () => now,
  };
}

/** The Content of a passive reply. */
export function replyContent(xml: string): string {
  const match = /<Content><!\[CDATA\[([\s\S]*)\]\]><\/Content>/.exec(xml);
  return match ? match[1] : '';
}
