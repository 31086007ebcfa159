import { z } from 'zod';
import type { EventType } from '#shared/model/events.js';
import { DateTime, TierName, Uuid } from '#shared/http/schemas/common-schemas.js';
import { ThresholdRecord } from '#shared/http/schemas/sites-schemas.js';
import { assistantIds, assistantVerdicts, stepBases, stepDriveKinds, stepDriveOutcomes } from '#shared/model/scans/scan-result.js';

/** The bodies the service posts to webhook endpoints: OpenAPI 3.1 `webhooks`, one per event type. */

const Score = z.number().int().min(1).max(100);
const siteRef = {
  siteId: Uuid,
  url: z.string(),
  label: z.string().nullable(),
  scanId: Uuid.meta({ description: 'The rescan that raised the event' }),
};

const eventData = {
  scan_complete: z
    .object({
      scanId: Uuid,
      url: z.string(),
      score: Score,
      band: z.enum(['agent_ready', 'partially_ready', 'needs_work', 'not_ready']),
      tier: TierName,
      siteId: Uuid.nullable().meta({ description: 'The watched site, for a rescan' }),
      batchId: Uuid.nullable().meta({ description: 'The batch, for a batch item' }),
      assistants: z
        .array(
          z.object({
            id: z.enum(assistantIds),
            verdict: z.enum(assistantVerdicts),
            buyBasis: z.enum(stepBases).nullable().meta({
              description:
                "exercised when the scan called the checkout endpoint the assistant buys through; declared when only the shop's documents and pages were read; null for a result made before it was reported",
            }),
            buyDrive: z
              .object({ url: z.string(), outcome: z.enum(stepDriveOutcomes), detail: z.string(), kind: z.enum(stepDriveKinds).optional() })
              .nullable()
              .meta({ description: 'The call behind an exercised buy step, and what it answered' }),
            buyProven: z.boolean().meta({
              description:
                'A checkout the scan drove (created, read back, cancelled; never completed) proved the buy step: can_buy, shown as proven',
            }),
          }),
        )
        .meta({ description: "Each assistant's verdict and how its buy step knows" }),
    })
    .meta({ id: 'ScanCompleteData' }),
  score_change: z
    .object({ ...siteRef, previousScore: Score.nullable(), score: Score, change: z.number().int() })
    .meta({ id: 'ScoreChangeData' }),
  threshold_alert: z
    .object({ ...siteRef, threshold: ThresholdRecord, score: Score, previousScore: Score.nullable() })
    .meta({ id: 'ThresholdAlertData' }),
  batch_complete: z
    .object({
      batchId: Uuid,
      status: z.enum(['completed', 'failed']),
      totalUrls: z.number().int(),
      completedUrls: z.number().int(),
      failedUrls: z.number().int(),
    })
    .meta({ id: 'BatchCompleteData' }),
} satisfies Record<EventType, z.ZodType>;

const titles: Record<EventType, string> = {
  scan_complete: 'ScanCompleteEvent',
  score_change: 'ScoreChangeEvent',
  threshold_alert: 'ThresholdAlertEvent',
  batch_complete: 'BatchCompleteEvent',
};

/** One event type's envelope: the same four fields for every type, `data` per type. */
export function webhookEnvelope(type: EventType) {
  return z
    .object({
      id: Uuid.meta({ description: 'The event id; also the webhook-id header, the same on every retry' }),
      type: z.literal(type),
      createdAt: DateTime,
      data: eventData[type],
      test: z.literal(true).optional().meta({ description: 'Present on test deliveries only' }),
    })
    .meta({ id: titles[type] });
}

export const deliveryHeaders = z.object({
  'x-service-signature': z
    .string()
    .meta({ description: 'Hex HMAC-SHA256 of the raw body, keyed with the UTF-8 bytes of the whole secret (whsec_...)' }),
  'webhook-id': z.string().meta({ description: 'Standard Webhooks: the event id' }),
  'webhook-timestamp': z.string().meta({ description: 'Standard Webhooks: Unix seconds of this attempt' }),
  'webhook-signature': z.string().meta({ description: 'Standard Webhooks: v1,<base64 HMAC-SHA256 of id.timestamp.body>' }),
});
