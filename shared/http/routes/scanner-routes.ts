import { allowedPrivateHosts, getConfig } from '#shared/config.js';
import { IdParams } from '#shared/http/schemas/common-schemas.js';
import { listScansQuery, ScanList, ScanResult, scanRequest } from '#shared/http/schemas/scan-schemas.js';
import { RecheckResult, recheckRequest } from '#shared/http/schemas/recheck-schemas.js';
import { accountRouteLimits } from './account-route-limits.js';
import { defineFamilyRoutes, errors, ok } from './define-routes.js';

const config = getConfig();

export const scannerRoutes = defineFamilyRoutes('scanner', {
  createScan: {
    auth: 'key',
    scope: 'scanner:read',
    tags: ['Scanner'],
    summary: "Scan a URL with the caller's tier page budget",
    body: scanRequest({ allowPrivateHosts: allowedPrivateHosts(config) }),
    responses: { ...ok(200, 'The scan result', ScanResult), ...errors(400, 401, 403, 429, 502, 504) },
  },
  getScan: {
    auth: 'key',
    scope: 'scanner:read',
    tags: ['Scanner'],
    summary: "One of the caller's scans",
    params: IdParams,
    responses: { ...ok(200, 'The scan result', ScanResult), ...errors(400, 401, 404) },
  },
  recheckScan: {
    // A metered scan, as createScan is: only its pages and checks are fewer.
    auth: 'key',
    scope: 'scanner:read',
    tags: ['Scanner'],
    summary: "Re-check some of one of the caller's scans' checks on its pages, fetching only what they read (counts as one scan)",
    params: IdParams,
    body: recheckRequest,
    optionalBody: true,
    responses: {
      ...ok(200, 'Each check as the scan judged it and as it is now', RecheckResult),
      ...errors(400, 401, 403, 404, 429, 502, 504),
    },
  },
  getScanReport: {
    // A dashboard read: outside the monthly allowance (with the account routes' hourly limit), and open
    // to a dashboard session.
    auth: 'key',
    ...accountRouteLimits(config),
    session: 'accepted',
    scope: 'scanner:read',
    tags: ['Scanner'],
    summary: "One of the caller's scans as the report's HTML (the part inside the page), for the dashboard",
    params: IdParams,
    responses: { 200: { description: 'The report, as an HTML fragment', contentType: 'text/html' }, ...errors(400, 401, 404, 429) },
  },
  listScans: {
    auth: 'key',
    scope: 'scanner:read',
    tags: ['Scanner'],
    summary: "The caller's scans, newest first",
    query: listScansQuery(config.listScansDefaultLimit, config.listScansMaxLimit, config.listScansMaxOffset),
    responses: { ...ok(200, 'A page of scans', ScanList), ...errors(400, 401) },
  },
});
