import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { createLambdaContext } from './event-adapter.js';
import type { LocalFunction } from './function-sizing.js';
import type { QueueHandler } from './handler-modules.js';
import { invokeWithDeadline } from './invoke-with-deadline.js';
import type { LocalLog } from './log.js';
import { toSqsRecord } from './sqs-records.js';

export interface QueuePollerOptions {
  client: SQSClient;
  queue: { name: string; url: string; arn: string };
  region: string;
  handler: QueueHandler;
  consumer: LocalFunction & { batchSize: number };
  /** Long-poll wait per ReceiveMessage; also bounds how long a stop can take when idle. */
  waitTimeSeconds: number;
  log: LocalLog;
}

export interface QueuePoller {
  stop(): Promise<void>;
}

/** How long stop() waits for a batch still in its handler; its messages are redelivered later. */
const stopGraceMs = 2_000;

/**
 * What Lambda's SQS event source mapping does with ReportBatchItemFailures: receive a batch, hand it
 * to the worker as an SQSEvent, delete the records that succeeded and leave the failed ones to come
 * back after the visibility timeout (and, past maxReceiveCount, to move to the dead-letter queue).
 */
export function startQueuePoller(options: QueuePollerOptions): QueuePoller {
  const controller = new AbortController();
  const loop = pollUntilAborted(options, controller.signal);
  let stopping: Promise<void> | undefined;
  return {
    stop: () => {
      stopping ??= (async () => {
        controller.abort();
        await Promise.race([loop, sleep(stopGraceMs, undefined, { ref: false })]);
      })();
      return stopping;
    },
  };
}

async function pollUntilAborted(options: QueuePollerOptions, signal: AbortSignal): Promise<void> {
  const { client, queue, consumer, log } = options;
  while (!signal.aborted) {
    let messages: Message[];
    try {
      const received = await client.send(
        new ReceiveMessageCommand({
          QueueUrl: queue.url,
          MaxNumberOfMessages: Math.min(10, consumer.batchSize),
          WaitTimeSeconds: options.waitTimeSeconds,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
        { abortSignal: signal },
      );
      messages = received.Messages ?? [];
    } catch (error) {
      if (signal.aborted) return;
      log.warn(`Receiving from ${queue.name} failed (${(error as Error).message}); retrying in 1 s`);
      await sleep(1_000, undefined, { signal }).catch(() => undefined);
      continue;
    }
    if (messages.length > 0) await deliver(messages, options, signal);
  }
}

async function deliver(messages: Message[], options: QueuePollerOptions, signal: AbortSignal): Promise<void> {
  const { queue, consumer, log } = options;
  const records = messages.map((message) => toSqsRecord(message, { arn: queue.arn, region: options.region }));
  const requestId = randomUUID();
  const context = createLambdaContext({ ...consumer, requestId, region: options.region });
  const outcome = await invokeWithDeadline(() => options.handler({ Records: records }, context), consumer.timeoutMs);
  if (outcome.kind !== 'returned') {
    const what = outcome.kind === 'timed_out' ? `timed out after ${consumer.timeoutMs / 1_000} s` : 'threw';
    log.error(
      `${consumer.functionName} ${what}; its ${records.length} message(s) stay on ${queue.name} for redelivery`,
      outcome.kind === 'threw' ? outcome.error : undefined,
    );
    return;
  }
  const failed = failedMessageIds(outcome.value, records);
  if (failed === 'all') {
    log.error(`${consumer.functionName} reported failures for messages not in its batch; the whole batch stays on ${queue.name}`);
    return;
  }
  const succeeded = records.filter((record) => !failed.has(record.messageId));
  if (succeeded.length === 0 || signal.aborted) return;
  try {
    const result = await options.client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queue.url,
        Entries: succeeded.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
      }),
    );
    if (result.Failed && result.Failed.length > 0)
      log.warn(`Could not delete ${result.Failed.length} handled message(s) from ${queue.name}`);
  } catch (error) {
    log.warn(`Deleting handled messages from ${queue.name} failed: ${(error as Error).message}`);
  }
}

/** Lambda treats a failure naming a message outside the batch as a failure of the whole batch. */
function failedMessageIds(response: SQSBatchResponse | void, records: SQSRecord[]): Set<string> | 'all' {
  const ids = new Set(records.map((record) => record.messageId));
  const failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
  for (const id of failed) if (!ids.has(id)) return 'all';
  return failed;
}
