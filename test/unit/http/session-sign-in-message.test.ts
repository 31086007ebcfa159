import { describe, expect, it } from 'vitest';
import { routeList, type OperationId } from '#shared/http/routes.js';
import { sessionSignInMessage } from '#shared/use-cases/accounts/complete-sign-in.js';

const message = sessionSignInMessage({ tier: 'free', keyLimit: 1, keyCount: 1, hours: 12 });

/** Each phrase of the message that says what a session does, with the routes it stands for. */
const canDo: Record<string, OperationId[]> = {
  'see your account': ['getAccount', 'getAccountOverview'],
  'manage API keys, webhooks and billing': [
    ...(['listApiKeys', 'createApiKey', 'revokeApiKey', 'rotateApiKey'] as const),
    ...(['listWebhooks', 'createWebhook', 'deleteWebhook', 'testWebhook', 'listWebhookDeliveries', 'redeliverWebhookEvent'] as const),
    ...([
      'listAccountWebhooks',
      'createAccountWebhook',
      'deleteAccountWebhook',
      'testAccountWebhook',
      'listAccountWebhookDeliveries',
      'redeliverAccountWebhookEvent',
    ] as const),
    ...(['subscribe', 'previewUpgrade', 'manageSubscription'] as const),
  ],
  'see, change, compare or stop watching your watched sites': [
    ...(['listWatchedSites', 'getWatchedSite', 'patchWatchedSite', 'deleteWatchedSite', 'compareWatchedSites'] as const),
    ...(['listAccountWatchedSites', 'getAccountWatchedSite', 'patchAccountWatchedSite', 'deleteAccountWatchedSite'] as const),
    ...(['getThresholds', 'putThresholds'] as const),
    // Proving a site is yours is part of managing it (docs/decisions/115-site-ownership-proof.md).
    ...(['getSiteOwnership', 'verifySiteOwnership', 'getAccountSiteOwnership', 'verifyAccountSiteOwnership'] as const),
    // So is giving (or forgetting) the ACP token its checkout drive sends (docs/decisions/117-acp-checkout-drive-credential.md).
    ...(['putSiteAcpCredential', 'deleteSiteAcpCredential'] as const),
  ],
  "read your scans' reports": ['getScanReport'],
};

/** Each phrase of the message that says what needs an API key, with the routes it stands for. */
const needsKey: Record<string, OperationId[]> = {
  'Running or reading scans through the API': ['createScan', 'getScan', 'recheckScan', 'listScans'],
  batches: ['createBatch', 'getBatch', 'listBatches'],
  'watching a new site': ['addWatchedSite', 'addAccountWatchedSite'],
  'rescanning one': ['rescanWatchedSite', 'driveSiteCheckout'],
  'threshold records': ['listSiteThresholds', 'createSiteThreshold', 'updateSiteThreshold', 'deleteSiteThreshold'],
  MCP: ['callMcp'],
};

const sorted = (ids: Iterable<string>) => [...ids].sort();

describe('what the sign-in answer says a dashboard session can do', () => {
  it('says every phrase, and the phrases cover the routes that take a session and the key routes that do not', () => {
    for (const phrase of [...Object.keys(canDo), ...Object.keys(needsKey)]) expect(message).toContain(phrase);
    const keyRoutes = routeList.filter((route) => route.auth === 'key' && route.session !== 'only');
    expect(sorted(Object.values(canDo).flat())).toEqual(
      sorted(keyRoutes.filter((route) => route.session === 'accepted').map((route) => route.operationId)),
    );
    expect(sorted(Object.values(needsKey).flat())).toEqual(
      sorted(keyRoutes.filter((route) => route.session === undefined).map((route) => route.operationId)),
    );
  });

  it('says the keys keep working and how long the session lasts', () => {
    expect(message).toMatch(/^Your free plan allows 1 API key and your account has 1: they keep working\./);
    expect(message).toContain('signed in to the dashboard for 12 hours');
  });
});
