/**
 * How long each queue worker may run, in seconds: the deployed functions' time-outs (lib/function-catalog.ts),
 * and what a lease taken by a run must outlast.
 */
export const workerTimeoutSeconds = {
  batchScan: 120,
  rescanSweep: 120,
  rescanSite: 120,
  webhookDelivery: 120,
  mailSender: 60,
} as const;
