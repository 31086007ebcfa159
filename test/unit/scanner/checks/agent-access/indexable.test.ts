import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { indexable } from '#shared/scanner/checks/agent-access/indexable.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';
import { cloudflareChallenge, homepage, productPage, values } from '#test/unit/scanner/checks/agent-access/fixtures.js';

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

describe('indexable', () => {
  it('passes a 200 homepage without noindex and with an on-site canonical (www counts as the same site)', () => {
    const html = homepage.replace('https://shop.example/', 'https://www.shop.example/');
    const { result } = run(indexable, { homepage: html });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe("The homepage answers 200, allow indexing and keep the canonical on the shop's own site");
  });

  it('fails a homepage with meta robots noindex', () => {
    const html = homepage.replace('<title>', '<meta name="robots" content="noindex, follow"><title>');
    const { artifacts, result } = run(indexable, { homepage: html });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('The homepage says noindex (<meta name="robots" content="noindex, follow">)');
    expect(indexable.advise(result, artifacts).snippet).toContain('<link rel="canonical" href="https://shop.example/">');
  });

  it('fails on an agent-specific noindex in meta or X-Robots-Tag, but ignores other bots', () => {
    const googlebotMeta = homepage.replace('<title>', '<meta name="googlebot" content="noindex"><title>');
    expect(run(indexable, { homepage: googlebotMeta }).result.status).toBe('fail');
    const scopedHeader = { body: homepage, headers: { 'x-robots-tag': 'max-snippet: 50, bingbot: noarchive, noindex' } };
    expect(run(indexable, { homepage: scopedHeader }).result.status).toBe('fail');
    const otherBot = { body: homepage, headers: { 'x-robots-tag': 'otherbot: noindex, nofollow' } };
    expect(run(indexable, { homepage: otherBot }).result.status).toBe('pass');
    const plainHeader = { body: homepage, headers: { 'x-robots-tag': 'noindex' } };
    expect(values(run(indexable, { homepage: plainHeader }).result)).toContain('X-Robots-Tag: noindex');
  });

  it('warns on a canonical that points to another site', () => {
    const html = homepage.replace('https://shop.example/', 'https://oak-and-ash.myshopify.com/');
    const { result } = run(indexable, { homepage: html });
    expect(result.status).toBe('warn');
    expect(result.score).toBe(0.5);
    expect(result.summary).toContain('names a canonical on another site (https://oak-and-ash.myshopify.com/)');
  });

  it('warns on more than 3 redirects before the page', () => {
    const redirects = ['http://shop.example/', 'https://shop.example/en', 'https://shop.example/en/', 'https://shop.example/en-gb/'].map(
      (url) => ({ url, status: 301 }),
    );
    const { result } = run(indexable, { homepage: { body: homepage, redirects } });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('takes 4 redirects');
  });

  it('averages over pages and names the one that errors', () => {
    const { result } = run(indexable, { homepage, products: [{ status: 404, body: productPage }] });
    expect(result.status).toBe('warn');
    expect(result.score).toBe(0.5);
    expect(result.summary).toBe('/products/item-1 answers HTTP 404');
  });

  it('fails when the homepage redirects too many times', () => {
    const { result } = run(indexable, { homepage: { failed: 'too_many_redirects' } });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('redirects too many times');
  });

  it('is not assessed behind a bot wall or when the homepage was not fetched', () => {
    expect(run(indexable, { homepage: cloudflareChallenge }).result.status).toBe('not_assessed');
    expect(run(indexable, { homepage: { skipped: 'deadline' } }).result.status).toBe('not_assessed');
  });
});
