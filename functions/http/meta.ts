import { readFile } from 'node:fs/promises';
import { probeTable } from '#shared/db/health-probe.js';
import { checkHealth } from '#shared/model/health.js';
import { listPlans } from '#shared/model/plans.js';
import { priceList } from '#shared/model/pricing.js';
import { metaRoutes } from '#shared/http/routes/meta-routes.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import type { Built } from '#shared/dependencies.js';
import type { Config } from '#shared/config.js';
import { apiVersion } from '#shared/http/api-version.js';
import { createTable } from '#shared/db/client.js';
import { lazyQueue } from '#shared/adapters/lazy-queue.js';
import { webBotAuthKeySource } from '#shared/adapters/web-bot-auth-key.js';
import { signatureDirectory } from '#shared/use-cases/signature-directory.js';
import { platformProfile } from '#shared/use-cases/ucp-platform-profile.js';

/** The OpenAPI document's file beside the bundle, named by the bundler (lib/function-bundling.ts); absent when run from source. */
declare const PREBUILT_OPENAPI_DOCUMENT_FILE: string | undefined;

let openApiDocument: Record<string, unknown> | undefined;

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export function wire(config: Config) {
  return {
    table: createTable(config),
    queue: lazyQueue(async () => (await import('#shared/adapters/queue.js')).createQueue(config)),
    webBotAuthKey: webBotAuthKeySource(config),
  };
}

export const operations: FamilyHandlers<'meta', Built<typeof wire>> = {
  getHealth: async (_request, deps) => {
    const report = await checkHealth({ dynamodb: () => probeTable(deps.table), sqs: () => deps.queue.ping() }, deps.clock, apiVersion);
    return { status: report.status === 'ok' ? 200 : 503, body: report };
  },
  getPricing: async (_request, deps) => ({
    status: 200,
    body: priceList(deps.config),
    headers: { 'cache-control': 'public, max-age=300' },
  }),
  getOpenApi: async () => {
    // The document needs every family's schemas and the generator: a bundled function has it built
    // beside its code; from source (dev server, tests) it is built on first use.
    openApiDocument ??=
      typeof PREBUILT_OPENAPI_DOCUMENT_FILE === 'string'
        ? (JSON.parse(await readFile(new URL(PREBUILT_OPENAPI_DOCUMENT_FILE, import.meta.url), 'utf8')) as Record<string, unknown>)
        : (await import('#shared/http/openapi.js')).buildOpenApiDocument();
    return { status: 200, body: openApiDocument, headers: { 'cache-control': 'public, max-age=300' } };
  },
  getSignatureDirectory: async (_request, deps) => {
    const directory = await signatureDirectory(deps);
    return { status: 200, text: directory.body, headers: directory.headers };
  },
  getPlatformProfile: async () => ({
    status: 200,
    body: platformProfile(),
    // UCP: a profile MUST be cacheable, public with a max-age of at least 60 seconds.
    headers: { 'cache-control': 'public, max-age=3600' },
  }),
  listPlans: async (_request, deps) => ({
    status: 200,
    body: { plans: listPlans(deps.config) },
    headers: { 'cache-control': `public, max-age=${deps.config.plansCacheSeconds}` },
  }),
};

export const handler = createFamilyHandler({ family: 'meta', routes: metaRoutes, operations }, wire);
