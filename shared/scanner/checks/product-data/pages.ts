/** What every product_data check shares: which product pages to judge, and per-page averaging. */
import type { PageFacts } from '#shared/scanner/page-facts.js';
import { describeSkip, type Artifacts, type PageArtifact } from '#shared/scanner/artifacts.js';
import { mainProduct } from '#shared/scanner/extract/index.js';
import type { Entity, ProductFacts, StructuredData } from '#shared/scanner/extract/index.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';

/** A product page whose raw HTML and structured data were read. */
export interface ReadablePage extends PageArtifact {
  facts: PageFacts;
  structured: StructuredData;
}

/** One page's result: `score` null when the check does not apply to that page. */
export interface PageResult {
  url: string;
  score: number | null;
  /** What falls short on the page, for evidence; null when nothing does. */
  shortfall: string | null;
}

/** Why a page's content cannot be judged (not fetched, failed, bot wall, not HTML), or null when it can. */
export function unreadableReason(page: PageArtifact): string | null {
  const { retrieval } = page;
  if (retrieval.state === 'skipped') return describeSkip(retrieval.reason);
  if (retrieval.state === 'failed') return `fetch failed (${retrieval.reason})`;
  if (page.botWall.kind === 'wall') return `blocked by a bot wall${page.botWall.vendor ? ` (${page.botWall.vendor})` : ''}`;
  if (page.botWall.kind === 'rate_limited') return 'rate limited (HTTP 429)';
  if (page.facts === null || page.structured === null) return 'not an HTML page';
  return null;
}

function isReadable(page: PageArtifact): page is ReadablePage {
  return unreadableReason(page) === null;
}

/** The product pages to judge, or the not_assessed outcome when there are none to read. */
export function productPagesToAssess(artifacts: Artifacts): ReadablePage[] | CheckOutcome {
  if (artifacts.productPages.length === 0) {
    const summary =
      artifacts.productPageBudget === 0
        ? `The ${artifacts.tier} scan examined the homepage only, so product data was not assessed.`
        : 'No product page was found within the scan (homepage only), so product data was not assessed.';
    return outcome.notAssessed(summary, [evidence(artifacts.requestedUrl, 'no product page assessed')]);
  }
  const pages = artifacts.productPages.filter(isReadable);
  if (pages.length > 0) return pages;
  const reasons = artifacts.productPages.map((page) => evidence(page.url, unreadableReason(page)));
  return outcome.notAssessed(
    'No product page could be read (not fetched in time, failed or blocked), so product data was not assessed.',
    reasons,
  );
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

export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/** The page's main product in each entity syntax, JSON-LD first. */
export function mainProducts(data: StructuredData): Entity[] {
  return [data.jsonLd.entities, data.microdata, data.rdfa].map(mainProduct).filter((e): e is Entity => e !== null);
}

/** The product's name for snippets: structured data, else the first `<h1>`. */
export function productName(page: ReadablePage): string | null {
  const heading = page.facts.h1;
  return page.product?.name ?? (heading === '' ? null : heading);
}

/** A JSON-LD Product block prefilled with what the page already states; `<...>` marks what to fill in. */
export function productSnippet(page: ReadablePage, extra: Record<string, unknown> = {}): string {
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

export function jsonLdScript(value: unknown): string {
  return `<script type="application/ld+json">\n${JSON.stringify(value, null, 2)}\n</script>`;
}
