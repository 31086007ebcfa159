import type { CatalogLookupReport } from '#shared/scanner/drives/drive-report.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckOutcome } from '#shared/scanner/checks/types.js';
import { because } from '#shared/scanner/checks/wording.js';

const warning = new Set<CatalogLookupReport['outcome']>(['price_differs', 'failed', 'refused']);

/** The lookup in one line: what was asked and what the catalog said. */
export function catalogLookupLine(lookup: CatalogLookupReport): string {
  const asked = `catalog lookup of the page's ${lookup.product.idField} ${lookup.product.id}`;
  const status = lookup.status === null || lookup.outcome === 'failed' ? '' : `HTTP ${lookup.status}: `;
  return `${asked} → ${status}${lookup.detail}`;
}

/**
 * A UCP check's verdict once a paid scan looked a product up in the catalog the profile declares: a catalog that
 * quotes another price than the page in the same currency, or answers outside UCP, makes a pass a warning (an agent
 * that quotes from it misleads the shopper; catalog prices are not binding, so it does not fail). A catalog that does
 * not know the page's identifier, or answers only agents it knows, changes nothing: UCP allows both.
 */
export function withCatalogLookup(declared: CheckOutcome, lookup: CatalogLookupReport | null): CheckOutcome {
  if (lookup === null || lookup.outcome === 'not_asked') return declared;
  const proof = [...declared.evidence, evidence(lookup.url, catalogLookupLine(lookup))];
  if (warning.has(lookup.outcome) && declared.status === 'pass') {
    return outcome.warn(
      `${declared.summary.replace(/\.$/, '')}, but a lookup in its UCP catalog: ${lookup.detail}.`,
      proof,
      declared.platformProvided ? { platformProvided: declared.platformProvided } : {},
    );
  }
  return { ...declared, evidence: proof };
}

/** The fix where the lookup decided the verdict; null otherwise. */
export function adviseCatalogLookup(declared: CheckOutcome, lookup: CatalogLookupReport | null, result: CheckOutcome): Advice | null {
  if (lookup === null || withCatalogLookup(declared, lookup).status === declared.status) return null;
  const fix =
    lookup.outcome === 'price_differs'
      ? `Quote the price your page shows for ${lookup.product.id} in ${lookup.url} (variants[].price, an integer in minor units), or show on the page the price your catalog sells at.`
      : `Serve UCP's catalog lookup at ${lookup.url}: a POST with {"ids": [...]} answers 200 with {"ucp": {...}, "products": [...]} as JSON, each variant with its price as {"amount", "currency"}. Never a web page or a 5xx.`;
  return {
    title:
      lookup.outcome === 'price_differs'
        ? 'Make your UCP catalog quote the prices your pages show'
        : 'Make your UCP catalog answer as UCP says',
    why: because('Agents that look your products up in your UCP catalog quote what it says to the shopper.', result),
    fix,
    snippet: null,
    effort: 'M',
  };
}
