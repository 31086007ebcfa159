import type { Artifacts, PageArtifact } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { scannedPages, unreadableReason } from '#shared/scanner/checks/read-artifacts.js';
import { listNames, pageLabel, plural, quoteEvidence } from '#shared/scanner/checks/wording.js';
import { runsNoScript } from '#shared/scanner/checks/runs-no-script.js';

function topTypes(page: PageArtifact): string[] {
  return [...new Set(page.structured?.jsonLd.entities.flatMap((entity) => entity.types) ?? [])].slice(0, 5);
}

/**
 * JSON-LD in `<script type="application/ld+json">` blocks of the raw HTML, on the homepage or the
 * product pages. Any parsing block and none malformed passes; malformed blocks warn; no block on
 * any page fails (JSON-LD injected by JavaScript or a tag manager is invisible to most agents).
 */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const readable: PageArtifact[] = [];
  const skipped: Evidence[] = [];
  for (const page of scannedPages(artifacts)) {
    const reason = unreadableReason(page) ?? (page.facts ? null : 'not an HTML page');
    if (reason === null) readable.push(page);
    else skipped.push(evidence(page.url, `not assessed: ${reason}`));
  }
  if (readable.length === 0) return outcome.notAssessed('No page could be read to look for JSON-LD', skipped);

  const blocks = (page: PageArtifact) => page.structured?.jsonLd.blocks ?? 0;
  const malformedOf = (page: PageArtifact) => page.structured?.jsonLd.malformed ?? [];
  const withBlocks = readable.filter((page) => blocks(page) > 0);
  const found = [
    ...readable.map((page) => {
      const types = topTypes(page);
      return evidence(
        page.url,
        blocks(page) === 0
          ? 'no JSON-LD block'
          : `${plural(blocks(page), 'JSON-LD block')}${types.length > 0 ? ` (${types.join(', ')})` : ''}`,
      );
    }),
    ...readable.flatMap((page) =>
      malformedOf(page).map((block) => evidence(page.url, `JSON-LD block ${block.index + 1} does not parse: ${block.error}`)),
    ),
    ...skipped,
  ];
  if (withBlocks.length === 0) {
    const who = readable.every(runsNoScript) ? 'agents' : 'agents that do not run JavaScript';
    return outcome.fail(`No JSON-LD in the raw HTML of ${listNames(readable.map(pageLabel), 3)}: ${who} get no structured data`, found);
  }
  const malformed = readable.flatMap((page) => malformedOf(page).map((block) => ({ page, block })));
  const first = malformed[0];
  if (first) {
    return outcome.warn(
      `${plural(malformed.length, 'JSON-LD block')} on ${pageLabel(first.page)} ${malformed.length === 1 ? 'does' : 'do'} not parse (${first.block.error})`,
      found,
    );
  }
  const total = withBlocks.reduce((sum, page) => sum + blocks(page), 0);
  return outcome.pass(`${plural(total, 'JSON-LD block')} served in the raw HTML of ${listNames(withBlocks.map(pageLabel), 3)}`, found);
}

/** JSON-LD prefilled with the first product page's facts, else an Organization for the shop. */
function jsonLdSnippet(artifacts: Artifacts): string {
  const facts = artifacts.productPages.find((page) => page.product)?.product;
  const data: Record<string, unknown> = facts
    ? {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: facts.name ?? 'Product name',
        ...(facts.image ? { image: facts.image } : {}),
        ...(facts.sku ? { sku: facts.sku } : {}),
        ...(facts.brand ? { brand: { '@type': 'Brand', name: facts.brand } } : {}),
        offers: {
          '@type': 'Offer',
          price: facts.price ?? '0.00',
          priceCurrency: facts.currency ?? 'USD',
          availability: `https://schema.org/${facts.availability ?? 'InStock'}`,
        },
      }
    : {
        '@context': 'https://schema.org',
        '@type': 'OnlineStore',
        name: artifacts.homepage.facts?.title || new URL(artifacts.site.origin).hostname,
        url: `${artifacts.site.origin}/`,
      };
  return `<script type="application/ld+json">\n${JSON.stringify(data, null, 2).replace(/</g, '\\u003c')}\n</script>`;
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  if (result.status === 'warn') {
    return {
      title: 'Fix the JSON-LD blocks that do not parse',
      why: `Agents discard a JSON-LD block with a syntax error, with every fact in it: ${quoteEvidence(result.evidence.filter((item) => item.value?.includes('does not parse')))}.`,
      fix: 'Validate the template output with a JSON linter or the Schema Markup Validator; escape quotes and line breaks in product text and remove trailing commas.',
      snippet: null,
      effort: 'S',
    };
  }
  // Pages that run no script cannot have had their JSON-LD injected: the advice is to add it, not to move it.
  if (
    scannedPages(artifacts)
      .filter((page) => page.facts)
      .every(runsNoScript)
  ) {
    return {
      title: 'Add JSON-LD to the HTML the server sends',
      why: `Agents read structured data from the HTML response, and these pages carry none: ${quoteEvidence(result.evidence)}.`,
      fix: 'Output `<script type="application/ld+json">` from the server-side template: Product with Offer on product pages, Organization on the homepage.',
      snippet: jsonLdSnippet(artifacts),
      effort: 'M',
    };
  }
  return {
    title: 'Serve JSON-LD in the HTML, not through JavaScript',
    why: `Agents read structured data from the HTML response; JSON-LD added by a tag manager or script is invisible to them: ${quoteEvidence(result.evidence)}.`,
    fix: 'Output `<script type="application/ld+json">` from the server-side template (Product with Offer on product pages, Organization on the homepage) instead of injecting it with JavaScript.',
    snippet: jsonLdSnippet(artifacts),
    effort: 'M',
  };
}

export const jsonldNotJs: CheckDefinition = {
  id: 'jsonld_not_js',
  dimension: 'raw_html',
  title: 'JSON-LD is in the raw HTML',
  points: 2,
  evaluate,
  advise,
};
