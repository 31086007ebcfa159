import { z } from 'zod';

/**
 * One item of a batch to scan (the batch queue). It carries the item's URL so the worker need not read
 * the item first (the claim checks it against the stored one); messages queued before it did are read.
 */
export const BatchItemMessage = z.object({
  kind: z.literal('batch-item'),
  accountId: z.string().min(1),
  batchId: z.string().min(1),
  index: z.number().int().nonnegative(),
  url: z.string().min(1).optional(),
});
export type BatchItemMessage = z.infer<typeof BatchItemMessage>;

/** A batch whose items were all invalid: nothing to scan, only the final transition to make. */
export const BatchSettleMessage = z.object({
  kind: z.literal('batch-settle'),
  accountId: z.string().min(1),
  batchId: z.string().min(1),
});
export type BatchSettleMessage = z.infer<typeof BatchSettleMessage>;

export const BatchMessage = z.discriminatedUnion('kind', [BatchItemMessage, BatchSettleMessage]);
export type BatchMessage = z.infer<typeof BatchMessage>;
