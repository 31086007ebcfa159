import type { QueueName } from '#shared/adapters/queue.js';
import { maxDeliveryAttempts } from '#shared/model/webhooks/retry-schedule.js';

/** Messages that failed this many times move to the dead-letter queue. */
export const maxReceiveCount = 5;

/**
 * A webhook delivery's retries are receives of its one message (each failure hides it until the next
 * attempt), so that queue allows every attempt plus as many early or contended receives. The deployed
 * queues and the local stack's both use this.
 */
export function maxReceiveCountOf(queue: QueueName): number {
  return queue === 'webhook' ? 2 * maxDeliveryAttempts : maxReceiveCount;
}
