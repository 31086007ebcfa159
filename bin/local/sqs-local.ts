import type { AddressInfo } from 'node:net';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { buildApp } from 'fauxqs';
import { queueNames, type QueueName } from '#shared/adapters/queue.js';
import { maxReceiveCountOf } from '#shared/adapters/queue-redrive.js';
import { localClientConfig } from './local-aws.js';

const deadLetterRetentionSeconds = 14 * 24 * 3_600;

export interface LocalQueue {
  name: string;
  url: string;
  arn: string;
  deadLetterUrl: string;
  deadLetterArn: string;
}

export interface SqsLocal {
  endpoint: string;
  port: number;
  queues: Record<QueueName, LocalQueue>;
  stop(): Promise<void>;
}

export interface SqsLocalOptions {
  port: number;
  region: string;
  visibilityTimeoutSeconds: (queue: QueueName) => number;
}

/**
 * fauxqs in this process, on loopback (its `startFauxqs` binds every interface, so the app is
 * listened on here), with the service's queues and their dead-letter queues. Messages live in memory.
 */
export async function startSqsLocal(options: SqsLocalOptions): Promise<SqsLocal> {
  const app = buildApp({ logger: false, defaultRegion: options.region });
  await app.listen({ port: options.port, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new SQSClient(localClientConfig(endpoint, options.region));
  try {
    const entries = await Promise.all(
      queueNames.map(
        async (queue) =>
          [
            queue,
            await createQueueWithDeadLetters(
              client,
              `readiness-${queue}`,
              options.visibilityTimeoutSeconds(queue),
              maxReceiveCountOf(queue),
            ),
          ] as const,
      ),
    );
    return {
      endpoint,
      port,
      queues: Object.fromEntries(entries) as Record<QueueName, LocalQueue>,
      stop: async () => {
        client.destroy();
        await app.close();
      },
    };
  } catch (error) {
    client.destroy();
    await app.close();
    throw error;
  }
}

/** A queue and its DLQ, with the deployed queues' redrive (lib/function-catalog.ts `maxReceiveCountOf`). */
export async function createQueueWithDeadLetters(
  client: SQSClient,
  name: string,
  visibilityTimeoutSeconds: number,
  receives: number,
): Promise<LocalQueue> {
  const deadLetters = await createQueue(client, `${name}-dlq`, { MessageRetentionPeriod: String(deadLetterRetentionSeconds) });
  const queue = await createQueue(client, name, {
    VisibilityTimeout: String(visibilityTimeoutSeconds),
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: deadLetters.arn, maxReceiveCount: receives }),
  });
  return { name, url: queue.url, arn: queue.arn, deadLetterUrl: deadLetters.url, deadLetterArn: deadLetters.arn };
}

async function createQueue(client: SQSClient, name: string, attributes: Record<string, string>): Promise<{ url: string; arn: string }> {
  const { QueueUrl: url } = await client.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  if (url === undefined) throw new Error(`fauxqs returned no URL for queue ${name}`);
  const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
  const arn = Attributes?.QueueArn;
  if (arn === undefined) throw new Error(`fauxqs returned no ARN for queue ${name}`);
  return { url, arn };
}
