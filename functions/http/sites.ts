import {
  addSite,
  deleteSite,
  getSite,
  getThresholds,
  listSites,
  patchSite,
  putThresholds,
} from '#shared/use-cases/sites/manage-watched-sites.js';
import {
  createSiteThreshold,
  deleteSiteThreshold,
  listSiteThresholds,
  updateSiteThreshold,
} from '#shared/use-cases/sites/site-thresholds.js';
import { compareWatchedSites } from '#shared/use-cases/sites/compare-sites.js';
import { rescanNow } from '#shared/use-cases/sites/rescan-now.js';
import { driveCheckoutNow } from '#shared/use-cases/sites/checkout-drive-now.js';
import { getOwnership, verifyOwnership } from '#shared/use-cases/sites/prove-ownership.js';
import { deleteAcpCredential, putAcpCredential } from '#shared/use-cases/sites/acp-credential.js';
import { unsubscribeConfirmResponse, unsubscribeResponse } from '#shared/http/alert-unsubscribe-responses.js';
import { callerOf } from '#shared/http/caller-of.js';
import { sitesRoutes } from '#shared/http/routes/sites-routes.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import type { Built } from '#shared/dependencies.js';
import { createTable } from '#shared/db/client.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';
import { createSecretBox } from '#shared/adapters/secret-box.js';
import { createQueue } from '#shared/adapters/queue.js';
import { allowedPrivateHosts, type Config } from '#shared/config.js';
import { createFetcher } from '#shared/outbound/fetcher.js';

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export function wire(config: Config) {
  const keyPepper = createPepperSource(config);
  return {
    table: createTable(config),
    keyPepper,
    // The first scan of an added site, and a rescan asked for, are queued at once.
    queue: createQueue(config),
    // Ownership proof reads the site's page and well-known file, through the guarded fetcher.
    fetcher: createFetcher({ allowPrivateHosts: allowedPrivateHosts(config) }),
    // The owner's ACP token is sealed before it is stored.
    secretBox: createSecretBox(config, keyPepper),
  };
}

export const operations: FamilyHandlers<'sites', Built<typeof wire>> = {
  listWatchedSites: async (request, deps) => ({ status: 200, body: await listSites(callerOf(request), deps) }),
  addWatchedSite: async (request, deps) => ({ status: 201, body: await addSite(callerOf(request), request.body, deps) }),
  getWatchedSite: async (request, deps) => ({ status: 200, body: await getSite(callerOf(request), request.params.id, deps) }),
  patchWatchedSite: async (request, deps) => ({
    status: 200,
    body: await patchSite(callerOf(request), request.params.id, request.body, deps),
  }),
  deleteWatchedSite: async (request, deps) => ({ status: 200, body: await deleteSite(callerOf(request), request.params.id, deps) }),

  listAccountWatchedSites: async (request, deps) => ({ status: 200, body: await listSites(callerOf(request), deps) }),
  addAccountWatchedSite: async (request, deps) => ({ status: 201, body: await addSite(callerOf(request), request.body, deps) }),
  getAccountWatchedSite: async (request, deps) => {
    const { site, scoreHistory } = await getSite(callerOf(request), request.params.id, deps);
    return { status: 200, body: { site, scoreHistory } };
  },
  patchAccountWatchedSite: async (request, deps) => ({
    status: 200,
    body: await patchSite(callerOf(request), request.params.id, request.body, deps),
  }),
  deleteAccountWatchedSite: async (request, deps) => ({ status: 200, body: await deleteSite(callerOf(request), request.params.id, deps) }),

  getSiteOwnership: async (request, deps) => ({ status: 200, body: await getOwnership(callerOf(request), request.params.id, deps) }),
  verifySiteOwnership: async (request, deps) => ({ status: 200, body: await verifyOwnership(callerOf(request), request.params.id, deps) }),
  getAccountSiteOwnership: async (request, deps) => ({ status: 200, body: await getOwnership(callerOf(request), request.params.id, deps) }),
  verifyAccountSiteOwnership: async (request, deps) => ({
    status: 200,
    body: await verifyOwnership(callerOf(request), request.params.id, deps),
  }),

  compareWatchedSites: async (request, deps) => ({ status: 200, body: await compareWatchedSites(callerOf(request), deps) }),
  rescanWatchedSite: async (request, deps) => ({ status: 202, body: await rescanNow(callerOf(request), request.params.id, deps) }),
  driveSiteCheckout: async (request, deps) => ({
    status: 202,
    body: await driveCheckoutNow(callerOf(request), request.params.id, request.body, deps),
  }),

  putSiteAcpCredential: async (request, deps) => ({
    status: 200,
    body: await putAcpCredential(callerOf(request), request.params.id, request.body, deps),
  }),
  deleteSiteAcpCredential: async (request, deps) => ({
    status: 200,
    body: await deleteAcpCredential(callerOf(request), request.params.id, deps),
  }),

  getThresholds: async (request, deps) => ({ status: 200, body: await getThresholds(callerOf(request), request.params.id, deps) }),
  putThresholds: async (request, deps) => ({
    status: 200,
    body: await putThresholds(callerOf(request), request.params.id, request.body, deps),
  }),

  listSiteThresholds: async (request, deps) => ({
    status: 200,
    body: await listSiteThresholds(callerOf(request), request.params.id, deps),
  }),
  createSiteThreshold: async (request, deps) => ({
    status: 201,
    body: await createSiteThreshold(callerOf(request), request.params.id, request.body, deps),
  }),
  updateSiteThreshold: async (request, deps) => ({
    status: 200,
    body: await updateSiteThreshold(callerOf(request), request.params.id, request.params.thresholdId, request.body, deps),
  }),
  deleteSiteThreshold: async (request, deps) => ({
    status: 200,
    body: await deleteSiteThreshold(callerOf(request), request.params.id, request.params.thresholdId, deps),
  }),

  showAlertUnsubscribePage: async (request, deps) => unsubscribeConfirmResponse(request.query.token, deps),
  unsubscribeAlerts: async (request, deps) => unsubscribeResponse(request.query.token, deps),
};

export const handler = createFamilyHandler({ family: 'sites', routes: sitesRoutes, operations }, wire);
