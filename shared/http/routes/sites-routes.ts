import { allowedPrivateHosts, getConfig } from '#shared/config.js';
import { Deleted, IdParams } from '#shared/http/schemas/common-schemas.js';
import {
  AccountSiteDetail,
  SiteDetail,
  RescanQueued,
  SiteEnvelope,
  SiteList,
  ThresholdEnvelope,
  ThresholdList,
  ThresholdParams,
  Thresholds,
  addSiteRequest,
  createThresholdRequest,
  patchThresholdRequest,
  patchAccountSiteRequest,
  patchSiteRequest,
} from '#shared/http/schemas/sites-schemas.js';
import { UnsubscribeQuery } from '#shared/http/schemas/alert-unsubscribe-schemas.js';
import { CompetitionReport } from '#shared/http/schemas/compare-schemas.js';
import {
  AcpCredentialEnvelope,
  CheckoutDriveQueued,
  OwnershipEnvelope,
  acpCredentialRequest,
  checkoutDriveRequest,
} from '#shared/http/schemas/ownership-schemas.js';
import { accountRouteLimits } from './account-route-limits.js';
import type { RouteSpec } from './define-routes.js';
import { defineFamilyRoutes, errors, ok } from './define-routes.js';

const config = getConfig();

/**
 * Managing the watchlist is configuration, like managing keys and webhooks: outside the monthly
 * allowance, open to a dashboard session, bounded by the account routes' hourly limit. Adding a site
 * stays metered and needs a key: it queues a scan (docs/decisions/068-watched-sites-in-the-dashboard.md).
 */
const outsideAllowance = { ...accountRouteLimits(config), session: 'accepted' } as const;

/** The five watchlist operations, served under both path families. */
function watchedSiteRoutes(family: 'preferred' | 'account') {
  const tags = ['Watched sites'];
  const account = family === 'account';
  return {
    list: {
      auth: 'key',
      ...outsideAllowance,
      scope: 'sites:read',
      tags,
      summary: 'List watched sites with their thresholds',
      responses: { ...ok(200, 'The watchlist', SiteList), ...errors(401, 429) },
    },
    add: {
      auth: 'key',
      scope: 'sites:write',
      tags,
      summary: 'Watch a site (SSRF-validated, normalised, de-duplicated)',
      body: addSiteRequest({ allowPrivateHosts: allowedPrivateHosts(config) }, config.watchedUrlMaxLength, config.labelMaxLength),
      responses: { ...ok(201, 'The new watched site', SiteEnvelope), ...errors(400, 401, 403, 409) },
    },
    get: {
      auth: 'key',
      ...outsideAllowance,
      scope: 'sites:read',
      tags,
      summary: 'A watched site with its score history (up to 90 snapshots, newest first)',
      params: IdParams,
      responses: { ...ok(200, 'The site', account ? AccountSiteDetail : SiteDetail), ...errors(400, 401, 404, 429) },
    },
    patch: {
      auth: 'key',
      ...outsideAllowance,
      scope: 'sites:write',
      tags,
      summary: account ? 'Update a watched site; threshold fields need growth' : 'Update a watched site',
      params: IdParams,
      body: account ? patchAccountSiteRequest(config.labelMaxLength) : patchSiteRequest(config.labelMaxLength),
      responses: { ...ok(200, 'The updated site', SiteEnvelope), ...errors(400, 401, 403, 404, 429) },
    },
    delete: {
      auth: 'key',
      ...outsideAllowance,
      scope: 'sites:write',
      tags,
      summary: 'Stop watching a site (removes its thresholds)',
      params: IdParams,
      responses: { ...ok(200, 'Deleted', Deleted), ...errors(400, 401, 404, 429) },
    },
    // Proof of ownership, as the search consoles ask it (docs/decisions/115-site-ownership-proof.md).
    getOwnership: {
      auth: 'key',
      ...outsideAllowance,
      scope: 'sites:read',
      tags,
      summary: "The site's ownership token (issued on the first ask), where to put it, and what the last check found",
      params: IdParams,
      responses: { ...ok(200, 'The ownership', OwnershipEnvelope), ...errors(400, 401, 404, 429) },
    },
    verifyOwnership: {
      auth: 'key',
      ...outsideAllowance,
      scope: 'sites:write',
      tags,
      summary:
        "Read the site's page and well-known file now for its token; 422 names what was found (no token, another site's token, nothing readable). Each rescan checks again",
      params: IdParams,
      responses: { ...ok(200, 'Proven', OwnershipEnvelope), ...errors(400, 401, 404, 422, 429) },
    },
  } satisfies Record<string, RouteSpec>;
}

const sites = watchedSiteRoutes('preferred');
const accountSites = watchedSiteRoutes('account');

export const sitesRoutes = defineFamilyRoutes('sites', {
  listWatchedSites: sites.list,
  addWatchedSite: sites.add,
  getWatchedSite: sites.get,
  patchWatchedSite: sites.patch,
  deleteWatchedSite: sites.delete,
  listAccountWatchedSites: accountSites.list,
  addAccountWatchedSite: accountSites.add,
  getAccountWatchedSite: accountSites.get,
  patchAccountWatchedSite: accountSites.patch,
  deleteAccountWatchedSite: accountSites.delete,
  getSiteOwnership: sites.getOwnership,
  verifySiteOwnership: sites.verifyOwnership,
  getAccountSiteOwnership: accountSites.getOwnership,
  verifyAccountSiteOwnership: accountSites.verifyOwnership,
  // Own sites beside competitors (issue 29; docs/decisions/090-competitor-comparison.md).
  compareWatchedSites: {
    auth: 'key',
    ...outsideAllowance,
    scope: 'sites:read',
    tier: 'growth',
    tags: ['Watched sites'],
    summary:
      'Each own watched site beside each site marked isCompetitor: overall, per dimension and per check, who is ahead, by how much and since when',
    responses: { ...ok(200, 'The comparison', CompetitionReport), ...errors(401, 403, 429) },
  },
  // A comparison across depths names the sites to rescan (docs/decisions/108-comparisons-at-one-depth.md).
  rescanWatchedSite: {
    auth: 'key',
    scope: 'sites:write',
    tags: ['Watched sites'],
    summary:
      "Rescan a watched site now, at the account's tier (metered: one call). Its result, history and alerts are a weekly rescan's; poll the site for it",
    params: IdParams,
    responses: { ...ok(202, 'The rescan is queued', RescanQueued), ...errors(400, 401, 404, 409) },
  },
  // The full checkout drive of a proven owner's site (issue 43; docs/decisions/116-owner-proven-checkout-drive.md).
  driveSiteCheckout: {
    auth: 'key',
    scope: 'sites:write',
    tier: 'pro',
    tags: ['Watched sites'],
    summary:
      "Rescan a proven site now with a checkout drive: a checkout for one product the scan sees is created at the UCP checkout its profile declares, read back, compared with the page and cancelled (never completed, no payment data). `weekly` sets whether each weekly rescan does it too. Metered: one call; 409 until the site's ownership is proven",
    params: IdParams,
    body: checkoutDriveRequest,
    optionalBody: true,
    responses: { ...ok(202, 'The rescan with its checkout drive is queued', CheckoutDriveQueued), ...errors(400, 401, 403, 404, 409) },
  },
  // The merchant's ACP token a proven site's checkout drive sends (docs/decisions/117-acp-checkout-drive-credential.md).
  putSiteAcpCredential: {
    auth: 'key',
    ...outsideAllowance,
    scope: 'sites:write',
    tier: 'pro',
    tags: ['Watched sites'],
    summary:
      'Give the bearer token your ACP checkout API issues, so a checkout drive of this site (once proven) can create, read and cancel a session there as ChatGPT would. Stored sealed and never shown again; replaces any earlier token',
    params: IdParams,
    body: acpCredentialRequest,
    responses: { ...ok(200, 'Stored', AcpCredentialEnvelope), ...errors(400, 401, 403, 404, 429) },
  },
  deleteSiteAcpCredential: {
    auth: 'key',
    ...outsideAllowance,
    scope: 'sites:write',
    tier: 'pro',
    tags: ['Watched sites'],
    summary: "Forget the site's ACP token: no checkout drive sends it again",
    params: IdParams,
    responses: { ...ok(200, 'Forgotten', AcpCredentialEnvelope), ...errors(400, 401, 403, 404, 429) },
  },
  getThresholds: {
    auth: 'key',
    ...outsideAllowance,
    scope: 'sites:read',
    tier: 'growth',
    tags: ['Watched sites'],
    summary: "A watched site's score thresholds",
    params: IdParams,
    responses: { ...ok(200, 'The thresholds', Thresholds), ...errors(400, 401, 403, 404, 429) },
  },
  putThresholds: {
    auth: 'key',
    ...outsideAllowance,
    scope: 'sites:write',
    tier: 'growth',
    tags: ['Watched sites'],
    summary: "Replace a watched site's thresholds (min below max)",
    params: IdParams,
    body: Thresholds,
    responses: { ...ok(200, 'The thresholds', Thresholds), ...errors(400, 401, 403, 404, 429) },
  },
  listSiteThresholds: {
    auth: 'key',
    scope: 'sites:read',
    tier: 'growth',
    tags: ['Thresholds'],
    summary: "A watched site's threshold records (the legacy Thresholds object views the same records)",
    params: IdParams,
    responses: { ...ok(200, 'The records and the per-site limit', ThresholdList), ...errors(400, 401, 403, 404) },
  },
  createSiteThreshold: {
    auth: 'key',
    scope: 'sites:write',
    tier: 'growth',
    tags: ['Thresholds'],
    summary: `Add a threshold record (at most ${config.thresholdsPerSiteMax} per site)`,
    params: IdParams,
    body: createThresholdRequest,
    responses: { ...ok(201, 'The new record', ThresholdEnvelope), ...errors(400, 401, 403, 404) },
  },
  updateSiteThreshold: {
    auth: 'key',
    scope: 'sites:write',
    tier: 'growth',
    tags: ['Thresholds'],
    summary: 'Change a threshold record (partial update)',
    params: ThresholdParams,
    body: patchThresholdRequest,
    responses: { ...ok(200, 'The record', ThresholdEnvelope), ...errors(400, 401, 403, 404, 409) },
  },
  deleteSiteThreshold: {
    auth: 'key',
    scope: 'sites:write',
    tier: 'growth',
    tags: ['Thresholds'],
    summary: 'Delete a threshold record',
    params: ThresholdParams,
    responses: { ...ok(200, 'Deleted', Deleted), ...errors(400, 401, 403, 404, 409) },
  },
  // The link in every alert e-mail (and its List-Unsubscribe header): no sign-in, the signed token is the proof.
  showAlertUnsubscribePage: {
    auth: 'none',
    tags: ['Watched sites'],
    query: UnsubscribeQuery,
    queryCheckedByHandler: true,
    summary: "The page an alert e-mail's unsubscribe link opens; it asks before changing anything (mail scanners open links)",
    responses: {
      200: { description: 'An HTML page naming the sites, with a button that turns their alerts off', contentType: 'text/html' },
      400: { description: 'An HTML page: the link is damaged', contentType: 'text/html' },
      404: { description: 'An HTML page: the link is not one the service made', contentType: 'text/html' },
    },
  },
  unsubscribeAlerts: {
    auth: 'none',
    tags: ['Watched sites'],
    query: UnsubscribeQuery,
    rawBody: true,
    summary:
      'One-click unsubscribe (RFC 8058; body `List-Unsubscribe=One-Click`, any body accepted): turns alerts off on the sites the token names',
    responses: {
      200: { description: 'An HTML page naming the sites whose alerts are now off', contentType: 'text/html' },
      ...errors(400, 404),
    },
  },
});
