import { z } from 'zod';
import { DateTime, NullableDateTime, label } from '#shared/http/schemas/common.js';
import { ScanResult } from '#shared/http/schemas/scan.js';

const BatchStatus = z.enum(['pending', 'processing', 'completed', 'failed']);

export function batchScanRequest(maxUrls: number, labelMax: number) {
  return z
    .object({
      urls: z
        .array(z.string().min(1).max(2048))
        .min(1, 'must contain at least one URL')
        .max(maxUrls, `must contain at most ${maxUrls} URLs`),
      label: label(labelMax).optional(),
    })
    .meta({ id: 'BatchScanRequest' });
}

export const BatchAccepted = z
  .object({ batchId: z.uuid(), status: z.literal('pending'), totalUrls: z.number().int() })
  .meta({ id: 'BatchAccepted' });

export const BatchItem = z
  .object({
    url: z.string(),
    status: z.enum(['pending', 'completed', 'failed']),
    scanId: z.uuid().nullable(),
    score: z.number().int().nullable(),
    error: z.string().nullable(),
    result: ScanResult.nullable(),
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
  })
  .meta({ id: 'BatchList' });
