import type { SQSRecord } from 'aws-lambda';
import type { Dependencies } from '#shared/dependencies.js';
import type { BatchMessage } from '#shared/model/batches/batch-message.js';
import { retryBatchMessageSoon } from '#shared/use-cases/batches/our-side-retry.js';
import { failAbandonedItem, scanBatchItem, settleIfDone } from '#shared/use-cases/batches/scan-item.js';

/** An item's scan holds it (and a slot of its host) this long: the 30-second scan plus storing it. */
const leaseMs = 60_000;
/** A failed attempt's lease has surely ended this long after the failure (clock skew between workers). */
const afterLeaseSeconds = leaseMs / 1_000 + 5;

type BatchRecord = Pick<SQSRecord, 'messageId' | 'receiptHandle' | 'eventSourceARN'> & {
  attributes: Pick<SQSRecord['attributes'], 'ApproximateReceiveCount'>;
};

/**
 * One message of the batch queue or of its dead-letter queue. A message from the dead-letter queue
 * fails its item, so no batch waits for ever. A message of the batch queue whose handling fails on
 * our side is hidden until its retry (after the item's lease, then doubling) before the failure is reported, so a short
 * database fault delays a batch by about a minute, not by the queue's 12-minute visibility timeout.
 * `maxReceiveCount` is the queue's redrive limit: its last receive fails the item without scanning.
 */
export async function handleBatchMessage(
  message: BatchMessage,
  record: BatchRecord,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue' | 'fetcher' | 'lookup' | 'markupCache' | 'webBotAuthKey'>,
  queue: { maxReceiveCount: number },
): Promise<void> {
  if (deps.config.batchDeadLetterQueueArn !== '' && record.eventSourceARN === deps.config.batchDeadLetterQueueArn) {
    const outcome = message.kind === 'batch-item' ? await failAbandonedItem(message, deps) : await settleIfDone(message.batchId, deps);
    deps.logger.warn('Batch message from the dead-letter queue', { messageId: record.messageId, batchId: message.batchId, outcome });
    return;
  }
  const receiveCount = Number(record.attributes.ApproximateReceiveCount);
  try {
    if (message.kind === 'batch-settle') {
      const outcome = await settleIfDone(message.batchId, deps, { reraise: receiveCount > 1 });
      deps.logger.info('Batch settle', { messageId: record.messageId, batchId: message.batchId, outcome });
      return;
    }
    // A message received before may have finished its work and lost the answer before raising its event.
    const step = await scanBatchItem(message, deps, {
      leaseMs,
      lastAttempt: receiveCount >= queue.maxReceiveCount,
      redelivered: receiveCount > 1,
    });
    deps.logger.info('Batch item', { messageId: record.messageId, batchId: message.batchId, index: message.index, ...step });
    // A busy host is not a failure: a fresh, delayed copy of the message (its receive count, which
    // decides the last attempt, starts again); this one is done.
    if (step.kind === 'retry') await deps.queue.send('batch', message, { delaySeconds: step.afterSeconds });
  } catch (error) {
    await retryBatchMessageSoon(
      { messageId: record.messageId, receiptHandle: record.receiptHandle, receiveCount },
      afterLeaseSeconds,
      deps,
    );
    throw error;
  }
}
