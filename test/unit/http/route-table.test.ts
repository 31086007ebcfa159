import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { families, routeKey } from '#shared/http/route-types.js';
import { routeList } from '#shared/http/routes.js';

/** Every method and path of the spec, copied from its endpoint tables. */
const specRoutes = [
  'POST /api/scan',
  'GET /api/results/{id}',
  'GET /api/pricing',
  'GET /api/health',
  'POST /api/v1/scan',
  'GET /api/v1/scan/{id}',
  'GET /api/v1/scans',
  'POST /api/v1/batch/scan',
  'GET /api/v1/batch/scan/{id}',
  'GET /api/v1/batch/scans',
  'POST /api/v1/auth/register',
  'GET /api/v1/account',
  'GET /api/v1/account/plans',
  'POST /api/v1/account/subscribe',
  'POST /api/v1/account/manage',
  'GET /api/v1/account/api-keys',
  'POST /api/v1/account/api-keys',
  'DELETE /api/v1/account/api-keys/{id}',
  'GET /api/v1/watched-sites',
  'POST /api/v1/watched-sites',
  'GET /api/v1/watched-sites/{id}',
  'PATCH /api/v1/watched-sites/{id}',
  'DELETE /api/v1/watched-sites/{id}',
  'GET /api/v1/account/watched-sites',
  'POST /api/v1/account/watched-sites',
  'GET /api/v1/account/watched-sites/{id}',
  'PATCH /api/v1/account/watched-sites/{id}',
  'DELETE /api/v1/account/watched-sites/{id}',
  'GET /api/v1/account/watched-sites/{id}/thresholds',
  'PUT /api/v1/account/watched-sites/{id}/thresholds',
  ...['/api/v1/account/webhooks', '/api/v1/webhooks'].flatMap((base) => [
    `GET ${base}`,
    `POST ${base}`,
    `DELETE ${base}/{id}`,
    `POST ${base}/{id}/test`,
  ]),
];

const designRoutes = [
  'GET /api/v1/auth/verify',
  'POST /api/v1/auth/verify',
  // Sign-out of a dashboard session, and rotating a key (docs/decisions/009-dashboard-sessions.md).
  'DELETE /api/v1/auth/session',
  'POST /api/v1/account/api-keys/{id}/rotate',
  // The prorated amount of an upgrade, shown before it is charged (docs/decisions/066-pricing-truth-and-upgrade-consent.md).
  'POST /api/v1/account/subscribe/preview',
  'POST /api/billing/stripe/webhook',
  'GET /api/openapi.json',
  // The scanner's Web Bot Auth key directory, which its signed requests name (docs/decisions/061-web-bot-auth-key.md).
  'GET /.well-known/http-message-signatures-directory',
  // The dashboard's one request and an owned scan's report for it (docs/guide.md, "Web pages").
  'GET /api/v1/account/overview',
  'GET /api/v1/scan/{id}/report',
  // Re-check a fix on a scan's pages (docs/decisions/089-recheck-a-fix.md).
  'POST /api/v1/scan/{id}/recheck',
  // The public scanner page reads a running scan's stage (docs/guide.md, "Web pages").
  'GET /api/scan-progress/{id}',
  // The thresholds-management area the spec leaves open (docs/decisions/031-threshold-records.md).
  'GET /api/v1/watched-sites/{id}/thresholds',
  'POST /api/v1/watched-sites/{id}/thresholds',
  'PATCH /api/v1/watched-sites/{id}/thresholds/{thresholdId}',
  'DELETE /api/v1/watched-sites/{id}/thresholds/{thresholdId}',
  // The webhook delivery log and redelivery, beyond the spec's four operations (docs/guide.md, "Webhooks").
  ...['/api/v1/account/webhooks', '/api/v1/webhooks'].flatMap((base) => [
    `GET ${base}/{id}/deliveries`,
    `POST ${base}/{id}/deliveries/{eventId}/redeliver`,
  ]),
  // The unsubscribe link of alert e-mails, with no key: its signed token is the proof (docs/decisions/034-alert-mail-unsubscribe.md).
  'GET /api/v1/alerts/unsubscribe',
  'POST /api/v1/alerts/unsubscribe',
  // The MCP server over streamable HTTP, stateless (issue 29; docs/decisions/081-mcp-over-stateless-http.md).
  'POST /mcp',
  // Own sites beside competitors (issue 29; docs/decisions/090-competitor-comparison.md).
  'GET /api/v1/watched-sites/compare',
  // The rescan a comparison across depths offers (issue 41; docs/decisions/108-comparisons-at-one-depth.md).
  'POST /api/v1/watched-sites/{id}/rescan',
  // Proof that a watched site is its owner's (issue 43; docs/decisions/115-site-ownership-proof.md).
  ...['/api/v1/account/watched-sites', '/api/v1/watched-sites'].flatMap((base) => [
    `GET ${base}/{id}/ownership`,
    `POST ${base}/{id}/ownership/verify`,
  ]),
  // The checkout drive of a proven site, and the UCP platform profile its requests name (docs/decisions/116-owner-proven-checkout-drive.md).
  'POST /api/v1/watched-sites/{id}/checkout-drive',
  'GET /.well-known/ucp',
  // The merchant's ACP token such a drive sends (docs/decisions/117-acp-checkout-drive-credential.md).
  'PUT /api/v1/watched-sites/{id}/acp-credential',
  'DELETE /api/v1/watched-sites/{id}/acp-credential',
];

/** Pages for people in a browser (docs/guide.md, "Web pages"): HTML, not part of the API document. */
const webRoutes = [
  'GET /',
  'GET /r/{id}',
  'GET /docs',
  'GET /sign-in',
  'GET /app',
  'GET /app/scans/{id}',
  'GET /app/sites/{id}',
  'GET /assets/{file}',
  'GET /pricing',
  // Badges: SVG images, in the API document too (issue 29; docs/decisions/087-badge-routes.md).
  'GET /r/{id}/badge.svg',
  'GET /badge/{file}',
];

const unauthenticated = [
  'POST /api/scan',
  'GET /api/results/{id}',
  'GET /api/pricing',
  'GET /api/health',
  'POST /api/v1/auth/register',
  'GET /api/v1/account/plans',
];

const byKey = new Map(routeList.map((route) => [routeKey(route), route]));

describe('route table', () => {
  it('has every route of the spec and of the design, and nothing else', () => {
    expect([...byKey.keys()].sort()).toEqual([...specRoutes, ...designRoutes, ...webRoutes].sort());
  });

  it('lists each method and path once', () => {
    expect(byKey.size).toBe(routeList.length);
  });

  it('requires a key on every spec route the spec does not name as public', () => {
    for (const key of specRoutes) {
      expect(byKey.get(key)?.auth, key).toBe(unauthenticated.includes(key) ? 'none' : 'key');
    }
  });

  it('validates every {id} path parameter of the API', () => {
    for (const route of routeList.filter((r) => r.path.includes('{id}') && r.family !== 'web')) {
      const others = {
        ...(route.path.includes('{thresholdId}') ? { thresholdId: crypto.randomUUID() } : {}),
        ...(route.path.includes('{eventId}') ? { eventId: crypto.randomUUID() } : {}),
      };
      expect(route.params?.safeParse({ id: 'not-a-uuid', ...others }).success, routeKey(route)).toBe(false);
      expect(route.params?.safeParse({ id: crypto.randomUUID(), ...others }).success, routeKey(route)).toBe(true);
    }
  });

  it('applies the tier gates of the spec', () => {
    const tierOf = (key: string) => byKey.get(key)?.tier;
    for (const key of ['POST /api/v1/batch/scan', 'GET /api/v1/batch/scan/{id}', 'GET /api/v1/batch/scans'])
      expect(tierOf(key)).toBe('growth');
    for (const key of specRoutes.filter((k) => k.includes('/webhooks'))) expect(tierOf(key), key).toBe('pro');
    for (const key of specRoutes.filter((k) => k.endsWith('/thresholds'))) expect(tierOf(key), key).toBe('growth');
  });

  it('applies the rate limits of the spec', () => {
    expect(byKey.get('POST /api/scan')?.rateLimit).toMatchObject({ per: 'ip', limit: 3, windowSeconds: 86_400 });
    expect(byKey.get('POST /api/scan')?.attemptLimit).toMatchObject({ per: 'ip', limit: 10, windowSeconds: 86_400 });
    expect(byKey.get('POST /api/scan')?.attemptLimit?.refundWhen).toBeUndefined();
    expect(byKey.get('GET /api/pricing')?.rateLimit).toMatchObject({ per: 'ip', limit: 100, windowSeconds: 3_600 });
    expect(byKey.get('POST /api/v1/auth/register')?.rateLimit).toMatchObject({ per: 'ip', limit: 3, windowSeconds: 3_600 });
    expect(byKey.get('POST /api/v1/webhooks/{id}/test')?.rateLimit).toMatchObject({ limit: 5, windowSeconds: 3_600 });
    expect(byKey.get('GET /api/health')?.rateLimit).toBeUndefined();
    expect(byKey.get('GET /api/results/{id}')?.rateLimit).toBeUndefined();
  });

  it('takes dashboard sessions on the dashboard routes only, none of them metered', () => {
    const sessionRoutes = routeList.filter((route) => route.session !== undefined);
    expect(sessionRoutes.map(routeKey).sort()).toEqual(
      [
        'GET /api/v1/account',
        'GET /api/v1/account/overview',
        'GET /api/v1/account/api-keys',
        'POST /api/v1/account/api-keys',
        'DELETE /api/v1/account/api-keys/{id}',
        'POST /api/v1/account/api-keys/{id}/rotate',
        'POST /api/v1/account/subscribe',
        // The upgrade's amount before consent (docs/decisions/066-pricing-truth-and-upgrade-consent.md).
        'POST /api/v1/account/subscribe/preview',
        'POST /api/v1/account/manage',
        'GET /api/v1/scan/{id}/report',
        'DELETE /api/v1/auth/session',
        // Webhook management, under both path families (docs/decisions/067-webhooks-in-the-dashboard.md).
        ...['/api/v1/account/webhooks', '/api/v1/webhooks'].flatMap((base) => [
          `GET ${base}`,
          `POST ${base}`,
          `DELETE ${base}/{id}`,
          `POST ${base}/{id}/test`,
          `GET ${base}/{id}/deliveries`,
          `POST ${base}/{id}/deliveries/{eventId}/redeliver`,
        ]),
        // Watchlist management, under both path families (docs/decisions/068-watched-sites-in-the-dashboard.md).
        ...['/api/v1/account/watched-sites', '/api/v1/watched-sites'].flatMap((base) => [
          `GET ${base}`,
          `GET ${base}/{id}`,
          `PATCH ${base}/{id}`,
          `DELETE ${base}/{id}`,
          `GET ${base}/{id}/ownership`,
          `POST ${base}/{id}/ownership/verify`,
        ]),
        'GET /api/v1/account/watched-sites/{id}/thresholds',
        'PUT /api/v1/account/watched-sites/{id}/thresholds',
        'GET /api/v1/watched-sites/compare',
        // The ACP token a proven site's checkout drive sends (docs/decisions/117-acp-checkout-drive-credential.md).
        'PUT /api/v1/watched-sites/{id}/acp-credential',
        'DELETE /api/v1/watched-sites/{id}/acp-credential',
      ].sort(),
    );
    for (const route of sessionRoutes) {
      expect(route.auth, routeKey(route)).toBe('key');
      expect(route.metered, routeKey(route)).toBe(false);
      expect(route.session, routeKey(route)).toBe(route.operationId === 'signOut' ? 'only' : 'accepted');
    }
  });

  it('has one Lambda entry file per family', () => {
    const entries = readdirSync(new URL('../../../functions/http/', import.meta.url)).sort();
    const expected = families.map((family) => `${family.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.ts`).sort();
    expect(entries).toEqual(expected);
  });
});
