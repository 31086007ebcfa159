import type { SiteThresholds } from '#shared/domain/sites/watched-site.js';

/** The spec's threshold record; `drops_below` is the spec's condition, `rises_above` its counterpart. */
export interface ThresholdRecord {
  id: string;
  condition: 'drops_below' | 'rises_above';
  value: number;
  isActive: boolean;
}

/** A site's thresholds as the list of records the WatchedSite shape carries: one per bound that is set. */
export function thresholdRecords(thresholds: SiteThresholds): ThresholdRecord[] {
  const records: ThresholdRecord[] = [];
  if (thresholds.min !== null) records.push({ id: 'min', condition: 'drops_below', value: thresholds.min, isActive: thresholds.notify });
  if (thresholds.max !== null) records.push({ id: 'max', condition: 'rises_above', value: thresholds.max, isActive: thresholds.notify });
  return records;
}
