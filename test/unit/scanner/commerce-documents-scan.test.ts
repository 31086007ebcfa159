/**
 * The UCP profile and the OAuth metadata end to end: the agent-ready fixture shop on loopback, the
 * scanner fetching /.well-known/ucp and both OAuth documents in its first round, `ucp_profile` and
 * `oauth_discovery` judging what came back, including a profile moved behind a redirect and metadata
 * naming another issuer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import { startShop, type ShopOptions } from '#test/fixtures/shop-server.js';
import { scanLoopbackShop } from '#test/support/loopback-scan.js';

let fetcher: Fetcher;
beforeAll(() => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
});
afterAll(async () => {
  await fetcher.close();
});

async function scanAgentReady(options: ShopOptions = {}) {
  const shop = await startShop('agent-ready', options);
  try {
    const { result } = await scanLoopbackShop(shop.origin, fetcher);
    const check = (id: string) => {
      const found = result.checks.find((c) => c.id === id);
      if (!found) throw new Error(`no check ${id}`);
      return found;
    };
    return { origin: shop.origin, requests: [...shop.requests], check };
  } finally {
    await shop.close();
  }
}

describe('UCP profile and OAuth discovery on a served shop', () => {
  it('fetches both OAuth documents and passes a current profile backed by valid metadata', async () => {
    const { origin, requests, check } = await scanAgentReady();
    expect(requests).toContain('/.well-known/oauth-authorization-server');
    expect(requests).toContain('/.well-known/oauth-protected-resource');
    const ucp = check('ucp_profile');
    expect(ucp.status).toBe('pass');
    expect(ucp.evidence.map((e) => e.value)).toEqual(
      expect.arrayContaining([
        'version: current',
        'payment handlers: com.stripe.tokenizer',
        'signing keys: 1 usable of 1 (trailhead-2026-11)',
        'served: directly, as JSON',
      ]),
    );
    expect(check('oauth_discovery')).toMatchObject({ status: 'pass', points: 1 });
    expect(check('oauth_discovery').evidence[0]).toEqual({
      url: `${origin}/.well-known/oauth-authorization-server`,
      value: `valid, issuer ${origin}`,
    });
  });

  it('fails a profile moved behind a redirect and metadata that names another issuer', async () => {
    const { origin, check } = await scanAgentReady({
      routes: {
        '/.well-known/ucp': { status: 301, headers: { location: '/agents/ucp.json' }, body: '' },
        '/agents/ucp.json': { file: '.well-known/ucp', contentType: 'application/json' },
        '/.well-known/oauth-authorization-server': {
          contentType: 'application/json',
          body: JSON.stringify({
            issuer: 'https://login.example',
            authorization_endpoint: 'https://login.example/authorize',
            token_endpoint: 'https://login.example/token',
            response_types_supported: ['code'],
          }),
        },
      },
    });
    const ucp = check('ucp_profile');
    expect(ucp.status).toBe('fail');
    expect(ucp.summary).toContain(
      `answered through a redirect (to ${origin}/agents/ucp.json) instead of directly at ${origin}/.well-known/ucp`,
    );
    // The redirected profile still declares identity linking, and the metadata it needs is broken.
    const oauth = check('oauth_discovery');
    expect(oauth.status).toBe('fail');
    expect(oauth.summary).toContain(`issuer: "https://login.example" is not ${origin}, the origin the metadata was fetched from`);
  });
});
