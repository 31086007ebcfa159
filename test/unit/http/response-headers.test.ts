import { describe, expect, it } from 'vitest';
import { routes } from '#shared/http/routes.js';
import { callRoute } from '#test/unit/http/call-route.js';

const health = { ...routes.getHealth, operationId: 'getHealth' as const };
const openApi = { ...routes.getOpenApi, operationId: 'getOpenApi' as const };
const account = { ...routes.getAccount, operationId: 'getAccount' as const };
const signInPage = { ...routes.showSignInPage, operationId: 'showSignInPage' as const };
const result = { ...routes.getPublicResult, operationId: 'getPublicResult' as const };

describe('response headers', () => {
  it('asks a caller without a key for a Bearer key (401 with WWW-Authenticate)', async () => {
    const missing = await callRoute(account, { anonymous: true });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers?.['www-authenticate']).toBe('Bearer realm="api"');
    const refused = await callRoute(account, { headers: { authorization: 'Bearer ars_notavalidkey' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers?.['www-authenticate']).toMatch(/^Bearer realm="api", error="invalid_token"/);
  });

  it('sends the security headers, without deprecated or empty ones', async () => {
    for (const response of [await callRoute(health), await callRoute(signInPage)]) {
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'strict-transport-security': expect.stringContaining('max-age='),
      });
      const names = Object.keys(response.headers ?? {}).map((name) => name.toLowerCase());
      for (const absent of ['x-xss-protection', 'report-to', 'reporting-endpoints', 'x-powered-by']) expect(names).not.toContain(absent);
      for (const [name, value] of Object.entries(response.headers ?? {})) expect(String(value), name).not.toBe('');
    }
  });

  it('lets the sign-in page use the clipboard for its Copy button, and nothing else', async () => {
    const page = await callRoute(signInPage);
    const policy = String(page.headers?.['permissions-policy']);
    expect(policy).toContain('clipboard-write=(self)');
    expect(policy).toContain('clipboard-read=()');
    expect(policy).toContain('camera=()');
    const other = await callRoute(result, { path: `/api/results/${crypto.randomUUID()}` });
    expect(other.headers?.['permissions-policy']).toBeUndefined(); // JSON is not a document
  });

  it('answers HEAD like GET, without the body but with its length', async () => {
    // The OpenAPI document, not the health report: that one's latencies change between two calls.
    const get = await callRoute(openApi);
    const head = await callRoute(openApi, { method: 'HEAD', routeKey: 'HEAD /api/openapi.json' });
    expect(head.statusCode).toBe(get.statusCode);
    expect(head.body).toBeUndefined();
    expect(head.headers?.['content-type']).toBe(get.headers?.['content-type']);
    expect(head.headers?.['content-length']).toBe(String(Buffer.byteLength(get.body!)));
    const missing = await callRoute(result, {
      method: 'HEAD',
      routeKey: 'HEAD /api/results/{id}',
      path: `/api/results/${crypto.randomUUID()}`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBeUndefined();
  });

  it('refuses HEAD where no GET is served: 405 with Allow', async () => {
    const scan = { ...routes.createPublicScan, operationId: 'createPublicScan' as const };
    const head = await callRoute(scan, { method: 'HEAD', routeKey: '$default' });
    expect(head.statusCode).toBe(405);
    expect(head.headers?.allow).toBe('POST');
  });
});
