import { getConfig } from '#shared/config.js';
import { ManageResponse, StripeWebhookAck, SubscribeRequest, SubscribeResponse } from '#shared/http/schemas/account-schemas.js';
import { UpgradePreview, UpgradePreviewRequest } from '#shared/http/schemas/upgrade-preview-schemas.js';
import { accountRouteLimits } from './account-route-limits.js';
import { defineFamilyRoutes, errors, ok } from './define-routes.js';

const config = getConfig();
const outsideAllowance = accountRouteLimits(config);

// Every route that talks to the payment provider is served by the billing function, the only one
// that loads the Stripe client and reads its secrets.
export const billingRoutes = defineFamilyRoutes('billing', {
  subscribe: {
    auth: 'key',
    ...outsideAllowance,
    session: 'accepted',
    scope: 'account:write',
    tags: ['Billing'],
    summary: 'Start a checkout for a paid tier, or upgrade immediately with proration',
    body: SubscribeRequest,
    responses: { ...ok(200, 'A checkout link or an upgrade', SubscribeResponse), ...errors(400, 401, 409, 429) },
  },
  previewUpgrade: {
    auth: 'key',
    ...outsideAllowance,
    session: 'accepted',
    scope: 'account:write',
    tags: ['Billing'],
    summary: 'What an immediate upgrade of a subscription would charge now (changes nothing)',
    body: UpgradePreviewRequest,
    responses: {
      ...ok(200, 'The prorated amount, and the prorationDate to send with the subscribe call', UpgradePreview),
      ...errors(400, 401, 429),
      409: {
        ...errors(409)[409]!,
        description:
          'Already on this tier or higher, or no subscription to change (a new subscription goes through checkout, which shows the price)',
      },
    },
  },
  manageSubscription: {
    auth: 'key',
    ...outsideAllowance,
    session: 'accepted',
    scope: 'account:write',
    tags: ['Billing'],
    summary: 'A billing portal link',
    responses: { ...ok(200, 'The portal link', ManageResponse), ...errors(401, 404, 429) },
  },
  stripeWebhook: {
    auth: 'none',
    tags: ['Billing'],
    summary: 'Stripe event receiver (signature-checked)',
    rawBody: true,
    responses: { ...ok(200, 'Received', StripeWebhookAck), ...errors(400) },
  },
});
