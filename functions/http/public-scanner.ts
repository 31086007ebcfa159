import { getPublicResult, runPublicScan } from '#shared/domain/scans.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';

export const operations: FamilyHandlers<'publicScanner'> = {
  createPublicScan: async (request, deps) => ({ status: 200, body: await runPublicScan(request.body.url, deps) }),
  getPublicResult: async (request, deps) => ({
    status: 200,
    body: await getPublicResult(request.params.id, deps),
    headers: { 'cache-control': `private, max-age=${deps.config.resultCacheMaxAgeSeconds}` },
  }),
};

export const handler = createFamilyHandler('publicScanner', operations);
