import { describe, expect, it } from 'vitest';
import { productDataChecks } from '#shared/scanner/checks/product-data/index.js';
import type { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { Input } from '#test/unit/scanner/checks/build-artifacts.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { goodPage, page, visible } from '#test/unit/scanner/checks/product-data/fixtures.js';

const runner = checkRunner(productDataChecks);

const run = (id: string, products: Input[], extra: Partial<Parameters<typeof buildArtifacts>[0]> = {}) =>
  runner.run(id, { products, ...extra });

describe('schema_present', () => {
  it('passes with a JSON-LD Product', () => {
    const { result } = run('schema_present', [goodPage]);
    expect(result).toMatchObject({ status: 'pass', score: 1 });
  });

  it('warns when the product is only in microdata', () => {
    const microdata = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Ocean Blue Mug</h1>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="24.99">€24,99</span><meta itemprop="priceCurrency" content="EUR"></div></div>`;
    const { result } = run('schema_present', [page({ body: microdata })]);
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.evidence[0]?.value).toBe('Product only in microdata, not in JSON-LD');
  });

  it('warns when only Open Graph tags describe the product', () => {
    const { result } = run('schema_present', [
      page({ head: '<meta property="og:type" content="product"><meta property="og:title" content="Ocean Blue Mug">', body: visible }),
    ]);
    expect(result.status).toBe('warn');
    expect(result.evidence[0]?.value).toMatch(/only Open Graph product tags \(og:type "product"\)/);
  });

  it('fails without any product markup and names the broken JSON-LD block', () => {
    const { result, advice: advise } = run('schema_present', [
      page({ head: '<script type="application/ld+json">{"@type": "Product", "name": }</script>', body: visible }),
    ]);
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(result.summary).toMatch(/No Product markup on \/products\/item-1/);
    expect(result.evidence[0]?.value).toMatch(/a JSON-LD block does not parse/);
    const advice = advise();
    expect(advice.snippet).toContain('"@type": "Product"');
    expect(advice.snippet).toContain('"name": "Ocean Blue Mug"');
    expect(advice.why).toContain('https://shop.example/products/item-1');
  });

  it('averages over product pages and names the page that falls short', () => {
    const { result } = run('schema_present', [goodPage, page({ body: visible })]);
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.evidence).toEqual([
      { url: 'https://shop.example/products/item-2', value: 'no Product markup in JSON-LD, microdata, RDFa or Open Graph' },
    ]);
  });
});
