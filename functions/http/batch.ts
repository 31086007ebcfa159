import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';

export const operations: FamilyHandlers<'batch'> = {};

export const handler = createFamilyHandler('batch', operations);
