import { randomUUID } from 'node:crypto';
import { getDelivery, latestAttempts, reopenDelivery } from '#shared/db/webhook-deliveries.js';
import { getWebhookItem } from '#shared/db/webhooks.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/domain/accounts/caller.js';
import { conflict, notFound } from '#shared/domain/errors.js';
import type { DeliveryAttempt } from '#shared/domain/webhooks/delivery.js';
import { testEnvelopeBody } from '#shared/domain/webhooks/envelope.js';
import { maxDeliveryAttempts } from '#shared/domain/webhooks/retry-schedule.js';
import { sendAttempt } from '#shared/domain/webhooks/send-attempt.js';
import type { StoredWebhook } from '#shared/domain/webhooks/webhook.js';
import type { DeliveryMessage } from '#shared/domain/webhooks/webhook-message.js';

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
export async function testWebhook(caller: Caller, webhookId: string, deps: Dependencies): Promise<{ success: boolean; statusCode: number | null; message: string }> {
  const webhook = await ownWebhook(caller, webhookId, deps);
  const eventType = webhook.events[0] ?? 'score_change';
  const eventId = randomUUID();
  const body = testEnvelopeBody(eventId, eventType, new Date(deps.clock.now()).toISOString());
  const result = await sendAttempt({ webhook, eventId, eventType, body, attempt: 1, test: true }, deps);
  return { success: result.success, statusCode: result.statusCode, message: result.message };
}

/** GET .../{id}/deliveries: the endpoint's last 50 attempts, newest first. */
export async function listDeliveries(caller: Caller, webhookId: string, deps: Dependencies): Promise<{ deliveries: DeliveryAttempt[] }> {
  await ownWebhook(caller, webhookId, deps);
  const nowSeconds = Math.floor(deps.clock.now() / 1000);
  return { deliveries: await latestAttempts(deps.db, deps.config.tableName, webhookId, deliveryLogSize, nowSeconds) };
}

/**
 * POST .../{id}/deliveries/{eventId}/redeliver: a finished delivery (delivered, failed or dropped) gets
 * a new run of attempts with the same body and `webhook-id`. 409 while its retries are still running
 * or while the endpoint is disabled.
 */
export async function redeliverEvent(caller: Caller, webhookId: string, eventId: string, deps: Dependencies): Promise<{ queued: true; eventId: string }> {
  const webhook = await ownWebhook(caller, webhookId, deps);
  const delivery = await getDelivery(deps.db, deps.config.tableName, webhookId, eventId);
  if (!delivery || delivery.accountId !== caller.accountId) throw notFound('Delivery not found (the log keeps deliveries for 30 days)');
  if (!webhook.isActive) throw conflict('The endpoint is disabled; a successful test delivery (POST .../test) turns it back on');
  const now = deps.clock.now();
  const reopened = await reopenDelivery(deps.db, deps.config.tableName, delivery, {
    attemptLimit: delivery.attempts + maxDeliveryAttempts,
    now,
    expiresAt: Math.floor(now / 1000) + deps.config.webhookDeliveryLogDays * 86_400,
  });
  if (!reopened) throw conflict(`This event is still being delivered (attempt ${delivery.attempts} of ${delivery.attemptLimit})`);
  const message: DeliveryMessage = { kind: 'delivery', accountId: caller.accountId, webhookId, eventId };
  await deps.queue.send('webhook', message);
  return { queued: true, eventId };
}
