import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';

export const operations: FamilyHandlers<'account'> = {};

export const handler = createFamilyHandler('account', operations);
