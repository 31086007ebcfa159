import { getPublicResult } from '#shared/use-cases/scan-results.js';
import { runPublicScan } from '#shared/use-cases/scans.js';
import { progressIdOf, readScanProgress } from '#shared/use-cases/scan-progress.js';
import { publicScannerRoutes } from '#shared/http/routes/public-scanner-routes.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import type { Built } from '#shared/dependencies.js';
import { createTable } from '#shared/db/client.js';
import { allowedPrivateHosts, type Config } from '#shared/config.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { webBotAuthKeySource } from '#shared/adapters/web-bot-auth-key.js';

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export function wire(config: Config) {
  return {
    table: createTable(config),
    fetcher: createFetcher({ allowPrivateHosts: allowedPrivateHosts(config) }),
    webBotAuthKey: webBotAuthKeySource(config),
  };
}

export const operations: FamilyHandlers<'publicScanner', Built<typeof wire>> = {
  createPublicScan: async (request, deps) => ({
    status: 200,
    body: await runPublicScan(request.body.url, deps, progressIdOf(request.headers['x-scan-progress'])),
  }),
  getPublicResult: async (request, deps) => ({
    status: 200,
    body: await getPublicResult(request.params.id, deps),
    headers: { 'cache-control': `private, max-age=${deps.config.resultCacheMaxAgeSeconds}` },
  }),
  getScanProgress: async (request, deps) => ({ status: 200, body: await readScanProgress(request.params.id, deps) }),
};

export const handler = createFamilyHandler({ family: 'publicScanner', routes: publicScannerRoutes, operations }, wire);
