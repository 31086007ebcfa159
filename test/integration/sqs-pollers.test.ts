import { randomUUID } from 'node:crypto';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { localClientConfig } from '../../bin/local/local-aws.js';
import { quietLog } from '../../bin/local/log.js';
import { startQueuePoller } from '../../bin/local/queue-poller.js';
import { createQueueWithDeadLetters } from '../../bin/local/sqs-local.js';
import { waitUntil } from '../../bin/local/wait-until.js';

const sqsEndpoint = inject('sqsEndpoint');
const region = inject('awsRegion');
const client = new SQSClient(localClientConfig(sqsEndpoint, region));
afterAll(() => client.destroy());

interface FauxqsQueueState {
  messages: { ready: Array<{ body: string }>; inflight: Array<{ message: { body: string; approximateReceiveCount: number } }> };
}

async function queueState(name: string): Promise<FauxqsQueueState> {
  const response = await fetch(`${sqsEndpoint}/_fauxqs/queues/${name}`);
  expect(response.status).toBe(200);
  return (await response.json()) as FauxqsQueueState;
}

async function messageCounts(queueUrl: string): Promise<{ visible: number; inFlight: number }> {
  const { Attributes = {} } = await client.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return { visible: Number(Attributes.ApproximateNumberOfMessages), inFlight: Number(Attributes.ApproximateNumberOfMessagesNotVisible) };
}

describe('the stack’s queue pollers', () => {
  it('hand a message sent to readiness-mail to the mail worker, deleting it only if the worker succeeded', async () => {
    const queue = inject('queues').mail;
    const body = JSON.stringify({ probe: randomUUID() });
    await client.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: body }));

    // Received by the poller = no longer ready. The worker then either succeeded or dropped it as
    // malformed (deleted), or failed (in flight until the visibility timeout, then redelivered).
    let state = await queueState('readiness-mail');
    await waitUntil(
      async () => {
        state = await queueState('readiness-mail');
        return !state.messages.ready.some((message) => message.body === body);
      },
      { timeoutMs: 10_000, description: 'the mail poller to receive the message' },
    );
    const inFlight = state.messages.inflight.filter((entry) => entry.message.body === body);
    for (const entry of inFlight) expect(entry.message.approximateReceiveCount).toBe(1);
  });
});

describe('a queue poller (as Lambda’s SQS event source mapping)', () => {
  it('deletes what the worker handled, redelivers what it reported failed, and lets failures reach the DLQ', async () => {
    const queue = await createQueueWithDeadLetters(client, `it-poller-${randomUUID()}`, 1, 2);
    const deliveries: SQSRecord[] = [];
    const poller = startQueuePoller({
      client,
      queue,
      region,
      waitTimeSeconds: 1,
      log: quietLog,
      consumer: { functionName: 'it-worker', timeoutMs: 5_000, memoryMiB: 128, batchSize: 10 },
      handler: async (event): Promise<SQSBatchResponse> => {
        deliveries.push(...event.Records);
        return {
          batchItemFailures: event.Records.filter((record) => record.body === 'fail').map((record) => ({
            itemIdentifier: record.messageId,
          })),
        };
      },
    });
    try {
      await client.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: 'ok' }));
      await client.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: 'fail' }));

      let deadLetters: Array<{ Body?: string }> = [];
      await waitUntil(
        async () => {
          const received = await client.send(new ReceiveMessageCommand({ QueueUrl: queue.deadLetterUrl, WaitTimeSeconds: 1 }));
          deadLetters = received.Messages ?? [];
          return deadLetters.length > 0;
        },
        { timeoutMs: 20_000, description: 'the failing message to reach the dead-letter queue' },
      );
      expect(deadLetters.map((message) => message.Body)).toEqual(['fail']);

      // With a 1 s visibility timeout an undeleted "ok" would have come back before "fail" used up its two receives.
      expect(deliveries.filter((record) => record.body === 'ok')).toHaveLength(1);
      const failures = deliveries.filter((record) => record.body === 'fail');
      expect(failures.map((record) => record.attributes.ApproximateReceiveCount)).toEqual(['1', '2']);
      expect(new Set(failures.map((record) => record.messageId)).size).toBe(1);
      for (const record of deliveries) {
        expect(record).toMatchObject({ eventSource: 'aws:sqs', eventSourceARN: queue.arn, awsRegion: region });
        expect(record.receiptHandle).not.toBe('');
        expect(Number(record.attributes.SentTimestamp)).toBeGreaterThan(0);
      }
      expect(await messageCounts(queue.url)).toEqual({ visible: 0, inFlight: 0 });
    } finally {
      await poller.stop();
    }
  });
});
