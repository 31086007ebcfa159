import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';

export const operations: FamilyHandlers<'billing'> = {};

export const handler = createFamilyHandler('billing', operations);
