import type { TestProject } from 'vitest/node';
import type { QueueName } from '#shared/adapters/queue.js';
import { startTestStack } from '../support/local-test-stack.js';
import { testEdgeOriginSecret } from './support/edge.js';

declare module 'vitest' {
  export interface ProvidedContext {
    apiBaseUrl: string;
    sesBaseUrl: string;
    dynamodbEndpoint: string;
    tableName: string;
    sqsEndpoint: string;
    awsRegion: string;
    queues: Record<QueueName, { url: string; arn: string; deadLetterUrl: string; deadLetterArn: string }>;
  }
}

/** Webhook retries after about 1, 2, 4… seconds; an endpoint disabled after 4 failures in a row. */
const webhookRetries = { WEBHOOK_RETRY_BASE_SECONDS: '1', WEBHOOK_DISABLE_AFTER_FAILURES: '4', WEBHOOK_DISABLE_AFTER_SECONDS: '0' };

/**
 * One local stack for the whole integration project. Limits keep the spec's values: the pricing test
 * depends on the real 100 requests per hour.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { stack, stop } = await startTestStack('integration', {
    // Rescans of one shop a second apart and digests after a second, so a test sees a whole sweep.
    RESCAN_HOST_SPACING_SECONDS: '1',
    ALERT_DIGEST_DELAY_SECONDS: '1',
    ...webhookRetries,
    // Requests carrying it are treated as coming through CloudFront (test/integration/edge-client-address.test.ts).
    EDGE_ORIGIN_SECRET: testEdgeOriginSecret,
  });
  project.provide('apiBaseUrl', stack.urls.api);
  project.provide('sesBaseUrl', stack.urls.ses);
  project.provide('dynamodbEndpoint', stack.urls.dynamodb);
  project.provide('tableName', stack.tableName);
  project.provide('sqsEndpoint', stack.urls.sqs);
  project.provide('awsRegion', process.env.AWS_REGION ?? 'eu-west-2');
  project.provide('queues', stack.queues);
  return stop;
}
