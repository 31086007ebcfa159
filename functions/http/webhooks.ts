import { webhooksRoutes } from '#shared/http/routes/webhooks.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import { createDocumentClient } from '#shared/db/client.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';

export const operations: FamilyHandlers<'webhooks'> = {};

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export const handler = createFamilyHandler({ family: 'webhooks', routes: webhooksRoutes, operations }, (config) => ({ db: createDocumentClient(config), keyPepper: createPepperSource(config) }));
