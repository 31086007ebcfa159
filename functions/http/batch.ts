import { batchRoutes } from '#shared/http/routes/batch.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import { createDocumentClient } from '#shared/db/client.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';

export const operations: FamilyHandlers<'batch'> = {};

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export const handler = createFamilyHandler({ family: 'batch', routes: batchRoutes, operations }, (config) => ({ db: createDocumentClient(config), keyPepper: createPepperSource(config) }));
