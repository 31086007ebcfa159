import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { inject } from 'vitest';
import type { QueueName } from '#shared/adapters/queue.js';
import { localClientConfig } from '../../../bin/local/local-aws.js';
import { waitUntil } from '../../../bin/local/wait-until.js';

let client: SQSClient | undefined;

/** Waits until a work queue of the stack has no message waiting or in flight: its worker is done. */
export async function queueDrained(name: QueueName, timeoutMs = 20_000): Promise<void> {
  client ??= new SQSClient(localClientConfig(inject('sqsEndpoint'), inject('awsRegion')));
  const sqs = client;
  await waitUntil(
    async () => {
      const { Attributes = {} } = await sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: inject('queues')[name].url,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      );
      return Number(Attributes.ApproximateNumberOfMessages) + Number(Attributes.ApproximateNumberOfMessagesNotVisible) === 0;
    },
    { timeoutMs, intervalMs: 50, description: `the ${name} queue to drain` },
  );
}
