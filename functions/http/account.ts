import { accountInfo } from '#shared/model/accounts/account-info.js';
import { createKey, listKeys, revokeKey, rotateKey } from '#shared/use-cases/accounts/api-keys.js';
import { callerOf } from '#shared/http/caller-of.js';
import { accountRoutes } from '#shared/http/routes/account-routes.js';
import { accountOverview } from '#shared/use-cases/accounts/overview.js';
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
  };
}

export const operations: FamilyHandlers<'account', Built<typeof wire>> = {
  getAccount: async (request, deps) => ({ status: 200, body: accountInfo(callerOf(request).account, deps.config, deps.clock.now()) }),
  getAccountOverview: async (request, deps) => ({ status: 200, body: await accountOverview(callerOf(request), deps) }),
  listApiKeys: async (request, deps) => ({ status: 200, body: await listKeys(callerOf(request), deps) }),
  createApiKey: async (request, deps) => ({ status: 201, body: await createKey(callerOf(request), request.body, deps) }),
  revokeApiKey: async (request, deps) => ({ status: 200, body: await revokeKey(callerOf(request), request.params.id, deps) }),
  rotateApiKey: async (request, deps) => ({ status: 201, body: await rotateKey(callerOf(request), request.params.id, deps) }),
};

export const handler = createFamilyHandler({ family: 'account', routes: accountRoutes, operations }, wire);
