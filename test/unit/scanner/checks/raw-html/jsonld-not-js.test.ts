import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { jsonldNotJs } from '#shared/scanner/checks/raw-html/jsonld-not-js.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';
import { euroProduct, homepageWith, richHomepage, values } from '#test/unit/scanner/checks/raw-html/fixtures.js';

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

describe('jsonld_not_js', () => {
  const organization =
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Oak & Ash","url":"https://shop.example/"}</script>';

  it('passes when JSON-LD blocks are in the raw HTML', () => {
    const { result } = run(jsonldNotJs, { homepage: homepageWith(2, organization), products: [euroProduct] });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe('2 JSON-LD blocks served in the raw HTML of the homepage and /products/item-1');
    expect(values(result)).toContain('1 JSON-LD block (Organization)');
  });

  it('warns on a malformed block, quoting the parse error', () => {
    const broken = '<script type="application/ld+json">{"@type": "Organization", "name": "Oak & Ash",}</script>';
    const { artifacts, result } = run(jsonldNotJs, { homepage: homepageWith(2, broken) });
    expect(result.status).toBe('warn');
    expect(result.summary).toMatch(/^1 JSON-LD block on the homepage does not parse \(.+\)/);
    expect(values(result)).toContain('JSON-LD block 1 does not parse');
    expect(jsonldNotJs.advise(result, artifacts).title).toBe('Fix the JSON-LD blocks that do not parse');
  });

  it('asks to add JSON-LD, not to move it out of scripts, when the pages run no script', () => {
    const { artifacts, result } = run(jsonldNotJs, { homepage: '<html><body><h1>Hollin Tea</h1><p>Loose leaf tea.</p></body></html>' });
    expect(result.status).toBe('fail');
    expect(result.summary).toBe('No JSON-LD in the raw HTML of the homepage: agents get no structured data');
    const advice = jsonldNotJs.advise(result, artifacts);
    expect(advice.title).toBe('Add JSON-LD to the HTML the server sends');
    expect(`${advice.title} ${advice.why} ${advice.fix}`).not.toContain('JavaScript');
  });

  it('fails without any JSON-LD, advising a block built from the product facts found', () => {
    const microdata = `<html><body><div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Oak Stool</h1>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="priceCurrency" content="GBP">£</span><span itemprop="price" content="89.00">89.00</span></div></div></body></html>`;
    const { artifacts, result } = run(jsonldNotJs, { homepage: richHomepage, products: [microdata] });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('No JSON-LD in the raw HTML of the homepage and /products/item-1');
    const snippet = jsonldNotJs.advise(result, artifacts).snippet ?? '';
    expect(snippet).toContain('<script type="application/ld+json">');
    expect(snippet).toContain('"name": "Oak Stool"');
    expect(snippet).toContain('"price": "89.00"');
    expect(snippet).toContain('"priceCurrency": "GBP"');
  });

  it('is not assessed when no page could be read', () => {
    expect(run(jsonldNotJs, { homepage: { failed: 'unreachable' } }).result.status).toBe('not_assessed');
  });
});
