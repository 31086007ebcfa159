import type { Family, HttpMethod } from '#shared/http/route-types.js';

/** Where a route lives: enough to route a request, answer 404/405, and build the API's route keys. */
export interface RouteLocation {
  method: HttpMethod;
  path: string;
  family: Family;
}

/**
 * Every route of the service by operation id, without its schemas. Each function imports this and
 * only its own family's definitions (shared/http/routes/), so its cold start builds no other family's
 * zod schemas; the full definitions take their method, path and family from here.
 */
export const routeIndex = {
  getHealth: { method: 'GET', path: '/api/health', family: 'meta' },
  getPricing: { method: 'GET', path: '/api/pricing', family: 'meta' },
  getOpenApi: { method: 'GET', path: '/api/openapi.json', family: 'meta' },
  getSignatureDirectory: { method: 'GET', path: '/.well-known/http-message-signatures-directory', family: 'meta' },
  getPlatformProfile: { method: 'GET', path: '/.well-known/ucp', family: 'meta' },
  listPlans: { method: 'GET', path: '/api/v1/account/plans', family: 'meta' },
  createPublicScan: { method: 'POST', path: '/api/scan', family: 'publicScanner' },
  getPublicResult: { method: 'GET', path: '/api/results/{id}', family: 'publicScanner' },
  getScanProgress: { method: 'GET', path: '/api/scan-progress/{id}', family: 'publicScanner' },
  createScan: { method: 'POST', path: '/api/v1/scan', family: 'scanner' },
  getScan: { method: 'GET', path: '/api/v1/scan/{id}', family: 'scanner' },
  getScanReport: { method: 'GET', path: '/api/v1/scan/{id}/report', family: 'scanner' },
  recheckScan: { method: 'POST', path: '/api/v1/scan/{id}/recheck', family: 'scanner' },
  listScans: { method: 'GET', path: '/api/v1/scans', family: 'scanner' },
  createBatch: { method: 'POST', path: '/api/v1/batch/scan', family: 'batch' },
  getBatch: { method: 'GET', path: '/api/v1/batch/scan/{id}', family: 'batch' },
  listBatches: { method: 'GET', path: '/api/v1/batch/scans', family: 'batch' },
  register: { method: 'POST', path: '/api/v1/auth/register', family: 'auth' },
  showSignInPage: { method: 'GET', path: '/api/v1/auth/verify', family: 'auth' },
  verifySignIn: { method: 'POST', path: '/api/v1/auth/verify', family: 'auth' },
  signOut: { method: 'DELETE', path: '/api/v1/auth/session', family: 'auth' },
  getAccount: { method: 'GET', path: '/api/v1/account', family: 'account' },
  getAccountOverview: { method: 'GET', path: '/api/v1/account/overview', family: 'account' },
  subscribe: { method: 'POST', path: '/api/v1/account/subscribe', family: 'billing' },
  previewUpgrade: { method: 'POST', path: '/api/v1/account/subscribe/preview', family: 'billing' },
  manageSubscription: { method: 'POST', path: '/api/v1/account/manage', family: 'billing' },
  listApiKeys: { method: 'GET', path: '/api/v1/account/api-keys', family: 'account' },
  createApiKey: { method: 'POST', path: '/api/v1/account/api-keys', family: 'account' },
  revokeApiKey: { method: 'DELETE', path: '/api/v1/account/api-keys/{id}', family: 'account' },
  rotateApiKey: { method: 'POST', path: '/api/v1/account/api-keys/{id}/rotate', family: 'account' },
  listWatchedSites: { method: 'GET', path: '/api/v1/watched-sites', family: 'sites' },
  // A literal segment: it wins over `{id}` in the route matcher and in API Gateway, whatever the order here.
  compareWatchedSites: { method: 'GET', path: '/api/v1/watched-sites/compare', family: 'sites' },
  addWatchedSite: { method: 'POST', path: '/api/v1/watched-sites', family: 'sites' },
  getWatchedSite: { method: 'GET', path: '/api/v1/watched-sites/{id}', family: 'sites' },
  patchWatchedSite: { method: 'PATCH', path: '/api/v1/watched-sites/{id}', family: 'sites' },
  deleteWatchedSite: { method: 'DELETE', path: '/api/v1/watched-sites/{id}', family: 'sites' },
  rescanWatchedSite: { method: 'POST', path: '/api/v1/watched-sites/{id}/rescan', family: 'sites' },
  driveSiteCheckout: { method: 'POST', path: '/api/v1/watched-sites/{id}/checkout-drive', family: 'sites' },
  putSiteAcpCredential: { method: 'PUT', path: '/api/v1/watched-sites/{id}/acp-credential', family: 'sites' },
  deleteSiteAcpCredential: { method: 'DELETE', path: '/api/v1/watched-sites/{id}/acp-credential', family: 'sites' },
  getSiteOwnership: { method: 'GET', path: '/api/v1/watched-sites/{id}/ownership', family: 'sites' },
  verifySiteOwnership: { method: 'POST', path: '/api/v1/watched-sites/{id}/ownership/verify', family: 'sites' },
  listAccountWatchedSites: { method: 'GET', path: '/api/v1/account/watched-sites', family: 'sites' },
  addAccountWatchedSite: { method: 'POST', path: '/api/v1/account/watched-sites', family: 'sites' },
  getAccountWatchedSite: { method: 'GET', path: '/api/v1/account/watched-sites/{id}', family: 'sites' },
  patchAccountWatchedSite: { method: 'PATCH', path: '/api/v1/account/watched-sites/{id}', family: 'sites' },
  deleteAccountWatchedSite: { method: 'DELETE', path: '/api/v1/account/watched-sites/{id}', family: 'sites' },
  getAccountSiteOwnership: { method: 'GET', path: '/api/v1/account/watched-sites/{id}/ownership', family: 'sites' },
  verifyAccountSiteOwnership: { method: 'POST', path: '/api/v1/account/watched-sites/{id}/ownership/verify', family: 'sites' },
  getThresholds: { method: 'GET', path: '/api/v1/account/watched-sites/{id}/thresholds', family: 'sites' },
  putThresholds: { method: 'PUT', path: '/api/v1/account/watched-sites/{id}/thresholds', family: 'sites' },
  listSiteThresholds: { method: 'GET', path: '/api/v1/watched-sites/{id}/thresholds', family: 'sites' },
  createSiteThreshold: { method: 'POST', path: '/api/v1/watched-sites/{id}/thresholds', family: 'sites' },
  updateSiteThreshold: { method: 'PATCH', path: '/api/v1/watched-sites/{id}/thresholds/{thresholdId}', family: 'sites' },
  deleteSiteThreshold: { method: 'DELETE', path: '/api/v1/watched-sites/{id}/thresholds/{thresholdId}', family: 'sites' },
  showAlertUnsubscribePage: { method: 'GET', path: '/api/v1/alerts/unsubscribe', family: 'sites' },
  unsubscribeAlerts: { method: 'POST', path: '/api/v1/alerts/unsubscribe', family: 'sites' },
  listWebhooks: { method: 'GET', path: '/api/v1/webhooks', family: 'webhooks' },
  createWebhook: { method: 'POST', path: '/api/v1/webhooks', family: 'webhooks' },
  deleteWebhook: { method: 'DELETE', path: '/api/v1/webhooks/{id}', family: 'webhooks' },
  testWebhook: { method: 'POST', path: '/api/v1/webhooks/{id}/test', family: 'webhooks' },
  listAccountWebhooks: { method: 'GET', path: '/api/v1/account/webhooks', family: 'webhooks' },
  createAccountWebhook: { method: 'POST', path: '/api/v1/account/webhooks', family: 'webhooks' },
  deleteAccountWebhook: { method: 'DELETE', path: '/api/v1/account/webhooks/{id}', family: 'webhooks' },
  testAccountWebhook: { method: 'POST', path: '/api/v1/account/webhooks/{id}/test', family: 'webhooks' },
  listWebhookDeliveries: { method: 'GET', path: '/api/v1/webhooks/{id}/deliveries', family: 'webhooks' },
  redeliverWebhookEvent: { method: 'POST', path: '/api/v1/webhooks/{id}/deliveries/{eventId}/redeliver', family: 'webhooks' },
  listAccountWebhookDeliveries: { method: 'GET', path: '/api/v1/account/webhooks/{id}/deliveries', family: 'webhooks' },
  redeliverAccountWebhookEvent: {
    method: 'POST',
    path: '/api/v1/account/webhooks/{id}/deliveries/{eventId}/redeliver',
    family: 'webhooks',
  },
  stripeWebhook: { method: 'POST', path: '/api/billing/stripe/webhook', family: 'billing' },
  showScannerPage: { method: 'GET', path: '/', family: 'web' },
  showReportPage: { method: 'GET', path: '/r/{id}', family: 'web' },
  getResultBadge: { method: 'GET', path: '/r/{id}/badge.svg', family: 'web' },
  // `{file}` is `{siteId}.svg`: API Gateway's path variables take whole segments.
  getSiteBadge: { method: 'GET', path: '/badge/{file}', family: 'web' },
  getWebAsset: { method: 'GET', path: '/assets/{file}', family: 'web' },
  showDocsPage: { method: 'GET', path: '/docs', family: 'web' },
  showSignInForm: { method: 'GET', path: '/sign-in', family: 'web' },
  showDashboard: { method: 'GET', path: '/app', family: 'web' },
  showPricingPage: { method: 'GET', path: '/pricing', family: 'web' },
  showOwnedReport: { method: 'GET', path: '/app/scans/{id}', family: 'web' },
  showWatchedSitePage: { method: 'GET', path: '/app/sites/{id}', family: 'web' },
  callMcp: { method: 'POST', path: '/mcp', family: 'mcp' },
} as const satisfies Record<string, RouteLocation>;

export type RouteIndex = typeof routeIndex;
export type OperationId = keyof RouteIndex;
export type OperationsOf<F extends Family> = { [K in OperationId]: RouteIndex[K]['family'] extends F ? K : never }[OperationId];

export const routeLocations: ReadonlyArray<RouteLocation & { operationId: OperationId }> = (Object.keys(routeIndex) as OperationId[]).map(
  (operationId) => ({ ...routeIndex[operationId], operationId }),
);
