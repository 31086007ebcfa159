import { probeTable } from '#shared/db/health-probe.js';
import { checkHealth } from '#shared/domain/health.js';
import { listPlans } from '#shared/domain/plans.js';
import { priceList } from '#shared/domain/pricing.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import { apiVersion, buildOpenApiDocument } from '#shared/http/openapi.js';
import { createDocumentClient } from '#shared/db/client.js';
import { createQueue } from '#shared/adapters/queue.js';

let openApiDocument: Record<string, unknown> | undefined;

/** Also serves API Gateway's `$default` route, so unknown paths get our 404 and wrong methods our 405. */
export const operations: FamilyHandlers<'meta'> = {
  getHealth: async (_request, deps) => {
    const report = await checkHealth(
      { dynamodb: () => probeTable(deps.db, deps.config.tableName), sqs: () => deps.queue.ping() },
      deps.clock,
      apiVersion,
    );
    return { status: report.status === 'ok' ? 200 : 503, body: report };
  },
  getPricing: async (_request, deps) => ({
    status: 200,
    body: priceList(deps.config),
    headers: { 'cache-control': 'public, max-age=300' },
  }),
  getOpenApi: async () => {
    openApiDocument ??= buildOpenApiDocument();
    return { status: 200, body: openApiDocument, headers: { 'cache-control': 'public, max-age=300' } };
  },
  listPlans: async (_request, deps) => ({
    status: 200,
    body: { plans: listPlans(deps.config) },
    headers: { 'cache-control': `public, max-age=${deps.config.plansCacheSeconds}` },
  }),
};

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export const handler = createFamilyHandler('meta', operations, (config) => ({ db: createDocumentClient(config), queue: createQueue(config) }));
