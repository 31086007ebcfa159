import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';

export const operations: FamilyHandlers<'scanner'> = {};

export const handler = createFamilyHandler('scanner', operations);
