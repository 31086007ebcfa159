import { getConfig } from '#shared/config.js';
import { IdParams, idempotencyKeyHeaders } from '#shared/http/schemas/common-schemas.js';
import { idempotencyWindowHours } from '#shared/model/idempotency-key.js';
import { BatchAccepted, BatchDetail, BatchList, batchScanRequest } from '#shared/http/schemas/batch-schemas.js';
import { listScansQuery, RateLimitError } from '#shared/http/schemas/scan-schemas.js';
import { defineFamilyRoutes, errors, ok } from './define-routes.js';

const config = getConfig();

export const batchRoutes = defineFamilyRoutes('batch', {
  createBatch: {
    auth: 'key',
    scope: 'scanner:read',
    tier: 'growth',
    tags: ['Batch'],
    summary: 'Submit up to 50 URLs for asynchronous scanning',
    body: batchScanRequest(config.batchMaxUrls, config.labelMaxLength),
    headers: idempotencyKeyHeaders('batch', 'the same 202', 'API key', idempotencyWindowHours),
    responses: {
      ...ok(
        202,
        `Accepted. A repeat with the \`Idempotency-Key\` header gets this answer again, and no second batch, from the same API key within ${idempotencyWindowHours} hours`,
        BatchAccepted,
      ),
      ...errors(400, 401, 403),
      409: {
        ...errors(409)[409]!,
        description: `The Idempotency-Key was used for a different batch, or submitted this one with another API key, or more than ${idempotencyWindowHours} hours ago`,
      },
      429: {
        description: `The monthly API call allowance is used up, or the account already has ${config.batchesOutstandingMax} batches pending or processing (setting batchesOutstandingMax); see Retry-After`,
        schema: RateLimitError,
      },
    },
  },
  getBatch: {
    auth: 'key',
    scope: 'scanner:read',
    tier: 'growth',
    tags: ['Batch'],
    summary: 'A batch with its per-URL results',
    params: IdParams,
    responses: { ...ok(200, 'The batch', BatchDetail), ...errors(400, 401, 403, 404) },
  },
  listBatches: {
    auth: 'key',
    scope: 'scanner:read',
    tier: 'growth',
    tags: ['Batch'],
    summary: "The caller's batches, newest first",
    query: listScansQuery(config.listScansDefaultLimit, config.listScansMaxLimit, config.listScansMaxOffset),
    responses: { ...ok(200, 'The batches', BatchList), ...errors(401, 403) },
  },
});
