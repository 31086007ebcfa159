import { answerMcp } from '#shared/mcp/http-exchange.js';
import { mcpRoutes } from '#shared/http/routes/mcp-routes.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import type { Built } from '#shared/dependencies.js';
import { createTable } from '#shared/db/client.js';
import { createQueue } from '#shared/adapters/queue.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';
import { webBotAuthKeySource } from '#shared/adapters/web-bot-auth-key.js';
import { allowedPrivateHosts, type Config } from '#shared/config.js';
import { createFetcher } from '#shared/outbound/fetcher.js';

/** The tools scan (as the scanner function does) and add watched sites (as the sites function does). */
export function wire(config: Config) {
  return {
    table: createTable(config),
    queue: createQueue(config),
    keyPepper: createPepperSource(config),
    fetcher: createFetcher({ allowPrivateHosts: allowedPrivateHosts(config) }),
    webBotAuthKey: webBotAuthKeySource(config),
  };
}

export const operations: FamilyHandlers<'mcp', Built<typeof wire>> = {
  callMcp: (request, deps) => answerMcp(request, deps),
};

export const handler = createFamilyHandler({ family: 'mcp', routes: mcpRoutes, operations }, wire);
