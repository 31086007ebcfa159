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
  /** Reserved concurrency of POST /mcp's function, whose `scan_site` and `recheck` are account scans (docs/decisions/100-mcp-function-as-a-scanner.md). */
  mcpConcurrency: number;
  /** Reserved concurrency of each queue worker, and its event source's maximum concurrency. */
  workerConcurrency: number;
  /** API Gateway stage defaults (requests per second, burst): the ceiling of the whole API's spend. */
  apiRateLimit: number;
  apiBurstLimit: number;
  /** POST /api/scan's own throttle, at most half the stage's; derived by `publicScanThrottle` unless set. */
  publicScanRateLimit: number;
  publicScanBurstLimit: number;
}

/**
 * The route and stage throttles guard the Lambda pool and the bill, never one client: they count every
 * request, the service's own 429s included, so they sit far above what one client at its per-IP limits
 * sends (docs/decisions/046-route-throttles.md has the arithmetic). A quick answer (the 429 of a spent
 * allowance, a 400, a blocked target) takes at most `quickAnswerSeconds`, and quick answers may hold at
 * most `quickAnswerShare` of the public scan function's reserved concurrency, leaving the rest for scans.
 */
export const quickAnswerSeconds = 0.05;
export const quickAnswerShare = 0.25;

/** POST /api/scan's throttle: what a quarter of its reserved concurrency answers quickly, within half the stage's. */
export function publicScanThrottle(settings: Pick<CapacitySettings, 'publicScanConcurrency' | 'apiRateLimit' | 'apiBurstLimit'>): {
  rate: number;
  burst: number;
} {
  const rate = Math.max(
    1,
    Math.min(Math.floor((settings.publicScanConcurrency * quickAnswerShare) / quickAnswerSeconds), Math.floor(settings.apiRateLimit / 2)),
  );
  const burst = Math.max(1, Math.min(2 * rate, Math.floor(settings.apiBurstLimit / 2)));
  return { rate, burst };
}

const baseDefaults = {
  reserveConcurrency: true,
  publicScanConcurrency: 20,
  accountScanConcurrency: 20,
  mcpConcurrency: 20,
  workerConcurrency: 5,
  // Public scans may take half; the other half (100/s, the whole stage's figure before) stays for the rest.
  apiRateLimit: 200,
  apiBurstLimit: 400,
};

export const capacityDefaults: CapacitySettings = {
  ...baseDefaults,
  publicScanRateLimit: publicScanThrottle(baseDefaults).rate,
  publicScanBurstLimit: publicScanThrottle(baseDefaults).burst,
};

export class CapacitySettingsError extends Error {}

function count(scope: Construct, key: keyof CapacitySettings, minimum: number, fallback = capacityDefaults[key] as number): number {
  const raw: unknown = scope.node.tryGetContext(key);
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
  const base = {
    reserveConcurrency: flag(scope, 'reserveConcurrency'),
    publicScanConcurrency: count(scope, 'publicScanConcurrency', 1),
    accountScanConcurrency: count(scope, 'accountScanConcurrency', 1),
    mcpConcurrency: count(scope, 'mcpConcurrency', 1),
    // SQS event sources need a maximum concurrency of at least 2.
    workerConcurrency: count(scope, 'workerConcurrency', 2),
    apiRateLimit: count(scope, 'apiRateLimit', 1),
    apiBurstLimit: count(scope, 'apiBurstLimit', 1),
  };
  const derived = publicScanThrottle(base);
  const settings: CapacitySettings = {
    ...base,
    publicScanRateLimit: count(scope, 'publicScanRateLimit', 1, derived.rate),
    publicScanBurstLimit: count(scope, 'publicScanBurstLimit', 1, derived.burst),
  };
  if (settings.publicScanRateLimit > settings.apiRateLimit || settings.publicScanBurstLimit > settings.apiBurstLimit) {
    throw new CapacitySettingsError('The public scan throttle must not exceed the API stage throttle');
  }
  return settings;
}
