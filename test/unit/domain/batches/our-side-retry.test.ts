import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Queue } from '#shared/adapters/queue.js';
import { loadConfig } from '#shared/config.js';
import { composeDependencies } from '#shared/dependencies.js';
import { offlineFetcher, unitTable } from '#test/unit/http/call-route.js';
import { handleBatchMessage } from '#shared/use-cases/batches/handle-batch-message.js';
import { batchRetryDelaySeconds } from '#shared/use-cases/batches/our-side-retry.js';
import { AppError } from '#shared/model/errors.js';
import { recordingLogger, type LogEntry } from '#test/support/recording-logger.js';

const deadLetterArn = 'arn:aws:sqs:eu-west-2:000000000000:readiness-batch-dlq';

/** A table that does not answer, as DynamoDB Local paused or restarting does, and a queue that records hides. */
function harness(options: { hideFails?: boolean } = {}) {
  const hidden: Array<{ queue: string; receiptHandle: string; seconds: number }> = [];
  const queue: Queue = {
    send: async () => undefined,
    sendMany: async () => undefined,
    retryLater: async (name, receiptHandle, seconds) => {
      if (options.hideFails) throw new Error('SQS did not answer');
      hidden.push({ queue: name, receiptHandle, seconds });
    },
    ping: async () => undefined,
  };
  const db = {
    send: async () => Promise.reject(new AppError('unavailable', 'The database is not answering; try again shortly')),
  } as unknown as DynamoDBDocumentClient;
  const log: LogEntry[] = [];
  const deps = composeDependencies(loadConfig({ BATCH_DEAD_LETTER_QUEUE_ARN: deadLetterArn }), {
    table: unitTable(db),
    queue,
    // The batch worker's fetcher: these messages fail before anything is fetched.
    fetcher: offlineFetcher,
    logger: recordingLogger(log),
  });
  return { deps, hidden, log };
}

const item = { kind: 'batch-item' as const, accountId: 'account-1', batchId: 'batch-1', index: 0, url: 'https://shop.example/' };
const record = (receiveCount: number, eventSourceARN = 'arn:aws:sqs:eu-west-2:000000000000:readiness-batch') => ({
  messageId: 'message-1',
  receiptHandle: 'handle-1',
  eventSourceARN,
  attributes: { ApproximateReceiveCount: String(receiveCount) },
});

describe('a batch message that fails on our side', () => {
  it('waits 30 s after its first receive, doubling with each next one (±20 %), never before the lease it may hold ends', () => {
    expect([1, 2, 3, 4].map((count) => batchRetryDelaySeconds(count, 0, () => 0.5))).toEqual([30, 60, 120, 240]);
    expect(batchRetryDelaySeconds(1, 0, () => 0)).toBe(24);
    expect(batchRetryDelaySeconds(1, 0, () => 1)).toBe(36);
    expect([1, 2, 3, 4].map((count) => batchRetryDelaySeconds(count, 65, () => 0.5))).toEqual([65, 65, 120, 240]);
  });

  it('is hidden until its retry and still reported failed, for an item and for a settle message', async () => {
    const h = harness();
    await expect(handleBatchMessage(item, record(2), h.deps, { maxReceiveCount: 5 })).rejects.toThrow('The database is not answering');
    await expect(
      handleBatchMessage({ kind: 'batch-settle', accountId: 'account-1', batchId: 'batch-1' }, record(1), h.deps, { maxReceiveCount: 5 }),
    ).rejects.toThrow(AppError);
    expect(h.hidden.map(({ queue, receiptHandle }) => [queue, receiptHandle])).toEqual([
      ['batch', 'handle-1'],
      ['batch', 'handle-1'],
    ]);
    // Not before the 60-second lease of the failed attempt has ended: a copy finding it leased would let go.
    expect(h.hidden[0]!.seconds).toBeGreaterThanOrEqual(65);
    expect(h.hidden[0]!.seconds).toBeLessThanOrEqual(72);
    expect(h.hidden[1]!.seconds).toBe(65);
    expect(h.log.filter((entry) => entry.message.startsWith('Batch message failed on our side'))).toHaveLength(2);
  });

  it('from the dead-letter queue is not hidden on the batch queue (its handle belongs to another queue)', async () => {
    const h = harness();
    await expect(handleBatchMessage(item, record(1, deadLetterArn), h.deps, { maxReceiveCount: 5 })).rejects.toThrow(AppError);
    expect(h.hidden).toEqual([]);
  });

  it('still fails with its own error when hiding it fails too (the visibility timeout brings it back)', async () => {
    const h = harness({ hideFails: true });
    await expect(handleBatchMessage(item, record(1), h.deps, { maxReceiveCount: 5 })).rejects.toThrow('The database is not answering');
    expect(h.log.filter((entry) => entry.message.startsWith('Could not hide a failed batch message'))).toHaveLength(1);
  });
});
