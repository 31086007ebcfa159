import type { z } from 'zod';
import { allowedPrivateHosts, getConfig } from '#shared/config.js';
import type { Family, RateLimitRule, ResponseDef, RouteDef } from '#shared/http/route-types.js';
import { ErrorBody, IdParams } from '#shared/http/schemas/common.js';
import { Health, OpenApiDocument } from '#shared/http/schemas/meta.js';
import { PlanList, PriceList } from '#shared/http/schemas/plans.js';
import { listScansQuery, RateLimitError, ScanList, ScanResult, scanRequest } from '#shared/http/schemas/scan.js';
import {
  AccountInfo,
  ApiKeyList,
  CreatedApiKey,
  ManageResponse,
  MessageBody,
  RevokedApiKey,
  StripeWebhookAck,
  SubscribeRequest,
  SubscribeResponse,
  VerifyRequest,
  VerifyResponse,
  createApiKeyRequest,
  registerRequest,
} from '#shared/http/schemas/account.js';
import {
  AccountSiteDetail,
  Deleted,
  SiteDetail,
  SiteEnvelope,
  SiteList,
  Thresholds,
  addSiteRequest,
  patchAccountSiteRequest,
  patchSiteRequest,
} from '#shared/http/schemas/sites.js';
import { BatchAccepted, BatchDetail, BatchList, batchScanRequest } from '#shared/http/schemas/batch.js';
import { CreatedWebhook, WebhookList, WebhookTestResult, createWebhookRequest } from '#shared/http/schemas/webhooks.js';

const config = getConfig();
const ScanRequest = scanRequest({ allowPrivateHosts: allowedPrivateHosts(config) });

const errorMessages: Record<number, string> = {
  400: 'Invalid input',
  401: 'Missing or invalid API key',
  403: 'Tier too low or limit reached',
  404: 'Not found',
  409: 'Conflict',
  429: 'Rate limit exceeded (see Retry-After)',
  501: 'Not implemented yet',
  502: 'Upstream failure while scanning the target',
  504: 'Scan exceeded the time limit',
};

function ok(status: number, description: string, schema?: z.ZodType): Record<number, ResponseDef> {
  return { [status]: { description, ...(schema ? { schema } : {}) } };
}

function errors(...statuses: number[]): Record<number, ResponseDef> {
  return Object.fromEntries(statuses.map((status) => [status, { description: errorMessages[status] ?? 'Error', schema: ErrorBody }]));
}

function perIp(name: string, limit: number, windowSeconds: number): RateLimitRule {
  return { name, per: 'ip', limit, windowSeconds };
}

// A scan the target could not answer (502) or finish (504) is the shop's failure, not the caller's.
// Outside the monthly allowance, so still answering when it is spent; this keeps them bounded.
const accountRoutes = { metered: false, rateLimit: { name: 'account-routes', per: 'account', limit: config.accountRoutesLimitPerHour, windowSeconds: 3_600 } } as const satisfies Pick<RouteDef, 'metered' | 'rateLimit'>;

const publicScanLimit: RateLimitRule = {
  ...perIp('public-scan', config.publicScanLimitPerDay, config.publicScanWindowSeconds),
  refundWhen: ['upstream_failed', 'timed_out'],
};
const siteParams = IdParams;

function watchedSiteRoutes(prefix: string, family: 'preferred' | 'account') {
  const tags = ['Watched sites'];
  const base = `${prefix}/watched-sites`;
  const account = family === 'account';
  return {
    list: {
      method: 'GET', path: base, family: 'sites', auth: 'key', scope: 'sites:read', tags,
      summary: 'List watched sites with their thresholds',
      responses: { ...ok(200, 'The watchlist', SiteList), ...errors(401) },
    },
    add: {
      method: 'POST', path: base, family: 'sites', auth: 'key', scope: 'sites:write', tags,
      summary: 'Watch a site (SSRF-validated, normalised, de-duplicated)',
      body: addSiteRequest({ allowPrivateHosts: allowedPrivateHosts(config) }, config.watchedUrlMaxLength, config.labelMaxLength),
      responses: { ...ok(201, 'The new watched site', SiteEnvelope), ...errors(400, 401, 403, 409) },
    },
    get: {
      method: 'GET', path: `${base}/{id}`, family: 'sites', auth: 'key', scope: 'sites:read', tags,
      summary: 'A watched site with its score history (up to 90 snapshots, newest first)', params: siteParams,
      responses: { ...ok(200, 'The site', account ? AccountSiteDetail : SiteDetail), ...errors(400, 401, 404) },
    },
    patch: {
      method: 'PATCH', path: `${base}/{id}`, family: 'sites', auth: 'key', scope: 'sites:write', tags,
      summary: account ? 'Update a watched site; threshold fields need growth' : 'Update a watched site', params: siteParams,
      body: account ? patchAccountSiteRequest(config.labelMaxLength) : patchSiteRequest(config.labelMaxLength),
      responses: { ...ok(200, 'The updated site', SiteEnvelope), ...errors(400, 401, 403, 404) },
    },
    delete: {
      method: 'DELETE', path: `${base}/{id}`, family: 'sites', auth: 'key', scope: 'sites:write', tags,
      summary: 'Stop watching a site (removes its thresholds)', params: siteParams,
      responses: { ...ok(200, 'Deleted', Deleted), ...errors(400, 401, 404) },
    },
  } satisfies Record<string, RouteDef>;
}

function webhookRoutes(prefix: string) {
  const tags = ['Webhooks'];
  const base = `${prefix}/webhooks`;
  return {
    list: {
      method: 'GET', path: base, family: 'webhooks', auth: 'key', scope: 'webhooks:read', tier: 'pro', tags,
      summary: 'List webhook endpoints',
      responses: { ...ok(200, 'The webhooks', WebhookList), ...errors(401, 403) },
    },
    create: {
      method: 'POST', path: base, family: 'webhooks', auth: 'key', scope: 'webhooks:write', tier: 'pro', tags,
      summary: 'Register a webhook endpoint (HTTPS, SSRF-validated); the secret is returned once',
      body: createWebhookRequest(config.labelMaxLength),
      responses: { ...ok(201, 'The webhook and its secret', CreatedWebhook), ...errors(400, 401, 403) },
    },
    delete: {
      method: 'DELETE', path: `${base}/{id}`, family: 'webhooks', auth: 'key', scope: 'webhooks:write', tier: 'pro', tags,
      summary: 'Delete a webhook endpoint', params: IdParams,
      responses: { ...ok(200, 'Deleted', Deleted), ...errors(400, 401, 403, 404) },
    },
    test: {
      method: 'POST', path: `${base}/{id}/test`, family: 'webhooks', auth: 'key', scope: 'webhooks:write', tier: 'pro', tags,
      summary: 'Send a signed test delivery', params: IdParams,
      rateLimit: { name: 'webhook-test', per: 'resource', limit: config.webhookTestLimitPerHour, windowSeconds: 3_600 },
      responses: { ...ok(200, 'The delivery outcome', WebhookTestResult), ...errors(400, 401, 403, 404, 429) },
    },
  } satisfies Record<string, RouteDef>;
}

const sites = watchedSiteRoutes('/api/v1', 'preferred');
const accountSites = watchedSiteRoutes('/api/v1/account', 'account');
const webhooks = webhookRoutes('/api/v1');
const accountWebhooks = webhookRoutes('/api/v1/account');

/** Every route of the service, once. Keys are operation ids. */
export const routes = {
  getHealth: {
    method: 'GET', path: '/api/health', family: 'meta', auth: 'none', tags: ['Meta'],
    summary: 'Service and dependency health (no rate limit)',
    responses: { ...ok(200, 'Healthy', Health), 503: { description: 'A dependency is failing', schema: Health } },
  },
  getPricing: {
    method: 'GET', path: '/api/pricing', family: 'meta', auth: 'none', tags: ['Meta'],
    summary: 'Public price list for humans and agents (prices exclude VAT)',
    rateLimit: perIp('pricing', config.pricingLimitPerHour, 3_600),
    responses: { ...ok(200, 'The price list', PriceList), ...errors(429) },
  },
  getOpenApi: {
    method: 'GET', path: '/api/openapi.json', family: 'meta', auth: 'none', tags: ['Meta'],
    summary: 'This OpenAPI 3.1 document',
    responses: ok(200, 'The document', OpenApiDocument),
  },
  listPlans: {
    method: 'GET', path: '/api/v1/account/plans', family: 'meta', auth: 'none', tags: ['Account'],
    summary: 'The plans and their limits (cached one hour)',
    responses: ok(200, 'The plans', PlanList),
  },

  createPublicScan: {
    method: 'POST', path: '/api/scan', family: 'publicScanner', auth: 'none', tags: ['Public scanner'],
    summary: 'Scan a URL (homepage only); the result is kept for 30 days',
    rateLimit: publicScanLimit, body: ScanRequest,
    responses: { ...ok(200, 'The scan result', ScanResult), ...errors(400, 502, 504), 429: { description: errorMessages[429]!, schema: RateLimitError } },
  },
  getPublicResult: {
    method: 'GET', path: '/api/results/{id}', family: 'publicScanner', auth: 'none', tags: ['Public scanner'],
    summary: 'A public scan result (Cache-Control: private, max-age=300)', params: IdParams,
    responses: { ...ok(200, 'The scan result', ScanResult), ...errors(400, 404) },
  },

  createScan: {
    method: 'POST', path: '/api/v1/scan', family: 'scanner', auth: 'key', scope: 'scanner:read', tags: ['Scanner'],
    summary: "Scan a URL with the caller's tier page budget", body: ScanRequest,
    responses: { ...ok(200, 'The scan result', ScanResult), ...errors(400, 401, 403, 429, 502, 504) },
  },
  getScan: {
    method: 'GET', path: '/api/v1/scan/{id}', family: 'scanner', auth: 'key', scope: 'scanner:read', tags: ['Scanner'],
    summary: "One of the caller's scans", params: IdParams,
    responses: { ...ok(200, 'The scan result', ScanResult), ...errors(400, 401, 404) },
  },
  listScans: {
    method: 'GET', path: '/api/v1/scans', family: 'scanner', auth: 'key', scope: 'scanner:read', tags: ['Scanner'],
    summary: "The caller's scans, newest first", query: listScansQuery(config.listScansDefaultLimit, config.listScansMaxLimit, config.listScansMaxOffset),
    responses: { ...ok(200, 'A page of scans', ScanList), ...errors(400, 401) },
  },

  createBatch: {
    method: 'POST', path: '/api/v1/batch/scan', family: 'batch', auth: 'key', scope: 'scanner:read', tier: 'growth', tags: ['Batch'],
    summary: 'Submit up to 50 URLs for asynchronous scanning',
    body: batchScanRequest(config.batchMaxUrls, config.labelMaxLength),
    responses: { ...ok(202, 'Accepted', BatchAccepted), ...errors(400, 401, 403, 429) },
  },
  getBatch: {
    method: 'GET', path: '/api/v1/batch/scan/{id}', family: 'batch', auth: 'key', scope: 'scanner:read', tier: 'growth', tags: ['Batch'],
    summary: 'A batch with its per-URL results', params: IdParams,
    responses: { ...ok(200, 'The batch', BatchDetail), ...errors(400, 401, 403, 404) },
  },
  listBatches: {
    method: 'GET', path: '/api/v1/batch/scans', family: 'batch', auth: 'key', scope: 'scanner:read', tier: 'growth', tags: ['Batch'],
    summary: "The caller's batches, newest first",
    responses: { ...ok(200, 'The batches', BatchList), ...errors(401, 403) },
  },

  register: {
    method: 'POST', path: '/api/v1/auth/register', family: 'auth', auth: 'none', tags: ['Account'],
    summary: 'Send a sign-in link (always 202, whether or not the address is known)',
    rateLimit: perIp('register', config.registerLimitPerHour, 3_600), body: registerRequest(config.emailMaxLength),
    responses: { ...ok(202, 'Accepted', MessageBody), ...errors(400, 429) },
  },
  showSignInPage: {
    method: 'GET', path: '/api/v1/auth/verify', family: 'auth', auth: 'none', tags: ['Account'],
    // No query schema: whatever the link's `?token=` holds (missing, malformed, huge, repeated), the
    // answer is this HTML page, which says what is wrong; a JSON 400 would be unreadable in a browser.
    summary: 'The page a sign-in link (`?token=…`) opens; it does not consume the token',
    responses: { 200: { description: 'An HTML page with a button that signs in', contentType: 'text/html' } },
  },
  verifySignIn: {
    method: 'POST', path: '/api/v1/auth/verify', family: 'auth', auth: 'none', tags: ['Account'],
    summary: 'Exchange a sign-in token for a new API key (shown once)', body: VerifyRequest,
    responses: { ...ok(200, 'The new key', VerifyResponse), ...errors(400, 429) },
  },

  getAccount: {
    method: 'GET', path: '/api/v1/account', family: 'account', auth: 'key', ...accountRoutes, scope: 'account:read', tags: ['Account'],
    summary: 'The account with live usage',
    responses: { ...ok(200, 'The account', AccountInfo), ...errors(401, 429) },
  },
  subscribe: {
    method: 'POST', path: '/api/v1/account/subscribe', family: 'account', auth: 'key', ...accountRoutes, scope: 'account:write', tags: ['Billing'],
    summary: 'Start a checkout for a paid tier, or upgrade immediately with proration', body: SubscribeRequest,
    responses: { ...ok(200, 'A checkout link or an upgrade', SubscribeResponse), ...errors(400, 401, 409, 429) },
  },
  manageSubscription: {
    method: 'POST', path: '/api/v1/account/manage', family: 'account', auth: 'key', ...accountRoutes, scope: 'account:write', tags: ['Billing'],
    summary: 'A billing portal link',
    responses: { ...ok(200, 'The portal link', ManageResponse), ...errors(401, 404, 429) },
  },
  listApiKeys: {
    method: 'GET', path: '/api/v1/account/api-keys', family: 'account', auth: 'key', ...accountRoutes, scope: 'account:read', tags: ['API keys'],
    summary: 'The account API keys (masked)',
    responses: { ...ok(200, 'The keys', ApiKeyList), ...errors(401, 429) },
  },
  createApiKey: {
    method: 'POST', path: '/api/v1/account/api-keys', family: 'account', auth: 'key', ...accountRoutes, scope: 'account:write', tags: ['API keys'],
    summary: 'Create an API key; the full key is returned once', body: createApiKeyRequest(config.labelMaxLength),
    responses: { ...ok(201, 'The new key', CreatedApiKey), ...errors(400, 401, 403, 429) },
  },
  revokeApiKey: {
    method: 'DELETE', path: '/api/v1/account/api-keys/{id}', family: 'account', auth: 'key', ...accountRoutes, scope: 'account:write', tags: ['API keys'],
    summary: 'Revoke an API key (not the one making this request)', params: IdParams,
    responses: { ...ok(200, 'Revoked', RevokedApiKey), ...errors(400, 401, 404, 409, 429) },
  },

  listWatchedSites: sites.list,
  addWatchedSite: sites.add,
  getWatchedSite: sites.get,
  patchWatchedSite: sites.patch,
  deleteWatchedSite: sites.delete,
  listAccountWatchedSites: accountSites.list,
  addAccountWatchedSite: accountSites.add,
  getAccountWatchedSite: accountSites.get,
  patchAccountWatchedSite: accountSites.patch,
  deleteAccountWatchedSite: accountSites.delete,
  getThresholds: {
    method: 'GET', path: '/api/v1/account/watched-sites/{id}/thresholds', family: 'sites', auth: 'key', scope: 'sites:read', tier: 'growth', tags: ['Watched sites'],
    summary: "A watched site's score thresholds", params: IdParams,
    responses: { ...ok(200, 'The thresholds', Thresholds), ...errors(400, 401, 403, 404) },
  },
  putThresholds: {
    method: 'PUT', path: '/api/v1/account/watched-sites/{id}/thresholds', family: 'sites', auth: 'key', scope: 'sites:write', tier: 'growth', tags: ['Watched sites'],
    summary: "Replace a watched site's thresholds (min below max)", params: IdParams, body: Thresholds,
    responses: { ...ok(200, 'The thresholds', Thresholds), ...errors(400, 401, 403, 404) },
  },

  listWebhooks: webhooks.list,
  createWebhook: webhooks.create,
  deleteWebhook: webhooks.delete,
  testWebhook: webhooks.test,
  listAccountWebhooks: accountWebhooks.list,
  createAccountWebhook: accountWebhooks.create,
  deleteAccountWebhook: accountWebhooks.delete,
  testAccountWebhook: accountWebhooks.test,

  stripeWebhook: {
    method: 'POST', path: '/api/billing/stripe/webhook', family: 'billing', auth: 'none', tags: ['Billing'],
    summary: 'Stripe event receiver (signature-checked)', rawBody: true,
    responses: { ...ok(200, 'Received', StripeWebhookAck), ...errors(400) },
  },
} satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type OperationId = keyof Routes;
export type OperationsOf<F extends Family> = { [K in OperationId]: Routes[K]['family'] extends F ? K : never }[OperationId];

export const routeList: ReadonlyArray<RouteDef & { operationId: OperationId }> = (Object.keys(routes) as OperationId[]).map(
  (operationId) => ({ ...(routes[operationId] as RouteDef), operationId }),
);
