import type { Artifacts } from '#shared/scanner/artifacts.js';
import { readWellKnown, readableProductPages } from '#shared/scanner/checks/read-artifacts.js';
import { because } from '#shared/scanner/checks/wording.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import type { ProductFacts } from '#shared/scanner/extract/index.js';

/** The fields an agentic product feed (ACP / OpenAI product feed) requires, as read from a product page. */
const FEED_FIELDS: readonly [label: string, present: (facts: ProductFacts) => boolean][] = [
  ['name', (f) => f.name !== null],
  ['price', (f) => f.price !== null],
  ['currency', (f) => f.currency !== null],
  ['availability', (f) => f.availability !== null],
  ['image', (f) => f.image !== null],
  ['id (sku or gtin)', (f) => f.sku !== null || f.gtin !== null],
  ['brand', (f) => f.brand !== null],
];

export interface FeedMapping {
  url: string;
  facts: ProductFacts | null;
  missing: string[];
}

export function feedMappings(artifacts: Artifacts): FeedMapping[] {
  return readableProductPages(artifacts).map(({ url, page }) => {
    const facts = page.product;
    const missing = facts === null ? ['product data'] : FEED_FIELDS.filter(([, present]) => !present(facts)).map(([label]) => label);
    return { url, facts, missing };
  });
}

function evaluate(artifacts: Artifacts): CheckOutcome {
  const acp = readWellKnown(artifacts.site.acp);
  if (acp.state === 'present' && acp.document.valid) {
    const doc = acp.document;
    const detail = `fields: ${doc.recognisedFields.join(', ')}${doc.version ? `, version ${doc.version}` : ''}${doc.conformsToDraft ? '' : ' (differs from the discovery draft)'}`;
    return outcome.pass(`${acp.url} advertises Agentic Commerce Protocol support${doc.hasCheckout ? ' with checkout' : ''}.`, [
      evidence(acp.url, detail),
    ]);
  }
  const acpEvidence = evidence(acp.url, acp.state === 'present' ? `invalid: ${acp.document.problems.join('; ')}` : acp.reason);
  const acpNote = acp.state === 'present' ? `${acp.url} is not a usable ACP document; ` : '';
  const mappings = feedMappings(artifacts);
  if (mappings.length === 0) {
    if (acp.state === 'present')
      return outcome.fail(`${acp.url} is not a usable ACP document: ${acp.document.problems.join('; ')}.`, [acpEvidence]);
    return outcome.notAssessed(
      'No ACP endpoint, and no product page was assessed to tell whether your data maps onto an agentic product feed.',
      [acpEvidence],
    );
  }

  const ready = mappings.filter((m) => m.missing.length === 0);
  const short = mappings.filter((m) => m.missing.length > 0);
  const shortEvidence = short.map((m) => evidence(m.url, `missing: ${m.missing.join(', ')}`));
  const score = (0.5 * ready.length) / mappings.length;
  if (ready.length === mappings.length) {
    return outcome.fraction(
      score,
      `${acpNote}No ACP endpoint, but your product data is ready to feed: every assessed product page has name, price, currency, availability, image, id and brand.`,
      [acpEvidence, ...ready.map((m) => evidence(m.url, 'all feed fields present'))],
    );
  }
  if (ready.length === 0) {
    return outcome.fail(
      `${acpNote}No ACP endpoint, and product data does not map onto an agentic feed: ${short[0]?.url} lacks ${short[0]?.missing.join(', ')}.`,
      [acpEvidence, ...shortEvidence],
    );
  }
  return outcome.fraction(
    score,
    `${acpNote}No ACP endpoint; ${ready.length} of ${mappings.length} product pages have the data an agentic feed needs.`,
    [acpEvidence, ...shortEvidence],
  );
}

const ACP_AVAILABILITY: Record<string, string> = {
  InStock: 'in_stock',
  OutOfStock: 'out_of_stock',
  PreOrder: 'preorder',
  BackOrder: 'backorder',
};

function feedItem(mapping: FeedMapping, origin: string): Record<string, string | boolean> {
  const f = mapping.facts;
  return {
    id: f?.sku ?? f?.gtin ?? '<your SKU>',
    ...(f?.gtin ? { gtin: f.gtin } : {}),
    title: f?.name ?? '<product name>',
    link: mapping.url,
    image_link: f?.image ?? `${origin}/<product image>.jpg`,
    price: f?.price && f.currency ? `${f.price} ${f.currency}` : '<price> <ISO 4217 currency>',
    availability: (f?.availability && ACP_AVAILABILITY[f.availability]) ?? 'in_stock',
    brand: f?.brand ?? '<brand>',
    enable_search: true,
    enable_checkout: false,
  };
}

const ACP_DISCOVERY_VERSION = '2025-09-29';

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const origin = artifacts.site.origin;
  const mappings = feedMappings(artifacts);
  const short = mappings.find((m) => m.missing.length > 0);
  const why = because(
    'Agents that buy through the Agentic Commerce Protocol (e.g. ChatGPT Instant Checkout) read a product feed and /.well-known/acp.json.',
    result,
  );
  if (short) {
    return {
      title: 'Give product pages the fields an agentic product feed needs',
      why,
      fix: `Add the missing fields (${short.missing.join(', ')} on ${short.url}) to each product page's Product JSON-LD, so the same data can feed an agentic catalog.`,
      snippet: `<script type="application/ld+json">\n${JSON.stringify(productJsonLd(short, origin), null, 2)}\n</script>`,
      effort: 'M',
    };
  }
  const discovery = {
    protocol: { name: 'acp', version: ACP_DISCOVERY_VERSION, supported_versions: [ACP_DISCOVERY_VERSION] },
    api_base_url: `${origin}/acp`,
    transports: ['rest'],
    capabilities: { services: ['checkout'] },
  };
  const ready = mappings[0];
  return {
    title: 'Publish an agentic product feed and ACP discovery document',
    why,
    fix: `Export your catalog as an agentic product feed (one item per variant: id, title, link, image_link, price, availability, brand), submit it to the agent platforms you sell through, and once you accept agent checkouts publish ${origin}/.well-known/acp.json.`,
    snippet: ready
      ? `// feed item\n${JSON.stringify(feedItem(ready, origin), null, 2)}\n\n// /.well-known/acp.json\n${JSON.stringify(discovery, null, 2)}`
      : JSON.stringify(discovery, null, 2),
    effort: 'M',
  };
}

function productJsonLd(mapping: FeedMapping, origin: string): Record<string, unknown> {
  const f = mapping.facts;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: f?.name ?? '<product name>',
    image: f?.image ?? `${origin}/<product image>.jpg`,
    sku: f?.sku ?? '<your SKU>',
    ...(f?.gtin ? { gtin: f.gtin } : {}),
    brand: { '@type': 'Brand', name: f?.brand ?? '<brand>' },
    offers: {
      '@type': 'Offer',
      url: mapping.url,
      price: f?.price ?? '<price>',
      priceCurrency: f?.currency ?? '<ISO 4217 code>',
      availability: `https://schema.org/${f?.availability ?? 'InStock'}`,
    },
  };
}

export const acpReadyCheck: CheckDefinition = {
  id: 'acp_ready',
  dimension: 'agentic_commerce',
  title: 'Agentic Commerce Protocol readiness',
  points: 2,
  evaluate,
  advise,
};
