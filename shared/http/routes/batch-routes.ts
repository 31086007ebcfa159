import { getConfig } from '#shared/config.js';
import { IdParams } from '#shared/http/schemas/common-schemas.js';
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
    responses: {
      ...ok(
        202,
        'Accepted. With an `Idempotency-Key` header (1-255 visible ASCII characters), a repeat of the request answers the same and makes no second batch',
        BatchAccepted,
      ),
      ...errors(400, 401, 403),
      409: { ...errors(409)[409]!, description: 'The Idempotency-Key was used for a different batch' },
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
