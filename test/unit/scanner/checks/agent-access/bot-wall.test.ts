import { capsFor } from '#shared/scanner/caps.js';
import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { botWall } from '#shared/scanner/checks/agent-access/bot-wall.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';
import { cloudflareChallenge, homepage, productPage, values } from '#test/unit/scanner/checks/agent-access/fixtures.js';

const dataDomeBlock = {
  url: 'https://shop.example/products/oak-stool',
  status: 403,
  headers: { 'x-datadome': 'protected' },
  body: '<html><head><title>shop.example</title></head><body><iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=abc"></iframe></body></html>',
};

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

describe('bot_wall', () => {
  it('passes when the homepage and product pages answer with content', () => {
    const { result } = run(botWall, { homepage, products: [productPage] });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe('No bot wall: the homepage and /products/item-1 answered with their content');
  });

  it('fails when a Cloudflare challenge guards the homepage, naming the vendor', () => {
    const { artifacts, result } = run(botWall, { homepage: cloudflareChallenge });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('Cloudflare bot wall blocks agents from the homepage');
    expect(values(result)).toContain('cf-mitigated: challenge');
    const advice = botWall.advise(result, artifacts);
    expect(advice.snippet).toContain('cf.verified_bot_category');
    expect(advice.why).toContain('https://shop.example/');
  });

  it('warns when only some product pages are walled', () => {
    const { artifacts, result } = run(botWall, { homepage, products: [productPage, dataDomeBlock] });
    expect(result.status).toBe('warn');
    expect(result.score).toBeCloseTo(2 / 3);
    expect(result.summary).toBe('A DataDome bot wall blocks agents from 1 product page (/products/oak-stool)');
    expect(botWall.advise(result, artifacts).fix).toContain('DataDome');
  });

  it('fails a homepage that refuses the scanner (401, 403, 429) without any vendor marker, naming the status', () => {
    for (const status of [401, 403, 429]) {
      const { artifacts, result } = run(botWall, {
        homepage: { status, headers: { 'retry-after': '30' }, body: '<html><body><h1>Go away</h1></body></html>' },
      });
      expect(result.status, String(status)).toBe('fail');
      expect(result.summary).toBe(
        `The homepage turns agents away (HTTP ${status}: the site refused the scanner, which names itself in its User-Agent)`,
      );
      expect(capsFor(artifacts)).toContainEqual(expect.objectContaining({ id: 'bot_wall', limit: 25 }));
    }
  });

  it("passes when a product page was only rate limited (429 on the scan's own burst is not a wall)", () => {
    const limited = {
      url: 'https://shop.example/products/oak-stool',
      status: 429,
      headers: { 'retry-after': '30' },
      body: 'Too Many Requests',
    };
    const { result } = run(botWall, { homepage, products: [limited] });
    expect(result.status).toBe('pass');
    expect(values(result)).toContain('rate limited: HTTP 429, Retry-After: 30');
  });

  it('is not assessed when the homepage could not be fetched', () => {
    expect(run(botWall, { homepage: { failed: 'timeout' } }).result.status).toBe('not_assessed');
  });
});
