import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';

export const operations: FamilyHandlers<'auth'> = {};

export const handler = createFamilyHandler('auth', operations);
