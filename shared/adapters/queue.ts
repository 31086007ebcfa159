import {
  ChangeMessageVisibilityCommand,
  GetQueueAttributesCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { Config } from '#shared/config.js';

export const queueNames = ['batch', 'rescan', 'sweep', 'webhook', 'mail'] as const;
export type QueueName = (typeof queueNames)[number];

export interface Queue {
  send(queue: QueueName, message: unknown, options?: { delaySeconds?: number }): Promise<void>;
  sendMany(queue: QueueName, messages: unknown[]): Promise<void>;
  /**
   * Hides a received message for `seconds` (at most 12 hours): with the message reported as failed, SQS
   * hands it back then. Retries with backoff longer than SendMessage's 15-minute delay (webhooks).
   */
  retryLater(queue: QueueName, receiptHandle: string, seconds: number): Promise<void>;
  /** Reads one attribute of every queue; used by the health check. */
  ping(): Promise<void>;
}

/** SQS's longest visibility timeout. */
export const maxVisibilitySeconds = 12 * 3_600;

export function queueUrl(config: Config, queue: QueueName): string {
  const url = {
    batch: config.batchQueueUrl,
    rescan: config.rescanQueueUrl,
    sweep: config.sweepQueueUrl,
    webhook: config.webhookQueueUrl,
    mail: config.mailQueueUrl,
  }[queue];
  if (url === '') throw new Error(`No URL configured for the ${queue} queue`);
  return url;
}

export function createSqsClient(config: Pick<Config, 'awsRegion' | 'sqsEndpoint'>): SQSClient {
  const local = config.sqsEndpoint !== '';
  return new SQSClient({
    region: config.awsRegion,
    ...(local ? { endpoint: config.sqsEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
}

const sqsBatchSize = 10;

export function createQueue(config: Config, client: SQSClient = createSqsClient(config)): Queue {
  return {
    async send(queue, message, options = {}) {
      await client.send(
        new SendMessageCommand({
          QueueUrl: queueUrl(config, queue),
          MessageBody: JSON.stringify(message),
          ...(options.delaySeconds ? { DelaySeconds: options.delaySeconds } : {}),
        }),
      );
    },
    async sendMany(queue, messages) {
      for (let start = 0; start < messages.length; start += sqsBatchSize) {
        const entries = messages.slice(start, start + sqsBatchSize).map((message, index) => ({
          Id: String(start + index),
          MessageBody: JSON.stringify(message),
        }));
        const result = await client.send(new SendMessageBatchCommand({ QueueUrl: queueUrl(config, queue), Entries: entries }));
        if (result.Failed && result.Failed.length > 0) {
          throw new Error(`SQS refused ${result.Failed.length} of ${entries.length} messages for the ${queue} queue`);
        }
      }
    },
    async retryLater(queue, receiptHandle, seconds) {
      const VisibilityTimeout = Math.max(0, Math.min(maxVisibilitySeconds, Math.ceil(seconds)));
      await client.send(
        new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl(config, queue), ReceiptHandle: receiptHandle, VisibilityTimeout }),
      );
    },
    async ping() {
      await Promise.all(
        queueNames.map((queue) =>
          client.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl(config, queue), AttributeNames: ['QueueArn'] })),
        ),
      );
    },
  };
}
