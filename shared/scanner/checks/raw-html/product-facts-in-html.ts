import type { Artifacts, PageArtifact } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { firstText, mainProduct } from '#shared/scanner/extract/index.js';
import type { ProductFacts, StructuredData } from '#shared/scanner/extract/index.js';
import { variantsOf } from '#shared/scanner/extract/offers.js';
import { productPagesOrNotAssessed, unreadableReason } from '#shared/scanner/checks/read-artifacts.js';
import { listNames, pageLabel, plural, quoteEvidence } from '#shared/scanner/checks/wording.js';
import { findName, findPrice } from './text-match.js';

interface PageResult {
  page: PageArtifact;
  /** Share of the known facts (name, price) found in the raw text. */
  score: number;
  missing: string[];
  detail: string;
}

/**
 * Names the page may show for its product: the facts' name, then the main product's and, for a
 * ProductGroup, each variant's ("Merino Crew Base Layer" or "Merino Crew Base Layer - S").
 */
function acceptedNames(name: string, structured: StructuredData | null): string[] {
  const names = [name];
  if (structured !== null) {
    for (const entities of [structured.jsonLd.entities, structured.microdata, structured.rdfa]) {
      const main = mainProduct(entities);
      if (main === null) continue;
      for (const product of [main, ...variantsOf(main, entities)]) {
        const own = firstText(product, 'name');
        if (own !== null) names.push(own);
      }
    }
  }
  return [...new Set(names)];
}

function judgePage(page: PageArtifact, facts: ProductFacts): PageResult {
  const found: string[] = [];
  const missing: string[] = [];
  if (facts.name !== null) {
    const shown = findName(page.visibleText, acceptedNames(facts.name, page.structured));
    if (shown !== null) found.push(`name "${shown}"`);
    else missing.push(`name "${facts.name}"`);
  }
  if (facts.price !== null) {
    const shown = findPrice(page.visibleText, facts.price);
    const label = `price ${facts.price}${facts.currency ? ` ${facts.currency}` : ''}`;
    if (shown !== null) found.push(`${label} (shown as "${shown}")`);
    else missing.push(label);
  }
  const detail = [
    found.length > 0 ? `found ${found.join(', ')}` : '',
    missing.length > 0 ? `missing ${missing.join(', ')} from the raw text` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return { page, score: found.length / (found.length + missing.length), missing, detail };
}

/**
 * Per product page: the name and price its structured data states must also appear in the raw
 * visible text (agents that do not run JavaScript read that text). Pages without a stated name
 * or price, or that could not be read, leave the average.
 */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const scope = productPagesOrNotAssessed(artifacts);
  if ('outcome' in scope) return scope.outcome;
  const results: PageResult[] = [];
  const skipped: Evidence[] = [];
  for (const page of scope.pages) {
    const reason = unreadableReason(page) ?? (page.facts ? null : 'not an HTML page');
    const facts = page.product;
    if (reason !== null) skipped.push(evidence(page.url, `not assessed: ${reason}`));
    else if (!facts || (facts.name === null && facts.price === null))
      skipped.push(evidence(page.url, 'not assessed: no product name or price in structured data to compare with'));
    else results.push(judgePage(page, facts));
  }
  if (results.length === 0) return outcome.notAssessed('No product page could be compared with its raw HTML text', skipped);

  const score = results.reduce((sum, result) => sum + result.score, 0) / results.length;
  const found = [...results.map((result) => evidence(result.page.url, result.detail)), ...skipped];
  const short = results.filter((result) => result.missing.length > 0);
  if (short.length === 0) {
    return outcome.pass(
      `${results.length === 1 ? 'The product page shows' : `All ${results.length} product pages show`} the product name and price in the raw HTML`,
      found,
    );
  }
  const what = [...new Set(short.flatMap((result) => result.missing.map((item) => item.split(' ')[0] ?? item)))].join(' and ');
  return outcome.fraction(
    score,
    `The product ${what} ${what.includes(' and ') ? 'are' : 'is'} missing from the raw HTML of ${short.length} of ${plural(results.length, 'product page')} (${listNames(
      short.map((result) => pageLabel(result.page)),
      3,
    )})`,
    found,
  );
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const facts = artifacts.productPages.find((page) => page.product?.name || page.product?.price)?.product ?? null;
  const price = facts?.price ? `${facts.currency ? `${facts.currency} ` : ''}${facts.price}` : '';
  return {
    title: 'Put the product name and price in the server-rendered HTML',
    why: `Agents that do not run JavaScript read the HTML text to confirm what a product is and costs; when it is missing they skip the product or trust it less: ${quoteEvidence(result.evidence.filter((item) => item.value?.includes('missing')))}.`,
    fix: 'Render the product title and the current price (with currency) into the product template on the server, not only through JavaScript or a price widget.',
    snippet: facts ? `<h1>${escapeHtml(facts.name ?? 'Product name')}</h1>\n<p class="price">${escapeHtml(price || 'price')}</p>` : null,
    effort: 'M',
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const productFactsInHtml: CheckDefinition = {
  id: 'product_facts_in_html',
  dimension: 'raw_html',
  title: 'Product name and price are in the raw HTML',
  points: 4,
  evaluate,
  advise,
};
