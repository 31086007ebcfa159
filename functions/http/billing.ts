import { billingRoutes } from '#shared/http/routes/billing.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import { createDocumentClient } from '#shared/db/client.js';

export const operations: FamilyHandlers<'billing'> = {};

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export const handler = createFamilyHandler({ family: 'billing', routes: billingRoutes, operations }, (config) => ({ db: createDocumentClient(config) }));
