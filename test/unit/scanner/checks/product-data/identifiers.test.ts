import { describe, expect, it } from 'vitest';
import { productDataChecks } from '#shared/scanner/checks/product-data/index.js';
import type { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { Input } from '#test/unit/scanner/checks/build-artifacts.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { fullProduct, goodPage, page } from '#test/unit/scanner/checks/product-data/fixtures.js';

const runner = checkRunner(productDataChecks);

const run = (id: string, products: Input[], extra: Partial<Parameters<typeof buildArtifacts>[0]> = {}) =>
  runner.run(id, { products, ...extra });

describe('identifiers', () => {
  it('passes with a sku and a valid GTIN', () => {
    expect(run('identifiers', [goodPage]).result.status).toBe('pass');
  });

  it('passes with brand and mpn', () => {
    const { sku: _sku, gtin13: _gtin, ...product } = fullProduct;
    expect(run('identifiers', [page({ jsonLd: [product] })]).result.status).toBe('pass');
  });

  it("warns when the GTIN's check digit is wrong", () => {
    const { mpn: _mpn, ...product } = fullProduct;
    const { result, advice: advise } = run('identifiers', [page({ jsonLd: [{ ...product, gtin13: '4006381333932' }] })]);
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.summary).toContain("GTIN 4006381333932's check digit is wrong (expected 1, found 2)");
    expect(advise().snippet).toContain('"gtin": "<13-digit EAN / 12-digit UPC>"');
  });

  it('warns with a sku only', () => {
    const { gtin13: _gtin, mpn: _mpn, ...product } = fullProduct;
    const { result } = run('identifiers', [page({ jsonLd: [product] })]);
    expect(result.status).toBe('warn');
    expect(result.evidence[0]?.value).toBe('no GTIN, and no brand + mpn (sku MUG-BLUE, brand Kiln & Co)');
  });

  it('fails without any identifier', () => {
    const { sku: _s, gtin13: _g, mpn: _m, brand: _b, ...product } = fullProduct;
    const { result, advice: advise } = run('identifiers', [page({ jsonLd: [product] })]);
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(result.summary).toMatch(/states no product identifier/);
    expect(advise().snippet).toContain('<13-digit EAN / 12-digit UPC>');
  });

  it('is not assessed without product pages', () => {
    expect(run('identifiers', [{ skipped: 'deadline' }]).result.status).toBe('not_assessed');
  });
});
