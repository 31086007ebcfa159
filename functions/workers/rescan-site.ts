import { createQueueWorker } from '#functions/workers/queue-worker.js';
import { createQueue } from '#shared/adapters/queue.js';
import { createTable } from '#shared/db/client.js';
import { allowedPrivateHosts, type Config } from '#shared/config.js';
import { RescanMessage } from '#shared/model/rescans/rescan-message.js';
import { rescanSite } from '#shared/use-cases/rescans/rescan-site.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { webBotAuthKeySource } from '#shared/adapters/web-bot-auth-key.js';
import { workerTimeoutSeconds } from '#shared/model/worker-timeouts.js';
import { createSecretBox } from '#shared/adapters/secret-box.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';

/** The worker's time-out: a delivery that died mid-rescan frees the site for the next delivery after it. */
const leaseSeconds = workerTimeoutSeconds.rescanSite;

/** The parts this worker is built with, and the only ones its handling is given. */
export function wire(config: Config) {
  return {
    table: createTable(config),
    queue: createQueue(config),
    fetcher: createFetcher({ allowPrivateHosts: allowedPrivateHosts(config) }),
    webBotAuthKey: webBotAuthKeySource(config),
    // A proven site's checkout drive opens the owner's sealed ACP token.
    secretBox: createSecretBox(config, createPepperSource(config)),
  };
}

/** Rescans one watched site per message: stores the result and history, then raises its alerts. */
export const handler = createQueueWorker('rescan', RescanMessage, wire, async (message, deps, record) => {
  const outcome = await rescanSite(message, deps, leaseSeconds);
  deps.logger.info('Rescan done', { messageId: record.messageId, siteId: message.siteId, slot: message.slot, outcome });
});
