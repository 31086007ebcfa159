import { getPublicResult, runPublicScan } from '#shared/domain/scans.js';
import { publicScannerRoutes } from '#shared/http/routes/public-scanner.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import { createDocumentClient } from '#shared/db/client.js';
import { allowedPrivateHosts } from '#shared/config.js';
import { createFetcher } from '#shared/scanner/fetch/fetcher.js';

export const operations: FamilyHandlers<'publicScanner'> = {
  createPublicScan: async (request, deps) => ({ status: 200, body: await runPublicScan(request.body.url, deps) }),
  getPublicResult: async (request, deps) => ({
    status: 200,
    body: await getPublicResult(request.params.id, deps),
    headers: { 'cache-control': `private, max-age=${deps.config.resultCacheMaxAgeSeconds}` },
  }),
};

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export const handler = createFamilyHandler({ family: 'publicScanner', routes: publicScannerRoutes, operations }, (config) => ({ db: createDocumentClient(config), fetcher: createFetcher({ allowPrivateHosts: allowedPrivateHosts(config) }) }));
