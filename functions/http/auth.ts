import { createFamilyHandler } from '#shared/http/family-handler.js';

export const handler = createFamilyHandler('auth', {});
