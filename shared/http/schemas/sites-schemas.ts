import { z } from 'zod';
import { thresholdConditions } from '#shared/model/sites/thresholds.js';
import { DateTime, NullableDateTime, TierName, Unlimited, Uuid, label } from '#shared/http/schemas/common-schemas.js';
import { targetUrl } from '#shared/http/schemas/target-url-schemas.js';
import type { TargetPolicy } from '#shared/outbound/target-policy.js';

const ThresholdCondition = z.enum(thresholdConditions).meta({
  description:
    '`drops_below` / `rises_above`: the score crosses `value` (alerts once per crossing); `changes_by`: a rescan moves the score by at least `value` points either way',
});
const ThresholdValue = z.number().int().min(1).max(100);

export const ThresholdRecord = z
  .object({ id: z.string(), condition: ThresholdCondition, value: z.number().int(), isActive: z.boolean() })
  .meta({ id: 'ThresholdRecord' });

export const ThresholdParams = z.object({ id: Uuid, thresholdId: Uuid });

export const createThresholdRequest = z
  .strictObject({ condition: ThresholdCondition, value: ThresholdValue, isActive: z.boolean().default(true) })
  .meta({ id: 'CreateThresholdRequest' });

// Strict: a misspelt field in a partial update would otherwise change nothing and still answer 200.
export const patchThresholdRequest = z
  .strictObject({ condition: ThresholdCondition, value: ThresholdValue, isActive: z.boolean() })
  .partial()
  .meta({ id: 'PatchThresholdRequest' });

export const ThresholdList = z
  .object({ thresholds: z.array(ThresholdRecord), limit: z.number().int(), used: z.number().int() })
  .meta({ id: 'ThresholdList' });

export const ThresholdEnvelope = z.object({ threshold: ThresholdRecord }).meta({ id: 'ThresholdEnvelope' });

const AlertEvent = z.enum(['score_change', 'threshold_alert']);

export const AlertsGoTo = z
  .object({
    channel: z.enum(['email', 'webhook', 'email_and_webhook', 'none']).meta({
      description:
        "Where the site's alerts go now. An alert event goes to every active webhook subscribed to it (within the plan); it is e-mailed only when no webhook receives it",
    }),
    address: z.string().nullable().meta({ description: "The account's e-mail address, when any alert is mailed" }),
    webhooks: z
      .array(
        z.object({
          id: z.string(),
          label: z.string().nullable(),
          url: z.string().nullable().meta({ description: 'null without the webhooks:read scope' }),
        }),
      )
      .meta({ description: "The endpoints that receive one of the site's alerts" }),
    reason: z.string().nullable().meta({ description: 'Why no alert goes anywhere (`none`)' }),
    events: z
      .array(z.object({ event: AlertEvent, channel: z.enum(['email', 'webhook']), webhookIds: z.array(z.string()) }))
      .meta({ description: '`threshold_alert` is listed on growth for a site with an active threshold' }),
  })
  .meta({ id: 'AlertsGoTo' });

export const WatchedSite = z
  .object({
    id: z.uuid(),
    url: z.string(),
    label: z.string(),
    lastScore: z.number().int().nullable(),
    lastScannedAt: NullableDateTime,
    alertEnabled: z.boolean(),
    scoreChange: z.number().int().nullable(),
    isCompetitor: z.boolean(),
    publicBadge: z.boolean().meta({ description: "Anyone may read the site's badge at GET /badge/{id}.svg (its latest score and band)" }),
    thresholds: z.array(ThresholdRecord),
    createdAt: DateTime,
    lastScanStatus: z.enum(['ok', 'failed']).nullable().meta({ description: 'How the last rescan went; `failed` keeps the last score' }),
    lastError: z.string().nullable().meta({ description: 'Why the last rescan failed' }),
    rescanPaused: z.boolean().meta({ description: 'Above the tier’s watched-site limit (after a downgrade): kept, not rescanned' }),
    lastScanId: z.string().nullable().meta({ description: 'The scan of the last completed rescan (GET /api/v1/scan/{id}/report)' }),
    alertsGoTo: AlertsGoTo,
  })
  .meta({ id: 'WatchedSite' });

export const ScoreHistoryEntry = z.object({ score: z.number().int(), scannedAt: DateTime }).meta({ id: 'ScoreHistoryEntry' });

export const Thresholds = z
  .strictObject({
    min: ThresholdValue.nullable(),
    max: ThresholdValue.nullable(),
    notify: z.boolean(),
  })
  .meta({ id: 'Thresholds' });

export function addSiteRequest(policy: TargetPolicy, urlMax: number, labelMax: number) {
  return z
    .object({
      url: targetUrl(policy, urlMax),
      label: label(labelMax).optional(),
      alertEnabled: z.boolean().default(true),
    })
    .meta({ id: 'AddWatchedSiteRequest' });
}

export function patchSiteRequest(labelMax: number) {
  // Strict: a misspelt field in a partial update would otherwise change nothing and still answer 200.
  return z
    .strictObject({ label: label(labelMax), alertEnabled: z.boolean(), isCompetitor: z.boolean(), publicBadge: z.boolean() })
    .partial()
    .meta({ id: 'PatchWatchedSiteRequest' });
}

export function patchAccountSiteRequest(labelMax: number) {
  return patchSiteRequest(labelMax)
    .extend({
      thresholdMin: z.number().int().min(1).max(100).nullable(),
      thresholdMax: z.number().int().min(1).max(100).nullable(),
      thresholdNotify: z.boolean(),
    })
    .partial()
    .meta({ id: 'PatchAccountWatchedSiteRequest' });
}

export const SiteList = z
  .object({ sites: z.array(WatchedSite), limit: z.union([z.number().int(), Unlimited]), used: z.number().int() })
  .meta({ id: 'WatchedSiteList' });

export const SiteEnvelope = z.object({ site: WatchedSite }).meta({ id: 'WatchedSiteEnvelope' });

export const RescanQueued = z
  .object({
    site: WatchedSite,
    queued: z.literal(true),
    tier: TierName.meta({ description: 'The depth the rescan reads the site at: the account’s tier now' }),
  })
  .meta({ id: 'RescanQueued' });

export const SiteDetail = z
  .object({ site: WatchedSite, thresholds: z.array(ThresholdRecord), scoreHistory: z.array(ScoreHistoryEntry) })
  .meta({ id: 'WatchedSiteDetail' });

export const AccountSiteDetail = z
  .object({ site: WatchedSite, scoreHistory: z.array(ScoreHistoryEntry) })
  .meta({ id: 'AccountWatchedSiteDetail' });
