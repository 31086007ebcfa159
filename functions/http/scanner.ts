import { getAccountScan, listAccountScans, runAccountScan } from '#shared/domain/scans.js';
import { callerOf } from '#shared/http/caller-of.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';

export const operations: FamilyHandlers<'scanner'> = {
  createScan: async (request, deps) => ({ status: 200, body: await runAccountScan(request.body.url, callerOf(request), deps) }),
  getScan: async (request, deps) => ({ status: 200, body: await getAccountScan(request.params.id, callerOf(request), deps) }),
  listScans: async (request, deps) => ({ status: 200, body: await listAccountScans(callerOf(request), request.query, deps) }),
};

export const handler = createFamilyHandler('scanner', operations);
