import { getConfig } from '#shared/config.js';
import { Deleted, IdParams, idempotencyKeyHeaders } from '#shared/http/schemas/common-schemas.js';
import { idempotencyWindowHours } from '#shared/model/idempotency-key.js';
import {
  CreatedWebhook,
  DeliveryLog,
  DeliveryParams,
  WebhookList,
  WebhookTestResult,
  createWebhookRequest,
} from '#shared/http/schemas/webhooks-schemas.js';
import { accountRouteLimits } from './account-route-limits.js';
import type { RouteSpec } from './define-routes.js';
import { defineFamilyRoutes, errors, ok } from './define-routes.js';

const config = getConfig();

/**
 * Managing webhooks is configuration, like managing keys: outside the monthly allowance, and open to a
 * dashboard session (docs/decisions/067-webhooks-in-the-dashboard.md). The routes without a limit of their
 * own share the account routes' hourly one; test and redeliver keep their per-webhook limits.
 */
const dashboardRoute = { metered: false, session: 'accepted' } as const;
const outsideAllowance = { ...accountRouteLimits(config), session: 'accepted' } as const;

/** The spec's four webhook operations and the delivery log, served under both path families. */
function webhookRoutes() {
  const tags = ['Webhooks'];
  return {
    list: {
      auth: 'key',
      ...outsideAllowance,
      scope: 'webhooks:read',
      tier: 'pro',
      tags,
      summary: 'List webhook endpoints',
      responses: { ...ok(200, 'The webhooks', WebhookList), ...errors(401, 403, 429) },
    },
    create: {
      auth: 'key',
      ...outsideAllowance,
      scope: 'webhooks:write',
      tier: 'pro',
      tags,
      summary: 'Register a webhook endpoint (HTTPS, SSRF-validated); the secret is returned once',
      body: createWebhookRequest(config.labelMaxLength),
      headers: idempotencyKeyHeaders(
        'webhook',
        'the first answer again, its secret included',
        'API key or dashboard session',
        idempotencyWindowHours,
      ),
      responses: {
        ...ok(
          201,
          `The webhook and its secret. A repeat with the \`Idempotency-Key\` header gets this answer again, secret included, only from the same API key or session within ${idempotencyWindowHours} hours`,
          CreatedWebhook,
        ),
        ...errors(400, 401, 403, 429),
        409: {
          ...errors(409)[409]!,
          description: `The Idempotency-Key was used for a different webhook, or made this one with another API key or session, or more than ${idempotencyWindowHours} hours ago (the secret is not shown)`,
        },
      },
    },
    delete: {
      auth: 'key',
      ...outsideAllowance,
      scope: 'webhooks:write',
      tier: 'pro',
      tags,
      summary: 'Delete a webhook endpoint',
      params: IdParams,
      responses: { ...ok(200, 'Deleted', Deleted), ...errors(400, 401, 403, 404, 429) },
    },
    test: {
      auth: 'key',
      ...dashboardRoute,
      scope: 'webhooks:write',
      tier: 'pro',
      tags,
      summary: 'Send a signed test delivery',
      params: IdParams,
      rateLimit: { name: 'webhook-test', per: 'resource', limit: config.webhookTestLimitPerHour, windowSeconds: 3_600 },
      responses: { ...ok(200, 'The delivery outcome', WebhookTestResult), ...errors(400, 401, 403, 404, 429) },
    },
    deliveries: {
      auth: 'key',
      ...outsideAllowance,
      scope: 'webhooks:read',
      tier: 'pro',
      tags,
      summary: "The endpoint's last 50 delivery attempts, newest first (kept 30 days)",
      params: IdParams,
      responses: { ...ok(200, 'The delivery log', DeliveryLog), ...errors(400, 401, 403, 404, 429) },
    },
    redeliver: {
      auth: 'key',
      ...dashboardRoute,
      scope: 'webhooks:write',
      tier: 'pro',
      tags,
      summary: 'Deliver a logged event again, now (one attempt, same body and webhook-id), answered like a test',
      params: DeliveryParams,
      rateLimit: { name: 'webhook-redeliver', per: 'resource', limit: config.webhookRedeliverLimitPerHour, windowSeconds: 3_600 },
      responses: { ...ok(200, 'The delivery outcome', WebhookTestResult), ...errors(400, 401, 403, 404, 409, 429) },
    },
  } satisfies Record<string, RouteSpec>;
}

const webhooks = webhookRoutes();

export const webhooksRoutes = defineFamilyRoutes('webhooks', {
  listWebhooks: webhooks.list,
  createWebhook: webhooks.create,
  deleteWebhook: webhooks.delete,
  testWebhook: webhooks.test,
  listAccountWebhooks: webhooks.list,
  createAccountWebhook: webhooks.create,
  deleteAccountWebhook: webhooks.delete,
  testAccountWebhook: webhooks.test,
  listWebhookDeliveries: webhooks.deliveries,
  redeliverWebhookEvent: webhooks.redeliver,
  listAccountWebhookDeliveries: webhooks.deliveries,
  redeliverAccountWebhookEvent: webhooks.redeliver,
});
