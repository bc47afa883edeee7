/**
 * The webhook outbox (docs/decisions/046-operators-console.md): a worker in every server process claims due
 * deliveries with a lease (`for update skip locked`), signs each in the Standard Webhooks format (webhook-id,
 * webhook-timestamp, webhook-signature `v1,<base64 HMAC-SHA256 of id.timestamp.body>`) and POSTs it to the checked
 * address of its endpoint (./url-check.ts; no redirects followed, 10 s at most). One at a time per endpoint and in
 * order: only the oldest pending delivery of an endpoint is claimable, and none while another of the endpoint is
 * in flight. A 2xx delivers; anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (about a
 * day), then the delivery has failed. At-least-once with the same webhook-id: a death between the send and the mark
 * sends again once the lease runs out (at once on PGlite, which admits one process: a lease left at its start
 * belongs to a dead one). The same shape as the ad-conversion outbox (server/conversions/outbox.ts).
 */
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { WebhookEvent } from '../../shared/contract/console';
import type { Settings } from '../config/settings';
import type { Database, Queryable } from '../db/database';
import { log } from '../ops/log';
import { countWebhookDelivery } from '../ops/metrics';
import { startWorkerLoop } from '../ops/worker-loop';
import { checkedLookup, checkWebhookUrl, RefusedUrl } from './url-check';

/** The waits after the 1st, 2nd, … failed try; after the last one fails the delivery has failed for good. */
export const RETRY_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
export const MAX_ATTEMPTS = RETRY_SECONDS.length + 1;
/** Longer than a send (SEND_TIMEOUT_MS) with room to record it. */
const LEASE_SECONDS = 30;
const SEND_TIMEOUT_MS = 10_000;
const BATCH = 20;
/** How much of an answer (or error) is kept. */
export const RESPONSE_CHARS = 500;

export interface ClaimedDelivery {
  id: number;
  endpoint_id: number;
  message_id: string;
  attempts: number;
  url: string;
  secret: string;
  event: WebhookEvent;
  payload: unknown;
}

/** What the endpoint answered: its status (null: no answer) and the start of its body, or the error. */
export interface SendResult {
  status: number | null;
  text: string;
}

export type Sender = (url: string, headers: Record<string, string>, body: string) => Promise<SendResult>;

/** The Standard Webhooks headers of one try. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

/** POSTs `body` to `href` at an address checked just now, not following redirects, bounded by `timeoutMs`. */
export async function postWebhook(
  href: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<SendResult> {
  let addresses: Awaited<ReturnType<typeof checkWebhookUrl>>;
  try {
    addresses = await checkWebhookUrl(href, allowPrivate);
  } catch (error) {
    const text = error instanceof RefusedUrl ? `refused: ${error.message}` : String(error);
    return { status: null, text: text.slice(0, RESPONSE_CHARS) };
  }
  const url = new URL(href);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ status: result.status, text: result.text.slice(0, RESPONSE_CHARS) });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: checkedLookup(addresses) as never,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'portal-webhooks/1',
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        const status = response.statusCode ?? null;
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.length >= RESPONSE_CHARS) finish({ status, text });
        });
        response.on('end', () => finish({ status, text }));
        response.on('error', () => finish({ status, text }));
      },
    );
    const timer = setTimeout(() => finish({ status: null, text: `no answer within ${timeoutMs / 1000} s` }), timeoutMs);
    request.on('error', (error) => finish({ status: null, text: error.message }));
    request.end(body);
  });
}

/** Claims the oldest pending delivery of each endpoint that is due and not in flight (a lease, counting the try). */
async function claim(db: Database, at: Date): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    const claimed = await tx.query<{ id: number }>(
      `update webhook_deliveries set lease_until = $2, attempts = attempts + 1, last_attempt_at = $1
        where id in (
          select d.id from webhook_deliveries d
           where d.state = 'pending' and d.next_attempt_at <= $1 and (d.lease_until is null or d.lease_until <= $1)
             and d.endpoint_id in (select id from webhook_endpoints where removed_at is null)
             and not exists (
               select 1 from webhook_deliveries e
                where e.endpoint_id = d.endpoint_id and e.state = 'pending' and e.id <> d.id
                  and (e.id < d.id or e.lease_until > $1))
           order by d.id limit ${BATCH}
           for update skip locked)
        returning id`,
      [at, new Date(at.getTime() + LEASE_SECONDS * 1000)],
    );
    if (!claimed.length) return [];
    return tx.query<ClaimedDelivery>(
      `select d.id, d.endpoint_id, d.message_id, d.attempts, e.url, e.secret, m.event, m.payload
         from webhook_deliveries d
         join webhook_endpoints e on e.id = d.endpoint_id
         join webhook_messages m on m.id = d.message_id
        where d.id = any($1::bigint[]) order by d.id`,
      [claimed.map((row) => row.id)],
    );
  });
}

/**
 * Records a try's answer: delivered, failed for good, or pending again after its back-off (unless the endpoint was
 * removed meanwhile, which ended the delivery).
 */
async function settle(db: Queryable, row: ClaimedDelivery, result: SendResult, at: Date): Promise<void> {
  const delivered = result.status !== null && result.status >= 200 && result.status < 300;
  const giveUp = !delivered && row.attempts >= MAX_ATTEMPTS;
  const state = delivered ? 'delivered' : giveUp ? 'failed' : 'pending';
  const next = state === 'pending' ? new Date(at.getTime() + RETRY_SECONDS[Math.max(0, row.attempts - 1)] * 1000) : at;
  await db.query(
    `update webhook_deliveries set state = $2, next_attempt_at = $3, last_status = $4, last_response = $5,
            lease_until = null
      where id = $1 and state = 'pending'`,
    [row.id, state, next, result.status, result.text],
  );
  const what = `${row.event} ${row.message_id} → endpoint #${row.endpoint_id}`;
  const answer = result.status === null ? result.text : `HTTP ${result.status}`;
  if (delivered) log.info(`[webhooks] ${what} delivered (attempt ${row.attempts})`);
  else if (giveUp) log.error(`[webhooks] ${what}: ${answer}; failed after attempt ${row.attempts}`);
  else log.warn(`[webhooks] ${what}: ${answer}; retry at ${next.toISOString()} (attempt ${row.attempts})`);
  countWebhookDelivery(row.event, delivered ? 'delivered' : giveUp ? 'failed' : 'retry');
}

/** Claims the due deliveries, sends them (each endpoint's one at a time) and records the answers. Returns how many. */
export async function runWebhookOutbox(
  db: Database,
  settings: Pick<Settings, 'webhookAllowPrivate'>,
  now: () => Date,
  send: Sender = (url, headers, body) => postWebhook(url, headers, body, settings.webhookAllowPrivate),
): Promise<number> {
  const rows = await claim(db, now());
  await Promise.all(
    rows.map(async (row) => {
      const body = JSON.stringify(row.payload);
      const result = await send(row.url, signedHeaders(row.secret, row.message_id, now(), body), body).catch(
        (error: unknown): SendResult => ({ status: null, text: String(error) }),
      );
      await settle(db, row, result, now());
    }),
  );
  return rows.length;
}

/** PGlite admits one process: leases found at its start were held by a process that died. */
export async function releaseDeadLeases(db: Queryable): Promise<void> {
  await db.query(
    "update webhook_deliveries set lease_until = null where state = 'pending' and lease_until is not null",
  );
}

/** Seconds since the oldest pending delivery's event (0 when none): `portal_webhook_outbox_oldest_pending_seconds`. */
export async function oldestPendingSeconds(db: Queryable, now: Date): Promise<number> {
  const [row] = await db.query<{ oldest: Date | null }>(
    `select min(m.created_at) as oldest from webhook_deliveries d join webhook_messages m on m.id = d.message_id
      where d.state = 'pending'`,
  );
  return row?.oldest ? Math.max(0, (now.getTime() - new Date(row.oldest).getTime()) / 1000) : 0;
}

/** Runs the outbox every `everyMs` (at once again after a run that sent something) until stopped. */
export function startWebhookOutbox(
  db: Database,
  settings: Pick<Settings, 'webhookAllowPrivate'>,
  now: () => Date,
  everyMs = 1000,
): () => void {
  let started =
    db.kind === 'pglite'
      ? releaseDeadLeases(db).catch((error) => log.warn({ err: error }, '[webhooks] leases not released'))
      : Promise.resolve();
  return startWorkerLoop(
    'webhooks',
    async () => {
      await started;
      started = Promise.resolve();
      return runWebhookOutbox(db, settings, now);
    },
    everyMs,
  );
}
