import { RetryLater } from '#shared/adapters/retry-later.js';
import type { Dependencies } from '#shared/dependencies.js';
import { deliverMessage, DeliveryInterrupted, type DeliverOptions } from '#shared/use-cases/webhooks/deliver.js';
import { fanOutEvent } from '#shared/use-cases/webhooks/fan-out.js';
import { ourSideRetryDelaySeconds } from '#shared/model/webhooks/retry-schedule.js';
import type { WebhookMessage } from '#shared/model/webhooks/webhook-message.js';

/** The received message's handle on the queue. */
export interface QueueReceipt {
  messageId: string;
  receiptHandle: string;
  /** How often SQS has handed this message out, this time included. */
  receiveCount: number;
}

/**
 * One message of the webhook queue. Events become one delivery per subscribed endpoint; each delivery
 * message makes the next attempt and, on failure, hides itself until the attempt after
 * (ChangeMessageVisibility), so its retries need no other store or scheduler. When our side fails
 * (the table, the sealing key), the message is hidden for the retry schedule's delay before the
 * failure is reported, so it comes back in about a minute, not after the queue's 12-minute visibility
 * timeout.
 */
export async function handleWebhookMessage(
  message: WebhookMessage,
  receipt: QueueReceipt,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue' | 'secretBox' | 'webhookSender'>,
  options: DeliverOptions = {},
): Promise<void> {
  try {
    if (message.kind === 'event') {
      const deliveries = await fanOutEvent(message.event, deps);
      deps.logger.info('Event fanned out', {
        messageId: receipt.messageId,
        eventId: message.event.id,
        eventType: message.event.type,
        deliveries,
      });
      return;
    }
    const step = await deliverMessage(message, receipt.messageId, deps, options);
    deps.logger.info('Delivery step', { messageId: receipt.messageId, webhookId: message.webhookId, eventId: message.eventId, ...step });
    if (step.kind === 'retry') {
      await deps.queue.retryLater('webhook', receipt.receiptHandle, step.afterSeconds);
      throw new RetryLater(`Delivery ${message.eventId} to ${message.webhookId}: next attempt in ${step.afterSeconds} s`);
    }
  } catch (error) {
    if (!(error instanceof RetryLater)) await retryOnSchedule(error, receipt, deps);
    throw error;
  }
}

async function retryOnSchedule(
  error: unknown,
  receipt: QueueReceipt,
  deps: Pick<Dependencies, 'config' | 'logger' | 'queue'>,
): Promise<void> {
  const notBefore = error instanceof DeliveryInterrupted ? error.notBeforeSeconds : 0;
  const afterSeconds = ourSideRetryDelaySeconds(receipt.receiveCount, deps.config.webhookRetryBaseSeconds, notBefore);
  try {
    await deps.queue.retryLater('webhook', receipt.receiptHandle, afterSeconds);
    deps.logger.warn('Webhook message failed on our side; it comes back on the retry schedule', {
      messageId: receipt.messageId,
      afterSeconds,
    });
  } catch (hideError) {
    deps.logger.warn('Could not hide a failed webhook message until its retry; it comes back after the queue visibility timeout', {
      messageId: receipt.messageId,
      error: hideError,
    });
  }
}
