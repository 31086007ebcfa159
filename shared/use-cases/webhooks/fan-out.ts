import { getAccount } from '#shared/db/account-store.js';
import { putDeliveryOnce } from '#shared/db/webhook-delivery-store.js';
import { listWebhookItems } from '#shared/db/webhook-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { ServiceEvent } from '#shared/model/events.js';
import { allowanceFor } from '#shared/model/plans.js';
import { envelopeBody } from '#shared/model/webhooks/envelope.js';
import { maxDeliveryAttempts } from '#shared/model/webhooks/retry-schedule.js';
import { receivingEndpoints } from '#shared/model/webhooks/webhook.js';
import type { DeliveryMessage } from '#shared/model/webhooks/webhook-message.js';

/**
 * Turns an event into one delivery per endpoint of the account that is active, subscribed to its type,
 * allowed it by the account's current tier (a downgraded account's growth-only subscriptions stop
 * receiving) and within the tier's webhook limit (`receivingEndpoints`). A redelivered event message
 * finds its deliveries written and queues them again: the delivery worker sends each once whatever
 * number of messages name it.
 */
export async function fanOutEvent(event: ServiceEvent, deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'queue'>): Promise<number> {
  const { table, config } = deps;
  const account = await getAccount(table, event.accountId);
  if (!account) return 0;
  const webhooks = await listWebhookItems(table, account.id);
  const endpoints = receivingEndpoints(webhooks, event.type, account.tier, allowanceFor(account.tier, config).webhooksMax);
  if (endpoints.length === 0) return 0;
  const body = envelopeBody(event);
  const now = deps.clock.now();
  const expiresAt = Math.floor(now / 1000) + config.webhookDeliveryLogDays * 86_400;
  await Promise.all(
    endpoints.map((webhook) =>
      putDeliveryOnce(
        table,
        {
          accountId: account.id,
          webhookId: webhook.id,
          eventId: event.id,
          eventType: event.type,
          body,
          state: 'pending',
          attempts: 0,
          attemptLimit: maxDeliveryAttempts,
          nextAttemptAt: now,
          createdAt: new Date(now).toISOString(),
        },
        { expiresAt },
      ),
    ),
  );
  const messages: DeliveryMessage[] = endpoints.map((webhook) => ({
    kind: 'delivery',
    accountId: account.id,
    webhookId: webhook.id,
    eventId: event.id,
  }));
  await deps.queue.sendMany('webhook', messages);
  return messages.length;
}
