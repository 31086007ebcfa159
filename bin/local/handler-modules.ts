import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context, ScheduledEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { QueueName } from '#shared/adapters/queue.js';
import type { Config } from '#shared/config.js';
import type { Family } from '#shared/http/route-types.js';

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2<unknown>>;
export type QueueHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;
export type SweepEvent = ScheduledEvent & { all?: boolean };
export type SweepHandler = (event: SweepEvent, context: Context) => Promise<unknown>;

/**
 * The Lambda entries, imported only when called: they read the configuration as they load, so the
 * local stack sets the environment first. Typed maps make a new family or queue a compile error here.
 */
const httpModules: Record<Family, () => Promise<{ handler: HttpHandler }>> = {
  meta: () => import('#functions/http/meta.js'),
  publicScanner: () => import('#functions/http/public-scanner.js'),
  scanner: () => import('#functions/http/scanner.js'),
  batch: () => import('#functions/http/batch.js'),
  auth: () => import('#functions/http/auth.js'),
  account: () => import('#functions/http/account.js'),
  sites: () => import('#functions/http/sites.js'),
  webhooks: () => import('#functions/http/webhooks.js'),
  // Its dependencies are built as it loads: the local provider must be there first.
  billing: async () => {
    await provideLocalBilling();
    return import('#functions/http/billing.js');
  },
  web: () => import('#functions/http/web.js'),
  mcp: () => import('#functions/http/mcp.js'),
};

const queueModules: Record<QueueName, () => Promise<{ handler: QueueHandler }>> = {
  batch: () => import('#functions/workers/batch-scan.js'),
  rescan: () => import('#functions/workers/rescan-site.js'),
  // The sweep's function also takes the weekly rule's event (loadSweepHandler).
  sweep: async () => ({ handler: (await import('#functions/workers/rescan-sweep.js')).handler as QueueHandler }),
  webhook: () => import('#functions/workers/webhook-delivery.js'),
  mail: () => import('#functions/workers/mail-sender.js'),
};

async function loadAll<K extends string, H>(modules: Record<K, () => Promise<{ handler: H }>>): Promise<Record<K, H>> {
  const keys = Object.keys(modules) as K[];
  const handlers = await Promise.all(keys.map(async (key) => (await modules[key]()).handler));
  return Object.fromEntries(keys.map((key, index) => [key, handlers[index]])) as Record<K, H>;
}

export const loadHttpHandlers = () => loadAll(httpModules);
export const loadQueueHandlers = () => loadAll(queueModules);

export async function loadSweepHandler(): Promise<SweepHandler> {
  return (await import('#functions/workers/rescan-sweep.js')).handler;
}

/**
 * Gives the shared billing factory this stack's provider for when no Stripe key is configured. Deployed
 * code knows only Stripe's (docs/decisions/098-dev-only-code-injected-locally.md).
 */
async function provideLocalBilling(): Promise<void> {
  const [{ provideBillingStandIn }, { createLocalBilling }, { localBillingStore }] = await Promise.all([
    import('#shared/adapters/billing/create-billing.js'),
    import('./local-billing.js'),
    import('./local-billing-store.js'),
  ]);
  provideBillingStandIn((config, table) => createLocalBilling(localBillingStore(table), config));
}

/** The local billing provider's pages, built on the same dependencies as the functions; null with Stripe. */
export async function loadBillingPages(config: Config) {
  const [{ usesStripe }, { createDependencies }, { createLocalBillingRoutes }] = await Promise.all([
    import('#shared/adapters/billing/create-billing.js'),
    import('#shared/all-dependencies.js'),
    import('./local-billing-routes.js'),
    provideLocalBilling(),
  ]);
  return usesStripe(config) ? null : createLocalBillingRoutes(createDependencies(config));
}
