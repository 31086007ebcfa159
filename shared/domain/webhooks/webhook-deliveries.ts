import { randomUUID } from 'node:crypto';
import { claimRedelivery, finishRedelivery, getDelivery, latestAttempts } from '#shared/db/webhook-deliveries.js';
import { getWebhookItem } from '#shared/db/webhooks.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/domain/accounts/caller.js';
import { conflict, notFound } from '#shared/domain/errors.js';
import type { DeliveryAttempt } from '#shared/domain/webhooks/delivery.js';
import { testEnvelopeBody } from '#shared/domain/webhooks/envelope.js';
import { sendAttempt } from '#shared/domain/webhooks/send-attempt.js';
import type { StoredWebhook } from '#shared/domain/webhooks/webhook.js';

/** What a test or a redelivery answers. */
export interface DeliveryOutcome {
  success: boolean;
  statusCode: number | null;
  message: string;
}

/** The delivery log shows this many attempts. */
export const deliveryLogSize = 50;

async function ownWebhook(caller: Caller, webhookId: string, deps: Dependencies): Promise<StoredWebhook> {
  const webhook = await getWebhookItem(deps.db, deps.config.tableName, caller.accountId, webhookId);
  if (!webhook) throw notFound('Webhook not found');
  return webhook;
}

/**
 * POST .../{id}/test: one real signed delivery of a sample event (the endpoint's first subscribed type,
 * `"test": true`), answered with its outcome. Logged like any attempt; a success turns a disabled
 * endpoint back on.
 */
export async function testWebhook(caller: Caller, webhookId: string, deps: Dependencies): Promise<DeliveryOutcome> {
  const webhook = await ownWebhook(caller, webhookId, deps);
  const eventType = webhook.events[0] ?? 'score_change';
  const eventId = randomUUID();
  const body = testEnvelopeBody(eventId, eventType, new Date(deps.clock.now()).toISOString());
  const result = await sendAttempt({ webhook, eventId, eventType, body, attempt: 1, kind: 'test' }, deps);
  return { success: result.success, statusCode: result.statusCode, message: result.message };
}

/** GET .../{id}/deliveries: the endpoint's last 50 attempts, newest first. */
export async function listDeliveries(caller: Caller, webhookId: string, deps: Dependencies): Promise<{ deliveries: DeliveryAttempt[] }> {
  await ownWebhook(caller, webhookId, deps);
  const nowSeconds = Math.floor(deps.clock.now() / 1000);
  return { deliveries: await latestAttempts(deps.db, deps.config.tableName, webhookId, deliveryLogSize, nowSeconds) };
}

/** An attempt holds a delivery this long: the 10-second POST plus the bookkeeping around it. */
const redeliveryLeaseMs = 60_000;

/**
 * POST .../{id}/deliveries/{eventId}/redeliver: one more attempt of a logged event, now, with the same
 * body and `webhook-id`, answered like a test (as GitHub's redeliver does). 409 while the event's own
 * retries are still running. Like a test it never disables the endpoint, and a success re-enables it.
 */
export async function redeliverEvent(caller: Caller, webhookId: string, eventId: string, deps: Dependencies): Promise<DeliveryOutcome> {
  const webhook = await ownWebhook(caller, webhookId, deps);
  const delivery = await getDelivery(deps.db, deps.config.tableName, webhookId, eventId);
  if (!delivery || delivery.accountId !== caller.accountId) throw notFound('Delivery not found (the log keeps deliveries for 30 days)');
  if (delivery.state === 'pending') throw conflict(`This event is still being delivered (attempt ${delivery.attempts} of ${delivery.attemptLimit})`);
  const now = deps.clock.now();
  if (!(await claimRedelivery(deps.db, deps.config.tableName, delivery, { now, leaseUntil: now + redeliveryLeaseMs }))) {
    throw conflict('This event is being redelivered by another request');
  }
  const attempt = delivery.attempts + 1;
  const result = await sendAttempt({ webhook, eventId, eventType: delivery.eventType, body: delivery.body, attempt, kind: 'redelivery' }, deps);
  await finishRedelivery(deps.db, deps.config.tableName, delivery, attempt, result.success);
  return { success: result.success, statusCode: result.statusCode, message: result.message };
}
