import { createSecretBox } from '#shared/adapters/secret-box.js';
import { lazyWebhookSender } from '#shared/adapters/lazy-webhook-sender.js';
import { allowedPrivateHosts, type Config } from '#shared/config.js';
import { listDeliveries, redeliverEvent, testWebhook } from '#shared/use-cases/webhooks/webhook-deliveries.js';
import { idempotencyKeyHeader } from '#shared/model/idempotency-key.js';
import { createWebhook, deleteWebhook, listWebhooks } from '#shared/use-cases/webhooks/webhook-endpoints.js';
import { callerOf } from '#shared/http/caller-of.js';
import { webhooksRoutes } from '#shared/http/routes/webhooks-routes.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import type { Built } from '#shared/dependencies.js';
import { createTable } from '#shared/db/client.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export function wire(config: Config) {
  const keyPepper = createPepperSource(config);
  return {
    table: createTable(config),
    keyPepper,
    secretBox: createSecretBox(config, keyPepper),
    // Only a test delivery sends; the sender (node:https, the dispatcher) is loaded then.
    webhookSender: lazyWebhookSender(async () =>
      (await import('#shared/adapters/webhook-sender.js')).createWebhookSender({
        policy: { allowPrivateHosts: allowedPrivateHosts(config) },
      }),
    ),
  };
}

/** Both path families are the same operations (their handler types differ only in the path). */
export const operations: FamilyHandlers<'webhooks', Built<typeof wire>> = {
  listWebhooks: async (request, deps) => ({ status: 200, body: await listWebhooks(callerOf(request), deps) }),
  createWebhook: async (request, deps) => ({
    status: 201,
    body: await createWebhook(callerOf(request), request.body, deps, request.headers[idempotencyKeyHeader]),
  }),
  deleteWebhook: async (request, deps) => ({ status: 200, body: await deleteWebhook(callerOf(request), request.params.id, deps) }),
  testWebhook: async (request, deps) => ({
    status: 200,
    body: await testWebhook(callerOf(request), request.params.id, deps, request.timeLeftMs),
  }),
  listWebhookDeliveries: async (request, deps) => ({ status: 200, body: await listDeliveries(callerOf(request), request.params.id, deps) }),
  redeliverWebhookEvent: async (request, deps) => ({
    status: 200,
    body: await redeliverEvent(callerOf(request), request.params.id, request.params.eventId, deps, request.timeLeftMs),
  }),
  listAccountWebhooks: async (request, deps) => ({ status: 200, body: await listWebhooks(callerOf(request), deps) }),
  createAccountWebhook: async (request, deps) => ({
    status: 201,
    body: await createWebhook(callerOf(request), request.body, deps, request.headers[idempotencyKeyHeader]),
  }),
  deleteAccountWebhook: async (request, deps) => ({ status: 200, body: await deleteWebhook(callerOf(request), request.params.id, deps) }),
  testAccountWebhook: async (request, deps) => ({
    status: 200,
    body: await testWebhook(callerOf(request), request.params.id, deps, request.timeLeftMs),
  }),
  listAccountWebhookDeliveries: async (request, deps) => ({
    status: 200,
    body: await listDeliveries(callerOf(request), request.params.id, deps),
  }),
  redeliverAccountWebhookEvent: async (request, deps) => ({
    status: 200,
    body: await redeliverEvent(callerOf(request), request.params.id, request.params.eventId, deps, request.timeLeftMs),
  }),
};

export const handler = createFamilyHandler({ family: 'webhooks', routes: webhooksRoutes, operations }, wire);
