import type { Construct } from 'constructs';

/**
 * How much of the account's Lambda concurrency and of API Gateway's request rate the service may take,
 * from CDK context (numbers in cdk.json or `-c key=value`). The scan functions and queue workers get
 * reserved concurrency, which is both a floor and a ceiling: a flood of public scans, a batch or a
 * rescan sweep can use only its own share, and the rest of the API always has the remainder.
 */
export interface CapacitySettings {
  /** false: no reservations (accounts whose concurrency quota is still 10 cannot reserve any). */
  reserveConcurrency: boolean;
  /** Reserved concurrency of POST /api/scan's function. */
  publicScanConcurrency: number;
  /** Reserved concurrency of POST /api/v1/scan's function. */
  accountScanConcurrency: number;
  /** Reserved concurrency of each queue worker, and its event source's maximum concurrency. */
  workerConcurrency: number;
  /** API Gateway stage defaults (requests per second, burst). */
  apiRateLimit: number;
  apiBurstLimit: number;
  /** POST /api/scan's own throttle, under the stage's. */
  publicScanRateLimit: number;
  publicScanBurstLimit: number;
}

export const capacityDefaults: CapacitySettings = {
  reserveConcurrency: true,
  publicScanConcurrency: 20,
  accountScanConcurrency: 20,
  workerConcurrency: 5,
  apiRateLimit: 100,
  apiBurstLimit: 200,
  publicScanRateLimit: 5,
  publicScanBurstLimit: 10,
};

export class CapacitySettingsError extends Error {}

function count(scope: Construct, key: keyof CapacitySettings, minimum: number): number {
  const raw: unknown = scope.node.tryGetContext(key);
  const fallback = capacityDefaults[key] as number;
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isInteger(value) || value < minimum) {
    throw new CapacitySettingsError(`Context value "${key}" must be a whole number of at least ${minimum}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

function flag(scope: Construct, key: 'reserveConcurrency'): boolean {
  const raw: unknown = scope.node.tryGetContext(key);
  if (raw === undefined || raw === null || raw === '') return capacityDefaults[key];
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  throw new CapacitySettingsError(`Context value "${key}" must be true or false, got ${JSON.stringify(raw)}`);
}

export function readCapacitySettings(scope: Construct): CapacitySettings {
  const settings: CapacitySettings = {
    reserveConcurrency: flag(scope, 'reserveConcurrency'),
    publicScanConcurrency: count(scope, 'publicScanConcurrency', 1),
    accountScanConcurrency: count(scope, 'accountScanConcurrency', 1),
    // SQS event sources need a maximum concurrency of at least 2.
    workerConcurrency: count(scope, 'workerConcurrency', 2),
    apiRateLimit: count(scope, 'apiRateLimit', 1),
    apiBurstLimit: count(scope, 'apiBurstLimit', 1),
    publicScanRateLimit: count(scope, 'publicScanRateLimit', 1),
    publicScanBurstLimit: count(scope, 'publicScanBurstLimit', 1),
  };
  if (settings.publicScanRateLimit > settings.apiRateLimit || settings.publicScanBurstLimit > settings.apiBurstLimit) {
    throw new CapacitySettingsError('The public scan throttle must not exceed the API stage throttle');
  }
  return settings;
}
