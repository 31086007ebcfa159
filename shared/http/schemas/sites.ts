import { z } from 'zod';
import { DateTime, NullableDateTime, Unlimited, label } from '#shared/http/schemas/common.js';
import { targetUrl } from '#shared/http/schemas/target-url.js';
import type { TargetPolicy } from '#shared/scanner/fetch/target-policy.js';

export const ThresholdRecord = z
  .object({ id: z.string(), condition: z.enum(['drops_below', 'rises_above']), value: z.number().int(), isActive: z.boolean() })
  .meta({ id: 'ThresholdRecord' });

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
    thresholds: z.array(ThresholdRecord),
    createdAt: DateTime,
  })
  .meta({ id: 'WatchedSite' });

export const ScoreHistoryEntry = z
  .object({ score: z.number().int(), scannedAt: DateTime })
  .meta({ id: 'ScoreHistoryEntry' });

export const Thresholds = z
  .strictObject({
    min: z.number().int().min(1).max(100).nullable(),
    max: z.number().int().min(1).max(100).nullable(),
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
    .strictObject({ label: label(labelMax), alertEnabled: z.boolean(), isCompetitor: z.boolean() })
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

export const SiteDetail = z
  .object({ site: WatchedSite, thresholds: z.array(ThresholdRecord), scoreHistory: z.array(ScoreHistoryEntry) })
  .meta({ id: 'WatchedSiteDetail' });

export const AccountSiteDetail = z
  .object({ site: WatchedSite, scoreHistory: z.array(ScoreHistoryEntry) })
  .meta({ id: 'AccountWatchedSiteDetail' });

