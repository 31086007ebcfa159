import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';

export const operations: FamilyHandlers<'sites'> = {};

export const handler = createFamilyHandler('sites', operations);
