import { createQueueWorker } from '#shared/adapters/queue-worker.js';
import { EventMessage } from '#shared/domain/events.js';

/**
 * Receives the events the service raises. Webhook endpoints cannot be registered yet (their routes
 * answer 501), so there is nobody to deliver to: the event is acknowledged, not left to fill the DLQ.
 * The webhooks issue replaces this with fan-out to the account's subscribed endpoints.
 */
export const handler = createQueueWorker('webhook', EventMessage, async (message, deps, record) => {
  deps.logger.debug('Event received; no webhook endpoints exist yet', { messageId: record.messageId, eventType: message.event.type, eventId: message.event.id });
});
