import { inject } from 'vitest';
import { createDependencies } from '#shared/all-dependencies.js';
import { loadConfig } from '#shared/config.js';
import type { Dependencies } from '#shared/dependencies.js';
import { testTable } from './accounts.js';

/**
 * A worker's dependencies in the test process, on the stack's table and queues: a test runs a rescan itself instead
 * of waiting for the stack's worker. Loopback shops are allowed, and rescans of one shop are a second apart.
 */
export function inProcessDependencies(): Dependencies {
  const queues = inject('queues');
  const config = loadConfig({
    TABLE_NAME: inject('tableName'),
    SQS_ENDPOINT: inject('sqsEndpoint'),
    RESCAN_QUEUE_URL: queues.rescan.url,
    WEBHOOK_QUEUE_URL: queues.webhook.url,
    MAIL_QUEUE_URL: queues.mail.url,
    ALLOW_PRIVATE_TARGETS: '127.0.0.1',
    RESCAN_HOST_SPACING_SECONDS: '1',
    LOG_LEVEL: 'ERROR',
  });
  return createDependencies(config, { table: testTable() });
}
