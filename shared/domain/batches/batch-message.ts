import { z } from 'zod';

/** One item of a batch to scan (the batch queue). */
export const BatchItemMessage = z.object({
  kind: z.literal('batch-item'),
  accountId: z.string().min(1),
  batchId: z.string().min(1),
  index: z.number().int().nonnegative(),
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
