import { gtinCheckDigit, isValidGtin } from '#shared/scanner/extract/index.js';
import type { ProductFacts } from '#shared/scanner/extract/index.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { outcome } from '#shared/scanner/checks/types.js';
import { productPagesToAssess } from '#shared/scanner/checks/read-artifacts.js';
import type { MarkupProductPage } from '#shared/scanner/checks/read-artifacts.js';
import { average, pageList, productSnippet, shortfallEvidence } from './per-page.js';
import type { PageResult } from './per-page.js';

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** Why a GTIN is not valid, or null when it is. */
export function gtinProblem(gtin: string): string | null {
  if (isValidGtin(gtin)) return null;
  if (/^0+$/.test(gtin)) return `GTIN ${gtin} is an all-zero placeholder`;
  if (!GTIN_LENGTHS.has(gtin.length)) return `GTIN ${gtin} has ${gtin.length} digits (a GTIN has 8, 12, 13 or 14)`;
  return `GTIN ${gtin}'s check digit is wrong (expected ${gtinCheckDigit(gtin.slice(0, -1))}, found ${gtin.slice(-1)})`;
}

function validGtin(gtin: string | null): string | null {
  return gtin !== null && isValidGtin(gtin) ? gtin : null;
}

function stated(facts: ProductFacts | null): string {
  if (facts === null) return 'no product facts';
  const parts = [
    facts.sku && `sku ${facts.sku}`,
    facts.gtin && `gtin ${facts.gtin}`,
    facts.brand && `brand ${facts.brand}`,
    facts.mpn && `mpn ${facts.mpn}`,
  ].filter((p): p is string => typeof p === 'string');
  return parts.length === 0 ? 'no sku, gtin, mpn or brand' : parts.join(', ');
}

function judgePage(page: MarkupProductPage): PageResult {
  const facts = page.product;
  const { sku = null, gtin = null, mpn = null, brand = null } = facts ?? {};
  const badGtin = gtin === null ? null : gtinProblem(gtin);
  const result = (score: number, shortfall: string | null): PageResult => ({ url: page.url, score, shortfall });
  if ((sku !== null && gtin !== null && badGtin === null) || (brand !== null && mpn !== null)) return result(1, null);
  if (badGtin !== null) return result(0.5, `${badGtin} (${stated(facts)})`);
  if (sku !== null || gtin !== null || mpn !== null) {
    const lacking = sku === null ? 'no sku' : 'no GTIN, and no brand + mpn';
    return result(0.5, `${lacking} (${stated(facts)})`);
  }
  return result(0, stated(facts));
}

export const identifiers: CheckDefinition = {
  id: 'identifiers',
  dimension: 'product_data',
  title: 'Product identifiers (SKU, GTIN, MPN)',
  points: 3,

  evaluate(artifacts) {
    const pages = productPagesToAssess(artifacts);
    if (!Array.isArray(pages)) return pages;
    const results = pages.map(judgePage);
    const short = results.filter((r) => r.score !== 1);
    const first = short[0];
    const summary =
      first === undefined
        ? `Every product page checked (${results.length}) states a sku with a valid GTIN, or brand and mpn.`
        : short.every((r) => r.score === 0)
          ? `${pageList(short)} ${short.length === 1 ? 'states' : 'state'} no product identifier (sku, GTIN or mpn).`
          : `${pageList(short)}: ${first.shortfall ?? ''}.`;
    return outcome.fraction(average(results) ?? 0, summary, shortfallEvidence(results));
  },

  advise(result, artifacts) {
    const pages = productPagesToAssess(artifacts);
    const page = Array.isArray(pages) ? pages.find((p) => judgePage(p).score !== 1) : undefined;
    const found = result.evidence[0];
    return {
      title: 'Add a valid GTIN (or brand and MPN) next to the SKU',
      why: `Agents match the same product across shops by GTIN, or by brand plus manufacturer part number (${found ? `${found.url}: ${found.value ?? ''}` : 'product pages state none'}), so an agent cannot be sure your offer is the product the buyer asked for.`,
      fix: 'Put the barcode number from the packaging (EAN-13, UPC-12) in "gtin" with its check digit, and "sku" with your own article number. For products without a barcode, state "brand" and "mpn". Check GTINs with a GS1 check-digit calculator.',
      snippet: page
        ? productSnippet(page, {
            gtin: validGtin(page.product?.gtin ?? null) ?? '<13-digit EAN / 12-digit UPC>',
            mpn: page.product?.mpn ?? '<manufacturer part number>',
          })
        : null,
      effort: 'M',
    };
  },
};
