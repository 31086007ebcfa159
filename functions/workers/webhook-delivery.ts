import { createQueueWorker } from '#shared/adapters/queue-worker.js';
import { createQueue } from '#shared/adapters/queue.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';
import { createSecretBox } from '#shared/adapters/secret-box.js';
import { createWebhookSender } from '#shared/adapters/webhook-sender.js';
import { allowedPrivateHosts } from '#shared/config.js';
import { createDocumentClient } from '#shared/db/client.js';
import { deliverMessage } from '#shared/domain/webhooks/deliver.js';
import { fanOutEvent } from '#shared/domain/webhooks/fan-out.js';
import { WebhookMessage } from '#shared/domain/webhooks/webhook-message.js';

/** Reported as the record's failure: SQS hands the message back once its new visibility timeout ends. */
class RetryLater extends Error {}

/**
 * Events become one delivery per subscribed endpoint; each delivery message makes the next attempt
 * and, on failure, hides itself until the attempt after (ChangeMessageVisibility), so its retries need
 * no other store or scheduler.
 */
export const handler = createQueueWorker(
  'webhook',
  WebhookMessage,
  async (message, deps, record) => {
    if (message.kind === 'event') {
      const deliveries = await fanOutEvent(message.event, deps);
      deps.logger.info('Event fanned out', { messageId: record.messageId, eventId: message.event.id, eventType: message.event.type, deliveries });
      return;
    }
    const step = await deliverMessage(message, record.messageId, deps);
    deps.logger.info('Delivery step', { messageId: record.messageId, webhookId: message.webhookId, eventId: message.eventId, ...step });
    if (step.kind === 'retry') {
      await deps.queue.retryLater('webhook', record.receiptHandle, step.afterSeconds);
      throw new RetryLater(`Delivery ${message.eventId} to ${message.webhookId}: next attempt in ${step.afterSeconds} s`);
    }
  },
  (config) => {
    const keyPepper = createPepperSource(config);
    return {
      db: createDocumentClient(config),
      queue: createQueue(config),
      secretBox: createSecretBox(config, keyPepper),
      webhookSender: createWebhookSender({ policy: { allowPrivateHosts: allowedPrivateHosts(config) } }),
    };
  },
);
