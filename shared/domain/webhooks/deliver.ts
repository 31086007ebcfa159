import { claimAttempt, dropDelivery, finishAttempt, getDelivery } from '#shared/db/webhook-deliveries.js';
import { getWebhookItem } from '#shared/db/webhooks.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { DeliveryState } from '#shared/domain/webhooks/delivery.js';
import { retryDelaySeconds } from '#shared/domain/webhooks/retry-schedule.js';
import { sendAttempt } from '#shared/domain/webhooks/send-attempt.js';
import type { DeliveryMessage } from '#shared/domain/webhooks/webhook-message.js';

/** What the queue should do with the message: let it go, or hand it back after a while. */
export type DeliveryStep = { kind: 'done'; outcome: string } | { kind: 'retry'; afterSeconds: number; outcome: string };

/** An attempt holds its delivery this long: the 10-second POST plus the bookkeeping around it. */
const attemptLeaseMs = 60_000;
/** A message back this close to its next attempt time is on time (clocks and SQS are not exact). */
const earlyToleranceMs = 1_000;

/**
 * One delivery message: the next attempt of its delivery, if one is due and this message carries the
 * delivery's retries. A delivered (or settled) delivery is never sent again, whatever comes back from
 * the queue; a failure schedules the next attempt on the same message (exponential backoff, jitter).
 */
export async function deliverMessage(message: DeliveryMessage, messageId: string, deps: Dependencies): Promise<DeliveryStep> {
  const { db, config } = deps;
  const delivery = await getDelivery(db, config.tableName, message.webhookId, message.eventId);
  if (!delivery) return { kind: 'done', outcome: 'unknown_delivery' };
  if (delivery.state !== 'pending') return { kind: 'done', outcome: `already_${delivery.state}` };
  if (delivery.ownerMessageId !== undefined && delivery.ownerMessageId !== messageId) return { kind: 'done', outcome: 'duplicate_message' };
  const now = deps.clock.now();
  if (delivery.nextAttemptAt > now + earlyToleranceMs) return { kind: 'retry', afterSeconds: Math.ceil((delivery.nextAttemptAt - now) / 1000), outcome: 'not_due' };
  if (delivery.leaseUntil !== undefined && delivery.leaseUntil >= now) return { kind: 'retry', afterSeconds: Math.ceil((delivery.leaseUntil - now) / 1000) + 1, outcome: 'attempt_under_way' };

  const webhook = await getWebhookItem(db, config.tableName, message.accountId, message.webhookId);
  if (!webhook || !webhook.isActive) {
    await dropDelivery(db, config.tableName, delivery);
    return { kind: 'done', outcome: webhook ? 'endpoint_disabled' : 'endpoint_deleted' };
  }
  if (!(await claimAttempt(db, config.tableName, delivery, { messageId, now, leaseUntil: now + attemptLeaseMs }))) {
    return { kind: 'retry', afterSeconds: attemptLeaseMs / 1000, outcome: 'claimed_elsewhere' };
  }
  const attempt = delivery.attempts + 1;
  const result = await sendAttempt({ webhook, eventId: delivery.eventId, eventType: delivery.eventType, body: delivery.body, attempt, kind: 'event' }, deps);

  const finished = deps.clock.now();
  let state: DeliveryState = 'pending';
  if (result.success) state = 'delivered';
  else if (result.disabled || attempt >= delivery.attemptLimit) state = 'failed';
  const delaySeconds = state === 'pending' ? retryDelaySeconds(attempt, config.webhookRetryBaseSeconds) : 0;
  await finishAttempt(db, config.tableName, delivery, attempt, { state, nextAttemptAt: finished + delaySeconds * 1000 });
  const outcome = result.success ? 'delivered' : `failed_${result.statusCode ?? 'no_response'}`;
  return state === 'pending' ? { kind: 'retry', afterSeconds: delaySeconds, outcome } : { kind: 'done', outcome: state === 'failed' ? `${outcome}_final` : outcome };
}
