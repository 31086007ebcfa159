import { createQueueWorker } from '#shared/adapters/queue-worker.js';
import { createQueue } from '#shared/adapters/queue.js';
import { allowedPrivateHosts } from '#shared/config.js';
import { createDocumentClient } from '#shared/db/client.js';
import { BatchMessage } from '#shared/domain/batches/batch-message.js';
import { failAbandonedItem, scanBatchItem, settleIfDone } from '#shared/domain/batches/scan-item.js';
import { createFetcher } from '#shared/scanner/fetch/fetcher.js';
import { createPageMarkupCache } from '#shared/scanner/analyse-page.js';
import { maxReceiveCountOf } from '#lib/function-catalog.js';

/** An item's scan holds it (and a slot of its host) this long: the 30-second scan plus storing it. */
const leaseMs = 60_000;

/**
 * Scans batch items, one message each, and makes each batch's final transition. It also consumes the
 * batch queue's dead-letter queue: an item whose message ends there is failed, so no batch waits for ever.
 */
export const handler = createQueueWorker(
  'batch',
  BatchMessage,
  async (message, deps, record) => {
    if (deps.config.batchDeadLetterQueueArn !== '' && record.eventSourceARN === deps.config.batchDeadLetterQueueArn) {
      const outcome = message.kind === 'batch-item' ? await failAbandonedItem(message, deps) : await settleIfDone(message.batchId, deps);
      deps.logger.warn('Batch message from the dead-letter queue', { messageId: record.messageId, batchId: message.batchId, outcome });
      return;
    }
    if (message.kind === 'batch-settle') {
      const outcome = await settleIfDone(message.batchId, deps);
      deps.logger.info('Batch settle', { messageId: record.messageId, batchId: message.batchId, outcome });
      return;
    }
    const lastAttempt = Number(record.attributes.ApproximateReceiveCount) >= maxReceiveCountOf('batch');
    const step = await scanBatchItem(message, deps, { leaseMs, lastAttempt });
    deps.logger.info('Batch item', { messageId: record.messageId, batchId: message.batchId, index: message.index, ...step });
    // A busy host is not a failure: a fresh, delayed copy of the message (its receive count, which
    // decides the last attempt, starts again); this one is done.
    if (step.kind === 'retry') await deps.queue.send('batch', message, { delaySeconds: step.afterSeconds });
  },
  (config) => ({
    db: createDocumentClient(config),
    queue: createQueue(config),
    fetcher: createFetcher({ allowPrivateHosts: allowedPrivateHosts(config) }),
    // A batch's items of one shop share its homepage and the product pages its sitemap names.
    markupCache: createPageMarkupCache(),
  }),
);
