import { allowedPrivateHosts, getConfig } from '#shared/config.js';
import type { RateLimitRule } from '#shared/http/route-types.js';
import { IdParams } from '#shared/http/schemas/common-schemas.js';
import { RateLimitError, ScanProgress, ScanResult, scanRequest } from '#shared/http/schemas/scan-schemas.js';
import { defineFamilyRoutes, errorDescription, errors, ok, perIp } from './define-routes.js';

const config = getConfig();

// A scan the target could not answer (502) or finish (504) is the shop's failure, not the caller's; a URL
// refused once its host resolved (400) costs no more than one the schema refused.
const publicScanLimit: RateLimitRule = {
  ...perIp('public-scan', config.publicScanLimitPerDay, config.publicScanWindowSeconds),
  refundWhen: ['invalid_input', 'upstream_failed', 'timed_out'],
};

// Refunds must not make scans free: every attempt the scans limit admits also counts here, whatever its
// outcome, so one IP cannot make the scanner call a site that always fails again and again.
const publicScanAttempts: RateLimitRule = {
  ...perIp('public-scan-attempt', config.publicScanAttemptsPerDay, config.publicScanWindowSeconds),
  counts: 'scan attempts (failed scans included)',
};

export const publicScannerRoutes = defineFamilyRoutes('publicScanner', {
  createPublicScan: {
    auth: 'none',
    tags: ['Public scanner'],
    summary: 'Scan a URL (homepage only); the result is kept for 30 days',
    rateLimit: publicScanLimit,
    attemptLimit: publicScanAttempts,
    body: scanRequest({ allowPrivateHosts: allowedPrivateHosts(config) }),
    responses: {
      ...ok(200, 'The scan result', ScanResult),
      ...errors(400, 502, 504),
      429: { description: errorDescription(429), schema: RateLimitError },
    },
  },
  getPublicResult: {
    auth: 'none',
    tags: ['Public scanner'],
    summary: 'A public scan result (Cache-Control: private, max-age=300)',
    params: IdParams,
    responses: { ...ok(200, 'The scan result', ScanResult), ...errors(400, 404) },
  },
  getScanProgress: {
    auth: 'none',
    tags: ['Public scanner'],
    summary:
      'The stage a scan has reached: send a UUID of your choice as `X-Scan-Progress` with `POST /api/scan` or `POST /api/v1/scan`, then read it here while the scan runs',
    params: IdParams,
    responses: { ...ok(200, 'The last stage reported', ScanProgress), ...errors(400) },
  },
});
