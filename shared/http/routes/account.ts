import { getConfig } from '#shared/config.js';
import type { RouteDef } from '#shared/http/route-types.js';
import { IdParams } from '#shared/http/schemas/common.js';
import {
  AccountInfo,
  ApiKeyList,
  CreatedApiKey,
  ManageResponse,
  RevokedApiKey,
  SubscribeRequest,
  SubscribeResponse,
  createApiKeyRequest,
} from '#shared/http/schemas/account.js';
import { defineFamilyRoutes, errors, ok } from './define-routes.js';

const config = getConfig();

// Outside the monthly allowance, so still answering when it is spent; this keeps them bounded.
const outsideAllowance = { metered: false, rateLimit: { name: 'account-routes', per: 'account', limit: config.accountRoutesLimitPerHour, windowSeconds: 3_600 } } as const satisfies Pick<RouteDef, 'metered' | 'rateLimit'>;

export const accountRoutes = defineFamilyRoutes('account', {
  getAccount: {
    auth: 'key', ...outsideAllowance, scope: 'account:read', tags: ['Account'],
    summary: 'The account with live usage',
    responses: { ...ok(200, 'The account', AccountInfo), ...errors(401, 429) },
  },
  subscribe: {
    auth: 'key', ...outsideAllowance, scope: 'account:write', tags: ['Billing'],
    summary: 'Start a checkout for a paid tier, or upgrade immediately with proration', body: SubscribeRequest,
    responses: { ...ok(200, 'A checkout link or an upgrade', SubscribeResponse), ...errors(400, 401, 409, 429) },
  },
  manageSubscription: {
    auth: 'key', ...outsideAllowance, scope: 'account:write', tags: ['Billing'],
    summary: 'A billing portal link',
    responses: { ...ok(200, 'The portal link', ManageResponse), ...errors(401, 404, 429) },
  },
  listApiKeys: {
    auth: 'key', ...outsideAllowance, scope: 'account:read', tags: ['API keys'],
    summary: 'The account API keys (masked)',
    responses: { ...ok(200, 'The keys', ApiKeyList), ...errors(401, 429) },
  },
  createApiKey: {
    auth: 'key', ...outsideAllowance, scope: 'account:write', tags: ['API keys'],
    summary: 'Create an API key; the full key is returned once', body: createApiKeyRequest(config.labelMaxLength),
    responses: { ...ok(201, 'The new key', CreatedApiKey), ...errors(400, 401, 403, 429) },
  },
  revokeApiKey: {
    auth: 'key', ...outsideAllowance, scope: 'account:write', tags: ['API keys'],
    summary: 'Revoke an API key (not the one making this request)', params: IdParams,
    responses: { ...ok(200, 'Revoked', RevokedApiKey), ...errors(400, 401, 404, 409, 429) },
  },
});
