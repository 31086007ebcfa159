import { reportContent } from '#shared/http/pages/report-page.js';
import { getAccountScan, listAccountScans } from '#shared/use-cases/scan-results.js';
import { runAccountScan } from '#shared/use-cases/scans.js';
import { recheckScan } from '#shared/use-cases/recheck-scan.js';
import { progressIdOf } from '#shared/use-cases/scan-progress.js';
import { callerOf } from '#shared/http/caller-of.js';
import { scannerRoutes } from '#shared/http/routes/scanner-routes.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import type { Built } from '#shared/dependencies.js';
import { createTable } from '#shared/db/client.js';
import { createQueue } from '#shared/adapters/queue.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';
import { webBotAuthKeySource } from '#shared/adapters/web-bot-auth-key.js';
import { allowedPrivateHosts, type Config } from '#shared/config.js';
import { createFetcher } from '#shared/outbound/fetcher.js';

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export function wire(config: Config) {
  return {
    table: createTable(config),
    queue: createQueue(config),
    keyPepper: createPepperSource(config),
    fetcher: createFetcher({ allowPrivateHosts: allowedPrivateHosts(config) }),
    webBotAuthKey: webBotAuthKeySource(config),
  };
}

export const operations: FamilyHandlers<'scanner', Built<typeof wire>> = {
  createScan: async (request, deps) => ({
    status: 200,
    body: await runAccountScan(request.body.url, callerOf(request), deps, progressIdOf(request.headers['x-scan-progress'])),
  }),
  getScan: async (request, deps) => ({ status: 200, body: await getAccountScan(request.params.id, callerOf(request), deps) }),
  recheckScan: async (request, deps) => ({
    status: 200,
    body: await recheckScan(request.params.id, request.body.checks, callerOf(request), deps),
  }),
  getScanReport: async (request, deps) => ({
    status: 200,
    // A fragment for the dashboard's script, never a page of its own: nothing in it may run.
    html: reportContent(await getAccountScan(request.params.id, callerOf(request), deps), null).value,
    headers: { 'x-robots-tag': 'noindex' },
  }),
  listScans: async (request, deps) => ({ status: 200, body: await listAccountScans(callerOf(request), request.query, deps) }),
};

export const handler = createFamilyHandler({ family: 'scanner', routes: scannerRoutes, operations }, wire);
