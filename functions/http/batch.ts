import { createQueue } from '#shared/adapters/queue.js';
import { createBatch, getBatchDetail, listBatches } from '#shared/use-cases/batches/batch-requests.js';
import { idempotencyKeyHeader } from '#shared/model/idempotency-key.js';
import { callerOf } from '#shared/http/caller-of.js';
import { batchRoutes } from '#shared/http/routes/batch-routes.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import type { Built } from '#shared/dependencies.js';
import type { Config } from '#shared/config.js';
import { createTable } from '#shared/db/client.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export function wire(config: Config) {
  return {
    table: createTable(config),
    keyPepper: createPepperSource(config),
    queue: createQueue(config),
  };
}

export const operations: FamilyHandlers<'batch', Built<typeof wire>> = {
  createBatch: async (request, deps) => ({
    status: 202,
    body: await createBatch(callerOf(request), request.body, deps, request.headers[idempotencyKeyHeader]),
  }),
  getBatch: async (request, deps) => ({ status: 200, body: await getBatchDetail(callerOf(request), request.params.id, deps) }),
  listBatches: async (request, deps) => ({ status: 200, body: await listBatches(callerOf(request), request.query, deps) }),
};

export const handler = createFamilyHandler({ family: 'batch', routes: batchRoutes, operations }, wire);
