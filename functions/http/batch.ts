import { createQueue } from '#shared/adapters/queue.js';
import { createBatch, getBatchDetail, listBatches } from '#shared/use-cases/batches/batch-requests.js';
import { idempotencyKeyHeader } from '#shared/model/idempotency-key.js';
import { callerOf } from '#shared/http/caller-of.js';
import { batchRoutes } from '#shared/http/routes/batch-routes.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import { createTable } from '#shared/db/client.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';

export const operations: FamilyHandlers<'batch'> = {
  createBatch: async (request, deps) => ({
    status: 202,
    body: await createBatch(callerOf(request), request.body, deps, request.headers[idempotencyKeyHeader]),
  }),
  getBatch: async (request, deps) => ({ status: 200, body: await getBatchDetail(callerOf(request), request.params.id, deps) }),
  listBatches: async (request, deps) => ({ status: 200, body: await listBatches(callerOf(request), request.query, deps) }),
};

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export const handler = createFamilyHandler({ family: 'batch', routes: batchRoutes, operations }, (config) => ({
  table: createTable(config),
  keyPepper: createPepperSource(config),
  queue: createQueue(config),
}));
