/** What the product_data checks share: per-page results averaged, and a product snippet prefilled from a page. */
import type { ProductFacts } from '#shared/scanner/extract/index.js';
import type { MarkupProductPage } from '#shared/scanner/checks/read-artifacts.js';
import { evidence } from '#shared/scanner/checks/types.js';
import type { Evidence } from '#shared/scanner/checks/types.js';
import { jsonLdScript } from '#shared/scanner/checks/wording.js';

/** One page's result: `score` null when the check does not apply to that page. */
export interface PageResult {
  url: string;
  score: number | null;
  /** What falls short on the page, for evidence; null when nothing does. */
  shortfall: string | null;
}

export function average(results: readonly PageResult[]): number | null {
  const scored = results.filter((r): r is PageResult & { score: number } => r.score !== null);
  if (scored.length === 0) return null;
  return scored.reduce((sum, r) => sum + r.score, 0) / scored.length;
}

/** Evidence for the pages that fall short, one entry each. */
export function shortfallEvidence(results: readonly PageResult[]): Evidence[] {
  return results.filter((r) => r.shortfall !== null).map((r) => evidence(r.url, r.shortfall));
}

/** `https://shop.example/products/mug?x=1` -> `/products/mug`, for summaries. */
export function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** "/a", "/a and /b", "/a, /b and 2 more" */
export function pageList(results: readonly PageResult[]): string {
  const paths = results.map((r) => pathOf(r.url));
  if (paths.length <= 2) return paths.join(' and ');
  return `${paths.slice(0, 2).join(', ')} and ${paths.length - 2} more`;
}

/** The product's name for snippets: structured data, else the first `<h1>`. */
export function productName(page: MarkupProductPage): string | null {
  const heading = page.facts.h1;
  return page.product?.name ?? (heading === '' ? null : heading);
}

/** A JSON-LD Product block prefilled with what the page already states; `<...>` marks what to fill in. */
export function productSnippet(page: MarkupProductPage, extra: Record<string, unknown> = {}): string {
  const facts: ProductFacts | null = page.product;
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: productName(page) ?? '<product name>',
    image: facts?.image ?? '<absolute image URL>',
    sku: facts?.sku ?? '<your SKU>',
    brand: { '@type': 'Brand', name: facts?.brand ?? '<brand>' },
    ...extra,
    offers: {
      '@type': 'Offer',
      url: page.url,
      price: facts?.price ?? '<price, e.g. 19.99>',
      priceCurrency: facts?.currency ?? '<ISO 4217 code, e.g. EUR>',
      availability: `https://schema.org/${facts?.availability ?? 'InStock'}`,
    },
  };
  return jsonLdScript(product);
}
