import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';
import { getConfig, type Config } from '#shared/config.js';
import { composeDependencies, type BaseDependencies, type Composed, type DependencyParts } from '#shared/dependencies.js';
import { RetryLater } from '#shared/adapters/retry-later.js';

/** One message's handling, given `D`: the dependencies its worker was built with. */
export type MessageHandler<T, D> = (message: T, deps: D, record: SQSRecord, context: Context) => Promise<void>;

/**
 * An SQS-triggered worker: each record is parsed with its schema and handled on its own, and only
 * the records that failed are reported back (each logged with its reason), so SQS redelivers those
 * (and, after maxReceiveCount, moves them to the DLQ) without repeating the ones that succeeded.
 */
export function createQueueWorker<S extends z.ZodType, P extends DependencyParts>(
  name: string,
  schema: S,
  wire: (config: Config) => P,
  handle: MessageHandler<z.output<S>, Composed<P>>,
) {
  const config = getConfig();
  return queueBatchHandler(name, schema, handle, composeDependencies(config, wire(config)));
}

/** The body of `createQueueWorker`, for a function that builds its dependencies itself (the sweep). */
export function queueBatchHandler<S extends z.ZodType, D extends BaseDependencies>(
  name: string,
  schema: S,
  handle: MessageHandler<z.output<S>, D>,
  deps: D,
) {
  return async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
    deps.logger.addContext(context);
    const processor = new BatchProcessor(EventType.SQS);
    return processPartialResponse(
      event,
      async (record: SQSRecord) => {
        const parsed = schema.safeParse(parseJson(record.body));
        if (!parsed.success) {
          // A malformed message will never succeed: log it and let it go rather than poison the queue.
          deps.logger.error(`Dropping malformed ${name} message`, { messageId: record.messageId, issues: parsed.error.issues });
          return;
        }
        try {
          await handle(parsed.data, deps, record, context);
        } catch (error) {
          logFailedRecord(name, record, error, deps);
          throw error;
        }
      },
      processor,
      { throwOnFullBatchFailure: false },
    );
  };
}

/**
 * Every record reported failed says why, by message id: a planned retry (RetryLater) as information,
 * anything else as an error with its name, message and cause (SQS hands the message back after its
 * visibility timeout, or sooner if the handler changed it; past maxReceiveCount it goes to the DLQ).
 */
export function logFailedRecord(queue: string, record: SQSRecord, error: unknown, deps: Pick<BaseDependencies, 'logger'>): void {
  const receiveCount = Number(record.attributes.ApproximateReceiveCount) || undefined;
  if (error instanceof RetryLater) {
    deps.logger.info(`${queue} message handed back for a later retry`, {
      messageId: record.messageId,
      receiveCount,
      reason: error.message,
    });
    return;
  }
  const failure = error instanceof Error ? error : new Error(String(error));
  const cause = failure.cause instanceof Error ? { causeName: failure.cause.name, causeMessage: failure.cause.message } : {};
  deps.logger.error(`${queue} message failed`, {
    messageId: record.messageId,
    receiveCount,
    errorName: failure.name,
    errorMessage: failure.message,
    ...cause,
    error: failure,
  });
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}
