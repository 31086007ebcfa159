import { describe, expect, it } from 'vitest';
import { edgeAgentAccess } from '#shared/scanner/checks/agent-access/edge-agent-access.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import { cloudflareChallenge, homepage, productPage } from '#test/unit/scanner/checks/agent-access/fixtures.js';

const product = productPage.replace(
  '</head>',
  '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Walnut desk","offers":{"@type":"Offer","price":"1299.00","priceCurrency":"GBP"}}</script></head>',
);

describe('edge_agent_access', () => {
  it('passes when every family was served as the scanner was', () => {
    const result = edgeAgentAccess.evaluate(buildArtifacts({ homepage, products: [product], edgeProbe: {} }));
    expect(result.status).toBe('pass');
    expect(result.summary).toBe("The shop's edge served 9 assistants' User-Agents as it served the scanner");
    expect(result.evidence).toHaveLength(18);
    expect(result.evidence[0]).toEqual({ url: 'https://shop.example/', value: 'ChatGPT-User: scanner HTTP 200; agent HTTP 200 (served)' });
  });

  it('scores the share of families served, naming each blocked token and its answers', () => {
    const artifacts = buildArtifacts({
      homepage,
      products: [product],
      edgeProbe: {
        chatgpt: { homepage: { status: 403, body: 'Forbidden' }, product: { status: 403, body: 'Forbidden' } },
        meta: { homepage: { status: 503, body: 'Service unavailable' }, product: { status: 503, body: 'Service unavailable' } },
        amazon: { product: '<html><body><p>Please enable JavaScript.</p></body></html>' },
      },
    });
    const result = edgeAgentAccess.evaluate(artifacts);
    expect(result.status).toBe('warn');
    expect(result.score).toBeCloseTo(6 / 9);
    expect(result.summary).toBe(
      "The shop's edge answers 3 of 9 assistants' User-Agents differently from the scanner's: ChatGPT-User refused (HTTP 403 at https://shop.example/ and HTTP 403 at https://shop.example/products/item-1); Amzn-User served without the product facts (HTTP 200, without the product's name and price at https://shop.example/products/item-1); Meta-ExternalFetcher answered with an error (HTTP 503 at https://shop.example/ and HTTP 503 at https://shop.example/products/item-1)",
    );
    const advice = edgeAgentAccess.advise(result, artifacts);
    expect(advice.why).toContain('ChatGPT-User: scanner HTTP 200; agent HTTP 403 (refused)');
    expect(advice.fix).not.toContain('Cloudflare');
  });

  it('takes a 429 or a 5xx for a rule on the User-Agent only when that family alone got it, on every page', () => {
    const busy = { status: 429, body: 'Too many requests' };
    // The shop's rate limit, tripped by the probe's own requests: two families get 429, neither is blocked.
    const rateLimited = edgeAgentAccess.evaluate(
      buildArtifacts({ homepage, products: [product], edgeProbe: { mistral: { product: busy }, meta: { homepage: busy, product: busy } } }),
    );
    expect(rateLimited.status).toBe('pass');
    // One 503 beside a served page is chance, not a rule.
    const once = edgeAgentAccess.evaluate(
      buildArtifacts({ homepage, products: [product], edgeProbe: { claude: { product: { status: 503, body: 'Unavailable' } } } }),
    );
    expect(once.status).toBe('pass');
    // One family answered 429 on every page while every other family was served: a rule for that User-Agent.
    const onlyOne = edgeAgentAccess.evaluate(
      buildArtifacts({ homepage, products: [product], edgeProbe: { perplexity: { homepage: busy, product: busy } } }),
    );
    expect(onlyOne.status).toBe('warn');
    expect(onlyOne.summary).toContain('Perplexity-User refused (HTTP 429');
  });

  it('fails when no family was served, and names the vendor a challenge names', () => {
    const walled = { homepage: cloudflareChallenge };
    const artifacts = buildArtifacts({
      homepage,
      edgeProbe: {
        chatgpt: walled,
        google: walled,
        perplexity: walled,
        claude: walled,
        copilot: walled,
        amazon: walled,
        apple: walled,
        meta: walled,
        mistral: walled,
      },
    });
    const result = edgeAgentAccess.evaluate(artifacts);
    expect(result.status).toBe('fail');
    expect(edgeAgentAccess.advise(result, artifacts).fix).toContain('The responses name Cloudflare');
  });

  it('is not assessed on the free tier, and when the scanner itself was not served', () => {
    const free = edgeAgentAccess.evaluate(buildArtifacts({ homepage }));
    expect(free).toMatchObject({ status: 'not_assessed', summary: "The free scan never asks with an assistant's User-Agent" });
    const walled = edgeAgentAccess.evaluate(buildArtifacts({ tier: 'pro', homepage: cloudflareChallenge, edgeProbe: {} }));
    expect(walled.status).toBe('not_assessed');
    expect(walled.summary).toContain("The scanner's own request was not served");
    const noAnswer = edgeAgentAccess.evaluate(
      buildArtifacts({ tier: 'pro', homepage, edgeProbe: { chatgpt: { homepage: { failed: 'timeout' } } } }),
    );
    expect(noAnswer.status).toBe('pass');
    expect(noAnswer.evidence[0]!.value).toBe('ChatGPT-User: scanner HTTP 200; agent no answer (timeout) (not compared)');
  });
});
