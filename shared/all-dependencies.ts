import { allowedPrivateHosts, type Config } from '#shared/config.js';
import { createBilling } from '#shared/adapters/billing/create-billing.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';
import { createSecretBox } from '#shared/adapters/secret-box.js';
import { webBotAuthKeySource } from '#shared/adapters/web-bot-auth-key.js';
import { createWebhookSender } from '#shared/adapters/webhook-sender.js';
import { createMailer } from '#shared/adapters/mailer.js';
import { createQueue } from '#shared/adapters/queue.js';
import { createTable } from '#shared/db/client.js';
import { composeDependencies, type Dependencies } from '#shared/dependencies.js';
import { createFetcher } from '#shared/outbound/fetcher.js';

/**
 * Every dependency at once, for tests and tools that exercise many use cases in one process. Lambda
 * functions never use this: each builds only its own parts (functions/*).
 */
export function createDependencies(config: Config, overrides: Partial<Dependencies> = {}): Dependencies {
  const table = overrides.table ?? createTable(config);
  const keyPepper = overrides.keyPepper ?? createPepperSource(config);
  return composeDependencies(config, {
    table,
    queue: overrides.queue ?? createQueue(config),
    mailer: overrides.mailer ?? createMailer(config),
    keyPepper,
    secretBox: overrides.secretBox ?? createSecretBox(config, keyPepper),
    webBotAuthKey: overrides.webBotAuthKey ?? webBotAuthKeySource(config),
    fetcher: overrides.fetcher ?? createFetcher({ allowPrivateHosts: allowedPrivateHosts(config) }),
    billing: overrides.billing ?? createBilling(config, table),
    webhookSender: overrides.webhookSender ?? createWebhookSender({ policy: { allowPrivateHosts: allowedPrivateHosts(config) } }),
    ...(overrides.clock ? { clock: overrides.clock } : {}),
    ...(overrides.logger ? { logger: overrides.logger } : {}),
    ...(overrides.lookup ? { lookup: overrides.lookup } : {}),
  });
}
