import { createBilling } from '#shared/adapters/billing/create-billing.js';
import { handleBillingEvent } from '#shared/use-cases/billing/billing-events.js';
import { manageSubscription } from '#shared/use-cases/billing/manage.js';
import { subscribe } from '#shared/use-cases/billing/subscribe.js';
import { previewUpgrade } from '#shared/use-cases/billing/preview-upgrade.js';
import { callerOf } from '#shared/http/caller-of.js';
import { billingRoutes } from '#shared/http/routes/billing-routes.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import type { Built } from '#shared/dependencies.js';
import type { Config } from '#shared/config.js';
import { createQueue } from '#shared/adapters/queue.js';
import { createTable } from '#shared/db/client.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export function wire(config: Config) {
  const table = createTable(config);
  // A plan change queues the rescans of the account's watched sites at the new depth.
  return { table, keyPepper: createPepperSource(config), billing: createBilling(config, table), queue: createQueue(config) };
}

export const operations: FamilyHandlers<'billing', Built<typeof wire>> = {
  subscribe: async (request, deps) => ({
    status: 200,
    body: await subscribe(callerOf(request), request.body.tier, deps, { prorationDate: request.body.prorationDate }),
  }),
  previewUpgrade: async (request, deps) => ({ status: 200, body: await previewUpgrade(callerOf(request), request.body.tier, deps) }),
  manageSubscription: async (request, deps) => ({ status: 200, body: await manageSubscription(callerOf(request), deps) }),
  stripeWebhook: async (request, deps) => {
    const event = await deps.billing.readEvent(request.rawBody, request.headers['stripe-signature']);
    await handleBillingEvent(event, deps);
    return { status: 200, body: { received: true } };
  },
};

export const handler = createFamilyHandler({ family: 'billing', routes: billingRoutes, operations }, wire);
