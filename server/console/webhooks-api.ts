/**
 * The console's webhook calls (owner only): the endpoints (list, register with its secret answered once, remove)
 * and each endpoint's deliveries with their last answer, one of which can be sent again (same webhook-id). Mounted
 * under /console/api by server/console/app.ts, behind the session, CSRF and role checks. Every change is audited in
 * its transaction, never with the secret.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { z } from 'zod';
import {
  CONSOLE_CODES,
  type deliveryData,
  consoleOperations as ops,
  WEBHOOK_EVENTS,
  type WebhookEvent,
  type webhookData,
} from '../../shared/contract/console';
import { ApiError, ok } from '../api/http';
import { route } from '../api/route';
import type { Queryable } from '../db/database';
import { checkWebhookUrl, RefusedUrl } from '../webhooks/url-check';
import { recordAudit } from './audit';
import type { ConsoleDeps, ConsoleEnv } from './deps';

interface EndpointRow {
  id: number;
  url: string;
  events: WebhookEvent[];
  description: string | null;
  created_at: Date;
}

interface DeliveryRow {
  id: number;
  message_id: string;
  event: WebhookEvent;
  created_at: Date;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  last_status: number | null;
  last_response: string | null;
  payload: unknown;
}

/** A new endpoint's secret: `whsec_` and the base64 of 24 random bytes (Standard Webhooks). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

const endpointData = (row: EndpointRow): z.infer<typeof webhookData> => ({
  id: String(row.id),
  url: row.url,
  events: row.events,
  description: row.description,
  createdAt: row.created_at.toISOString(),
});

const deliveryAnswer = (row: DeliveryRow): z.infer<typeof deliveryData> => ({
  id: row.message_id,
  event: row.event,
  createdAt: row.created_at.toISOString(),
  state: row.state,
  attempts: row.attempts,
  nextAttemptAt: row.state === 'pending' ? row.next_attempt_at.toISOString() : null,
  lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
  lastStatus: row.last_status,
  lastResponse: row.last_response,
  payload: row.payload,
});

const DELIVERY_COLUMNS = `d.id, d.message_id, m.event, m.created_at, d.state, d.attempts, d.next_attempt_at,
  d.last_attempt_at, d.last_status, d.last_response, m.payload`;

/** A path's id as a row id, or null (then the call answers 404). */
const rowId = (value: string | undefined) => (value && /^\d{1,18}$/.test(value) ? value : null);

const endpointMissing = () => new ApiError(404, CONSOLE_CODES.webhookNotFound, /*i18n*/ '没有这个 Webhook 接收地址');

async function liveEndpoint(tx: Queryable, id: string | undefined, lock = false): Promise<EndpointRow> {
  const key = rowId(id);
  const [row] = key
    ? await tx.query<EndpointRow>(
        `select id, url, events, description, created_at from webhook_endpoints
          where id = $1 and removed_at is null${lock ? ' for update' : ''}`,
        [key],
      )
    : [];
  if (!row) throw endpointMissing();
  return row;
}

export function webhooksApi(deps: ConsoleDeps) {
  const api = new Hono<ConsoleEnv>();

  route(api, ops.webhooks, async (c) => {
    const rows = await deps.db.query<EndpointRow>(
      'select id, url, events, description, created_at from webhook_endpoints where removed_at is null order by id desc',
    );
    return ok(c, { items: rows.map(endpointData), nextCursor: null });
  });

  route(api, ops.createWebhook, async (c, input) => {
    const body = await input.body();
    try {
      await checkWebhookUrl(body.url, deps.settings.webhookAllowPrivate);
    } catch (error) {
      if (error instanceof RefusedUrl) throw new ApiError(400, CONSOLE_CODES.webhookUrl, error.text);
      throw error;
    }
    // Stored in the contract's order, each once.
    const events = WEBHOOK_EVENTS.filter((event) => body.events.includes(event));
    const secret = newWebhookSecret();
    const at = deps.now();
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await tx.query<EndpointRow>(
        `insert into webhook_endpoints (url, events, description, secret, created_at) values ($1, $2, $3, $4, $5)
         returning id, url, events, description, created_at`,
        [body.url, events, body.description || null, secret, at],
      );
      await recordAudit(tx, {
        at,
        operator: c.var.operator,
        address: c.var.address,
        action: 'webhook.create',
        after: endpointData(created),
      });
      return created;
    });
    return ok(c, { ...endpointData(row), secret });
  });

  route(api, ops.deleteWebhook, async (c) => {
    const at = deps.now();
    await deps.db.transaction(async (tx) => {
      const row = await liveEndpoint(tx, c.req.param('id'), true);
      await tx.query('update webhook_endpoints set removed_at = $2 where id = $1', [row.id, at]);
      // Its pending deliveries are dropped (failed, with the reason), so they hold nothing back.
      const dropped = await tx.query(
        `update webhook_deliveries set state = 'failed', last_response = 'endpoint removed', lease_until = null
          where endpoint_id = $1 and state = 'pending' returning 1`,
        [row.id],
      );
      await recordAudit(tx, {
        at,
        operator: c.var.operator,
        address: c.var.address,
        action: 'webhook.delete',
        before: endpointData(row),
        after: { droppedDeliveries: dropped.length },
      });
    });
    return ok(c);
  });

  route(api, ops.deliveries, async (c, input) => {
    const query = input.query();
    const endpoint = await liveEndpoint(deps.db, c.req.param('id'));
    const before = query.cursor === undefined ? null : rowId(query.cursor);
    if (query.cursor !== undefined && before === null)
      throw new ApiError(400, 40000, /*i18n*/ '翻页参数 cursor 不正确');
    const rows = await deps.db.query<DeliveryRow>(
      `select ${DELIVERY_COLUMNS} from webhook_deliveries d join webhook_messages m on m.id = d.message_id
        where d.endpoint_id = $1 ${before ? 'and d.id < $3' : ''}
        order by d.id desc limit $2`,
      before ? [endpoint.id, query.limit + 1, before] : [endpoint.id, query.limit + 1],
    );
    const page = rows.slice(0, query.limit);
    const nextCursor = rows.length > query.limit ? String(page[page.length - 1].id) : null;
    return ok(c, { items: page.map(deliveryAnswer), nextCursor });
  });

  route(api, ops.resend, async (c) => {
    const at = deps.now();
    const answer = await deps.db.transaction(async (tx) => {
      const endpoint = await liveEndpoint(tx, c.req.param('id'));
      // The delivery is named by its webhook-id (a delivery's `id` in the list): one per endpoint and message.
      const webhookId = c.req.param('deliveryId') ?? '';
      const [before] = /^msg_[\w-]{1,64}$/.test(webhookId)
        ? await tx.query<DeliveryRow>(
            `select ${DELIVERY_COLUMNS} from webhook_deliveries d join webhook_messages m on m.id = d.message_id
              where d.message_id = $1 and d.endpoint_id = $2 for update of d`,
            [webhookId, endpoint.id],
          )
        : [];
      if (!before) throw new ApiError(404, CONSOLE_CODES.deliveryNotFound, /*i18n*/ '这个接收地址没有这条投递记录');
      // A new schedule from now; a try in flight keeps its lease (the endpoint never gets two at once).
      await tx.query(
        "update webhook_deliveries set state = 'pending', attempts = 0, next_attempt_at = $2 where id = $1",
        [before.id, at],
      );
      const [after] = await tx.query<DeliveryRow>(
        `select ${DELIVERY_COLUMNS} from webhook_deliveries d join webhook_messages m on m.id = d.message_id
          where d.id = $1`,
        [before.id],
      );
      const summary = (row: DeliveryRow) => ({
        endpointId: String(endpoint.id),
        deliveryId: String(row.id),
        webhookId: row.message_id,
        event: row.event,
        state: row.state,
        attempts: row.attempts,
      });
      await recordAudit(tx, {
        at,
        operator: c.var.operator,
        address: c.var.address,
        action: 'webhook.resend',
        before: summary(before),
        after: summary(after),
      });
      return deliveryAnswer(after);
    });
    return ok(c, answer);
  });

  return api;
}
