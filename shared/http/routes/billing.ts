import { StripeWebhookAck } from '#shared/http/schemas/account.js';
import { defineFamilyRoutes, errors, ok } from './define-routes.js';

export const billingRoutes = defineFamilyRoutes('billing', {
  stripeWebhook: {
    auth: 'none', tags: ['Billing'],
    summary: 'Stripe event receiver (signature-checked)', rawBody: true,
    responses: { ...ok(200, 'Received', StripeWebhookAck), ...errors(400) },
  },
});
