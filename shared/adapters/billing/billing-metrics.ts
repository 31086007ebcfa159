import { emfCountLine, writeStdout } from '#shared/adapters/metric-line.js';

/** Billing's CloudWatch metrics (metric-line.ts); lib/constructs/service-alarms.ts alarms on them. */
export const billingMetrics = {
  namespace: 'ReadinessScanner',
  dimensions: { Service: 'billing' },
  /** A second subscription of one account was paid, then refunded and cancelled at once. */
  duplicateSubscriptionRefunded: 'DuplicateSubscriptionRefunded',
} as const;

export type BillingMetricName = typeof billingMetrics.duplicateSubscriptionRefunded;

export function metricLine(name: BillingMetricName, value: number, timestamp: number): string {
  return emfCountLine(billingMetrics.namespace, billingMetrics.dimensions, name, value, timestamp);
}

export function countBillingMetric(name: BillingMetricName, timestamp: number, write: (line: string) => void = writeStdout): void {
  write(metricLine(name, 1, timestamp));
}
