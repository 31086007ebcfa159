import { emfCountLine, writeStdout } from '#shared/adapters/metric-line.js';

/** Alert mail's CloudWatch metric (metric-line.ts). */
export const alertMetrics = {
  namespace: 'ReadinessScanner',
  dimensions: { Service: 'alerts' },
  /** A rescan's alert found the account's e-mail digest full (ALERT_DIGEST_MAX_SITES) and was counted, not kept. */
  digestEntryDropped: 'AlertDigestEntryDropped',
} as const;

export function alertMetricLine(name: typeof alertMetrics.digestEntryDropped, value: number, timestamp: number): string {
  return emfCountLine(alertMetrics.namespace, alertMetrics.dimensions, name, value, timestamp);
}

export function countDroppedDigestEntry(timestamp: number, write: (line: string) => void = writeStdout): void {
  write(alertMetricLine(alertMetrics.digestEntryDropped, 1, timestamp));
}
