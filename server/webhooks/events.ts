/**
 * Outgoing webhook events (console-webhooks): call inside the transaction of the change, so the event is stored in
 * the outbox exactly when the change commits. The outbox worker (./outbox.ts) delivers it to each endpoint that
 * subscribed, in the Standard Webhooks format: the body is `{type, timestamp, data}`, and a user event's data
 * carries what the owner's CRM needs to call the trial: the account's id, brand, country code and phone, nickname,
 * channel, invite code, attribution (registeInfo), sign-up method when known, and the time (docs/webhooks.md).
 * Nothing is written when no live endpoint takes the event (one indexed read).
 */
import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '../../shared/contract/console';
import type { UserRow } from '../accounts/users';
import { brandOfTenant } from '../conversions/outbox';
import type { Queryable } from '../db/database';

/** The account the event is about (its row is read in the transaction, as the change left it). */
export interface WebhookUser {
  id: number;
}

/** The webhook-id of a new message: `msg_` and 24 random base64url characters. */
export const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

/** A user event's data: the account as stored, then the event's own fields (`method`, `reason`, …). */
export function userEventData(user: UserRow & { signup_method?: string | null }, extra: Record<string, unknown>) {
  return {
    userId: String(user.id),
    brand: brandOfTenant(user.tenant_id),
    countryCode: user.country_code,
    phone: user.phone,
    nickname: user.nickname,
    channelId: user.channel_id,
    inviteCode: user.invite_code,
    registeInfo: user.registe_info ?? {},
    signupMethod: user.signup_method ?? null,
    registeredAt: user.created_at.toISOString(),
    ...extra,
  };
}

export async function enqueueWebhookEvent(
  tx: Queryable,
  event: WebhookEvent,
  user: WebhookUser,
  data: Record<string, unknown>,
  at: Date,
): Promise<void> {
  const endpoints = await tx.query<{ id: number }>(
    'select id from webhook_endpoints where removed_at is null and $1 = any(events)',
    [event],
  );
  if (!endpoints.length) return;
  const [row] = await tx.query<UserRow>('select * from users where id = $1', [user.id]);
  if (!row) return;
  const id = newMessageId();
  const payload = { type: event, timestamp: at.toISOString(), data: userEventData(row, data) };
  await tx.query('insert into webhook_messages (id, event, payload, created_at) values ($1, $2, $3, $4)', [
    id,
    event,
    JSON.stringify(payload),
    at,
  ]);
  await tx.query(
    `insert into webhook_deliveries (endpoint_id, message_id, next_attempt_at)
     select id, $1, $2 from webhook_endpoints where id = any($3::bigint[]) order by id`,
    [id, at, endpoints.map((e) => e.id)],
  );
}
