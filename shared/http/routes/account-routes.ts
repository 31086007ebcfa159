import { getConfig } from '#shared/config.js';
import { IdParams } from '#shared/http/schemas/common-schemas.js';
import {
  AccountInfo,
  ApiKeyList,
  CreatedApiKey,
  RevokedApiKey,
  RotatedApiKey,
  createApiKeyRequest,
} from '#shared/http/schemas/account-schemas.js';
import { AccountOverview } from '#shared/http/schemas/account-overview-schemas.js';
import { accountRouteLimits } from './account-route-limits.js';
import { defineFamilyRoutes, errors, ok } from './define-routes.js';

const config = getConfig();

const outsideAllowance = accountRouteLimits(config);

export const accountRoutes = defineFamilyRoutes('account', {
  getAccount: {
    auth: 'key',
    ...outsideAllowance,
    session: 'accepted',
    scope: 'account:read',
    tags: ['Account'],
    summary: 'The account with live usage',
    responses: { ...ok(200, 'The account', AccountInfo), ...errors(401, 429) },
  },
  getAccountOverview: {
    auth: 'key',
    ...outsideAllowance,
    session: 'accepted',
    scope: 'account:read',
    tags: ['Account'],
    summary: 'What the dashboard shows in one request: the account, recent scans, watched sites with their score history, webhooks',
    responses: { ...ok(200, 'The overview', AccountOverview), ...errors(401, 429) },
  },
  listApiKeys: {
    auth: 'key',
    ...outsideAllowance,
    session: 'accepted',
    scope: 'account:read',
    tags: ['API keys'],
    summary: 'The account API keys (masked)',
    responses: { ...ok(200, 'The keys', ApiKeyList), ...errors(401, 429) },
  },
  createApiKey: {
    auth: 'key',
    ...outsideAllowance,
    session: 'accepted',
    scope: 'account:write',
    tags: ['API keys'],
    summary: 'Create an API key; the full key is returned once',
    body: createApiKeyRequest(config.labelMaxLength),
    responses: { ...ok(201, 'The new key', CreatedApiKey), ...errors(400, 401, 403, 429) },
  },
  revokeApiKey: {
    auth: 'key',
    ...outsideAllowance,
    session: 'accepted',
    scope: 'account:write',
    tags: ['API keys'],
    summary: 'Revoke an API key (not the one making this request)',
    params: IdParams,
    responses: { ...ok(200, 'Revoked', RevokedApiKey), ...errors(400, 401, 404, 409, 429) },
  },
  rotateApiKey: {
    auth: 'key',
    ...outsideAllowance,
    session: 'accepted',
    scope: 'account:write',
    tags: ['API keys'],
    summary: 'Rotate an API key: revoke it and create its replacement (same label and scopes) in one step; the new key is returned once',
    params: IdParams,
    responses: { ...ok(201, 'The replacement key', RotatedApiKey), ...errors(400, 401, 403, 404, 429) },
  },
});
