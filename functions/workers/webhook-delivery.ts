import { createQueueWorker } from '#functions/workers/queue-worker.js';
import { createQueue } from '#shared/adapters/queue.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';
import { createSecretBox } from '#shared/adapters/secret-box.js';
import { createWebhookSender } from '#shared/adapters/webhook-sender.js';
import { allowedPrivateHosts, type Config } from '#shared/config.js';
import { createTable } from '#shared/db/client.js';
import { handleWebhookMessage } from '#shared/use-cases/webhooks/handle-webhook-message.js';
import { WebhookMessage } from '#shared/model/webhooks/webhook-message.js';

/** The parts this worker is built with, and the only ones its handling is given. */
export function wire(config: Config) {
  const keyPepper = createPepperSource(config);
  return {
    table: createTable(config),
    queue: createQueue(config),
    secretBox: createSecretBox(config, keyPepper),
    webhookSender: createWebhookSender({ policy: { allowPrivateHosts: allowedPrivateHosts(config) } }),
  };
}

/** Fans events out to endpoints and makes delivery attempts (shared/use-cases/webhooks/handle-webhook-message.ts). */
export const handler = createQueueWorker('webhook', WebhookMessage, wire, async (message, deps, record, context) => {
  const receipt = {
    messageId: record.messageId,
    receiptHandle: record.receiptHandle,
    receiveCount: Number(record.attributes.ApproximateReceiveCount) || 1,
  };
  await handleWebhookMessage(message, receipt, deps, { timeLeftMs: () => context.getRemainingTimeInMillis() });
});
