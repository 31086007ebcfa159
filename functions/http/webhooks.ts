import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';

export const operations: FamilyHandlers<'webhooks'> = {};

export const handler = createFamilyHandler('webhooks', operations);
