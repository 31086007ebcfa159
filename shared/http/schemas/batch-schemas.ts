import { z } from 'zod';
import { DateTime, NullableDateTime, label } from '#shared/http/schemas/common-schemas.js';

const BatchStatus = z.enum(['pending', 'processing', 'completed', 'failed']);

export function batchScanRequest(maxUrls: number, labelMax: number) {
  return z
    .strictObject({
      // Any string is an item: one that is not a valid, public URL becomes a failed item with its reason.
      urls: z.array(z.string()).min(1, 'must contain at least one URL').max(maxUrls, `must contain at most ${maxUrls} URLs`),
      label: label(labelMax).optional(),
    })
    .meta({ id: 'BatchScanRequest' });
}

export const BatchAccepted = z
  .object({ batchId: z.uuid(), status: z.literal('pending'), totalUrls: z.number().int() })
  .meta({ id: 'BatchAccepted' });

export const BatchItem = z
  .object({
    url: z.string().meta({ description: 'As normalised (or as submitted, for an invalid one)' }),
    status: z.enum(['pending', 'processing', 'completed', 'failed']),
    scanId: z.uuid().nullable().meta({ description: 'The stored scan: GET /api/v1/scan/{scanId}' }),
    score: z.number().int().nullable(),
    band: z.enum(['agent_ready', 'partially_ready', 'needs_work', 'not_ready']).nullable(),
    error: z.string().nullable().meta({ description: 'Why the item failed' }),
  })
  .meta({ id: 'BatchItem' });

export const BatchDetail = z
  .object({
    id: z.uuid(),
    status: BatchStatus,
    label: z.string().nullable(),
    totalUrls: z.number().int(),
    completedUrls: z.number().int(),
    failedUrls: z.number().int(),
    createdAt: DateTime,
    completedAt: NullableDateTime,
    results: z.array(BatchItem),
  })
  .meta({ id: 'BatchDetail' });

export const BatchList = z
  .object({
    batches: z.array(
      z.object({
        id: z.uuid(),
        label: z.string().nullable(),
        status: BatchStatus,
        totalUrls: z.number().int(),
        completedUrls: z.number().int(),
        failedUrls: z.number().int(),
        createdAt: DateTime,
      }),
    ),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  })
  .meta({ id: 'BatchList' });
