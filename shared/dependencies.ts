import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Logger } from '@aws-lambda-powertools/logger';
import { allowedPrivateHosts, getConfig, type Config } from '#shared/config.js';
import { createPepperSource, type PepperSource } from '#shared/adapters/key-pepper.js';
import { createMailer, type Mailer } from '#shared/adapters/mailer.js';
import { createQueue, type Queue } from '#shared/adapters/queue.js';
import { createDocumentClient } from '#shared/db/client.js';
import { systemClock, type Clock } from '#shared/domain/clock.js';
import { createFetcher } from '#shared/scanner/fetch/fetcher.js';
import type { Fetcher } from '#shared/scanner/fetch/types.js';

/** Everything a handler or use case needs from the outside world, built once per process. */
export interface Dependencies {
  config: Config;
  db: DynamoDBDocumentClient;
  clock: Clock;
  logger: Logger;
  queue: Queue;
  mailer: Mailer;
  /** The HMAC pepper of API-key and sign-in-token digests (a secret, read once). */
  keyPepper: PepperSource;
  /** The one SSRF-safe client for every outbound request (scans, webhooks). */
  fetcher: Fetcher;
}

export function createDependencies(config: Config, overrides: Partial<Dependencies> = {}): Dependencies {
  return {
    config,
    db: overrides.db ?? createDocumentClient(config),
    clock: overrides.clock ?? systemClock,
    queue: overrides.queue ?? createQueue(config),
    mailer: overrides.mailer ?? createMailer(config),
    keyPepper: overrides.keyPepper ?? createPepperSource(config),
    fetcher: overrides.fetcher ?? createFetcher({ allowPrivateHosts: allowedPrivateHosts(config) }),
    logger: overrides.logger ?? new Logger({ serviceName: 'agent-readiness', logLevel: config.logLevel as 'INFO' }),
  };
}

let cached: Dependencies | undefined;

export function getDependencies(): Dependencies {
  cached ??= createDependencies(getConfig());
  return cached;
}
