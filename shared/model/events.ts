import { z } from 'zod';
import type { ThresholdRecord } from '#shared/model/sites/thresholds.js';
import type { Tier } from '#shared/model/tiers.js';
import { buyBasisOf } from '#shared/model/scans/exercised-buys.js';
import type { AssistantId, AssistantVerdict, ScanResult, StepBasis, StepDrive } from '#shared/model/scans/scan-result.js';

export const eventTypes = ['scan_complete', 'score_change', 'batch_complete', 'threshold_alert'] as const;
export type EventType = (typeof eventTypes)[number];

/** What a watched site's events say about the site. */
interface SiteRef {
  siteId: string;
  url: string;
  label: string | null;
  /** The rescan that raised the event. */
  scanId: string;
}

export interface ScanCompleteAssistant {
  id: AssistantId;
  verdict: AssistantVerdict;
  buyBasis: StepBasis | null;
  buyDrive: StepDrive | null;
  /** A checkout drive proved the buy step (the verdict is can_buy, shown as proven). */
  buyProven: boolean;
}

/** The `data` of each event type (docs/guide.md "Webhooks", and the OpenAPI document's `webhooks`). */
export interface EventData {
  scan_complete: {
    scanId: string;
    url: string;
    score: number;
    band: ScanResult['band'];
    tier: Tier;
    siteId: string | null;
    batchId: string | null;
    /** Each assistant's verdict and how its buy step knows (basis, and the call behind an exercised one). */
    assistants: ScanCompleteAssistant[];
  };
  score_change: SiteRef & { previousScore: number | null; score: number; change: number };
  threshold_alert: SiteRef & { threshold: ThresholdRecord; score: number; previousScore: number | null };
  batch_complete: { batchId: string; status: 'completed' | 'failed'; totalUrls: number; completedUrls: number; failedUrls: number };
}

/** Something that happened to an account, queued for delivery to its webhooks. */
export const ServiceEvent = z.object({
  id: z.uuid(),
  type: z.enum(eventTypes),
  accountId: z.uuid(),
  occurredAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type ServiceEvent = z.infer<typeof ServiceEvent>;

export const EventMessage = z.object({ kind: z.literal('event'), event: ServiceEvent });
export type EventMessage = z.infer<typeof EventMessage>;

/** scan_complete's data from a stored result. */
export function scanCompleteData(result: ScanResult, from: { siteId?: string; batchId?: string } = {}): EventData['scan_complete'] {
  return {
    scanId: result.id,
    url: result.url,
    score: result.score,
    band: result.band,
    tier: result.tier,
    siteId: from.siteId ?? null,
    batchId: from.batchId ?? null,
    assistants: result.assistants.map((assistant) => ({ id: assistant.id, verdict: assistant.verdict, ...buyBasisOf(assistant) })),
  };
}
