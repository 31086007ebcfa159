import { createQueueWorker } from '#functions/workers/queue-worker.js';
import { createQueue } from '#shared/adapters/queue.js';
import { allowedPrivateHosts, type Config } from '#shared/config.js';
import { createTable } from '#shared/db/client.js';
import { BatchMessage } from '#shared/model/batches/batch-message.js';
import { handleBatchMessage } from '#shared/use-cases/batches/handle-batch-message.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { webBotAuthKeySource } from '#shared/adapters/web-bot-auth-key.js';
import { createPageMarkupCache } from '#shared/scanner/analyse-page.js';
import { maxReceiveCountOf } from '#shared/adapters/queue-redrive.js';

/** The parts this worker is built with, and the only ones its handling is given. */
export function wire(config: Config) {
  return {
    table: createTable(config),
    queue: createQueue(config),
    fetcher: createFetcher({ allowPrivateHosts: allowedPrivateHosts(config) }),
    webBotAuthKey: webBotAuthKeySource(config),
    // A batch's items of one shop share its homepage and the product pages its sitemap names.
    markupCache: createPageMarkupCache(),
  };
}

/**
 * Scans batch items, one message each, and makes each batch's final transition. It also consumes the
 * batch queue's dead-letter queue: an item whose message ends there is failed, so no batch waits for ever.
 */
export const handler = createQueueWorker('batch', BatchMessage, wire, (message, deps, record) =>
  handleBatchMessage(message, record, deps, { maxReceiveCount: maxReceiveCountOf('batch') }),
);
