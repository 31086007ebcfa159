import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queueBatchHandler } from '#functions/workers/queue-worker.js';
import { RetryLater } from '#shared/adapters/retry-later.js';
import { loadConfig } from '#shared/config.js';
import { composeDependencies } from '#shared/dependencies.js';
import { createLambdaContext } from '../../../bin/local/event-adapter.js';
import { recordingLogger, type LogEntry } from '#test/support/recording-logger.js';

function record(messageId: string, body: unknown, receiveCount = 1): SQSRecord {
  return {
    messageId,
    receiptHandle: `handle-${messageId}`,
    body: JSON.stringify(body),
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: '0',
      SenderId: 'test',
      ApproximateFirstReceiveTimestamp: '0',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:eu-west-2:000000000000:test',
    awsRegion: 'eu-west-2',
  };
}

describe('queue worker', () => {
  it('logs every failed record with its message id, error name, message and cause, and reports only those', async () => {
    const entries: LogEntry[] = [];
    const deps = composeDependencies(loadConfig({}), { logger: recordingLogger(entries) });
    const Message = z.object({ n: z.number() });
    const handler = queueBatchHandler(
      'test',
      Message,
      async (message) => {
        if (message.n === 1)
          throw new Error('The table is paused', { cause: Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }) });
        if (message.n === 2) throw new RetryLater('next attempt in 60 s');
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a dependency may throw anything
        if (message.n === 3) throw 'a string';
      },
      deps,
    );
    const context = createLambdaContext({ functionName: 'test', timeoutMs: 60_000, requestId: 'r1', region: 'eu-west-2' });
    const response = await handler(
      {
        Records: [
          record('m1', { n: 1 }, 3),
          record('m2', { n: 2 }),
          record('m3', { n: 3 }),
          record('m4', { n: 4 }),
          record('m5', 'not a message'),
        ],
      },
      context,
    );
    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual(['m1', 'm2', 'm3']);

    const byId = (id: string) => entries.filter((entry) => entry.extra.messageId === id);
    expect(byId('m1')).toEqual([
      {
        level: 'error',
        message: 'test message failed',
        extra: expect.objectContaining({
          messageId: 'm1',
          receiveCount: 3,
          errorName: 'Error',
          errorMessage: 'The table is paused',
          causeName: 'TimeoutError',
          causeMessage: 'socket hang up',
        }),
      },
    ]);
    expect(byId('m2')).toEqual([
      {
        level: 'info',
        message: 'test message handed back for a later retry',
        extra: expect.objectContaining({ messageId: 'm2', reason: 'next attempt in 60 s' }),
      },
    ]);
    expect(byId('m3')).toEqual([
      { level: 'error', message: 'test message failed', extra: expect.objectContaining({ errorName: 'Error', errorMessage: 'a string' }) },
    ]);
    expect(byId('m4')).toEqual([]);
    expect(byId('m5')).toEqual([
      { level: 'error', message: 'Dropping malformed test message', extra: expect.objectContaining({ messageId: 'm5' }) },
    ]);
  });
});
