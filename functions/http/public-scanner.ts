import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';

export const operations: FamilyHandlers<'publicScanner'> = {};

export const handler = createFamilyHandler('publicScanner', operations);
