import type { Dependencies } from '#shared/dependencies.js';
import { retryDelaySeconds } from '#shared/model/webhooks/retry-schedule.js';

/**
 * The first wait of a batch message whose handling failed on our side (the table not answering). An
 * item's scan itself takes up to 30 s, so retrying sooner gains nothing; each next receive waits twice
 * as long (±20 %), and never less than `notBeforeSeconds`: the failed attempt may still hold the item's
 * lease, and a copy that finds the item leased lets go of it (the lease holder finishes it), so a retry
 * before the lease ends would leave the item `processing` for ever. With the 60-second lease: about 65,
 * 65, 120, 240 s, some 8 minutes of outage before the fifth and last receive sends the message to the
 * dead-letter queue, where the item is failed and its batch still ends.
 */
export const batchRetryBaseSeconds = 30;

export function batchRetryDelaySeconds(receiveCount: number, notBeforeSeconds = 0, random: () => number = Math.random): number {
  return Math.max(Math.ceil(notBeforeSeconds), retryDelaySeconds(Math.max(1, receiveCount), batchRetryBaseSeconds, random));
}

/**
 * Hides a batch message that failed on our side until its retry, so it comes back in about a minute
 * instead of after the queue's 12-minute visibility timeout (a batch paused by a short database fault
 * would otherwise stay `processing` that long). If hiding fails too, the visibility timeout still brings
 * it back.
 */
export async function retryBatchMessageSoon(
  receipt: { messageId: string; receiptHandle: string; receiveCount: number },
  notBeforeSeconds: number,
  deps: Pick<Dependencies, 'logger' | 'queue'>,
): Promise<void> {
  const afterSeconds = batchRetryDelaySeconds(receipt.receiveCount, notBeforeSeconds);
  try {
    await deps.queue.retryLater('batch', receipt.receiptHandle, afterSeconds);
    deps.logger.warn('Batch message failed on our side; it comes back on the retry schedule', {
      messageId: receipt.messageId,
      afterSeconds,
    });
  } catch (error) {
    deps.logger.warn('Could not hide a failed batch message until its retry; it comes back after the queue visibility timeout', {
      messageId: receipt.messageId,
      error: error as Error,
    });
  }
}
