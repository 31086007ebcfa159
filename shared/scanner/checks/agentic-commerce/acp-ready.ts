import type { Artifacts } from '#shared/scanner/artifacts.js';
import { adviseCheckoutProbe, withCheckoutProbe } from '#shared/scanner/checks/agentic-commerce/checkout-probe-verdict.js';
import { adviseCheckoutDrive, withCheckoutDrive } from '#shared/scanner/checks/agentic-commerce/checkout-drive-verdict.js';
import { readWellKnown, readableProductPages, siteName } from '#shared/scanner/checks/read-artifacts.js';
import { findPolicyLinks } from '#shared/scanner/checks/policies-trust/policy-links.js';
import { versionOf } from '#shared/scanner/standards.js';
import { because } from '#shared/scanner/checks/wording.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import type { ProductFacts } from '#shared/scanner/extract/index.js';

/**
 * The fields OpenAI's product feed requires (developers.openai.com/commerce/specs/feed), as read from a
 * product page: labelled with the feed's field name and, where it differs, the page's fact. `url` is
 * the page itself; `description`, `seller_*`, `target_countries` and `store_country` are shop-level
 * or not in the page's facts, so the fix names them instead.
 */
const FEED_FIELDS: readonly [label: string, present: (facts: ProductFacts) => boolean][] = [
  ['title (name)', (f) => f.name !== null],
  ['price', (f) => f.price !== null],
  ['currency', (f) => f.currency !== null],
  ['availability', (f) => f.availability !== null],
  ['image_url (image)', (f) => f.image !== null],
  ['item_id (sku or gtin)', (f) => f.sku !== null || f.gtin !== null],
  ['brand', (f) => f.brand !== null],
];

/** Optional in the current spec, but what matches a product to its listings elsewhere: reported, never scored. */
const RECOMMENDED_FIELDS: readonly [label: string, present: (facts: ProductFacts) => boolean][] = [
  ['gtin or mpn', (f) => f.gtin !== null || f.mpn !== null],
];

export interface FeedMapping {
  url: string;
  facts: ProductFacts | null;
  missing: string[];
  /** Recommended fields the page does not give (not scored). */
  recommended: string[];
}

export function feedMappings(artifacts: Artifacts): FeedMapping[] {
  return readableProductPages(artifacts).map(({ url, page }) => {
    const facts = page.product;
    const missing = facts === null ? ['product data'] : FEED_FIELDS.filter(([, present]) => !present(facts)).map(([label]) => label);
    const recommended = facts === null ? [] : RECOMMENDED_FIELDS.filter(([, present]) => !present(facts)).map(([label]) => label);
    return { url, facts, missing, recommended };
  });
}

/** The documents' verdict, then what the checkout endpoint answered the probe, then (a proven owner's rescan) the drive's. */
function evaluate(artifacts: Artifacts): CheckOutcome {
  return withCheckoutDrive(probed(artifacts), artifacts.site.acpCheckoutDrive);
}

function probed(artifacts: Artifacts): CheckOutcome {
  return withCheckoutProbe(evaluateDeclared(artifacts), artifacts.site.acpProbe);
}

/** The discovery document and the feed mapping as declared, before the checkout endpoint was probed. */
function evaluateDeclared(artifacts: Artifacts): CheckOutcome {
  const acp = readWellKnown(artifacts.site.acp);
  if (acp.state === 'present' && acp.document.valid) {
    const doc = acp.document;
    const current = versionOf('acpDiscovery');
    const versionNote = doc.version ? `, version ${doc.version}${doc.declared.standing === 'older' ? ` (current: ${current})` : ''}` : '';
    const warningNote = doc.warnings.length > 0 ? `; to fix: ${doc.warnings.join('; ')}` : '';
    const detail = `fields: ${doc.recognisedFields.join(', ')}${versionNote}${warningNote}`;
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
      `${acpNote}No ACP endpoint, but your product data is ready to feed: every assessed product page has the feed's title, price, currency, availability, image_url, item_id and brand.`,
      [acpEvidence, ...ready.map((m) => evidence(m.url, readyValue(m)))],
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

function readyValue(mapping: FeedMapping): string {
  return `all required feed fields present${mapping.recommended.length > 0 ? `; recommended: ${mapping.recommended.join(', ')}` : ''}`;
}

/** schema.org availability to the feed's enum (in_stock, out_of_stock, pre_order, backorder, unknown). */
const FEED_AVAILABILITY: Record<string, string> = {
  InStock: 'in_stock',
  OutOfStock: 'out_of_stock',
  PreOrder: 'pre_order',
  PreSale: 'pre_order',
  BackOrder: 'backorder',
};

/** One feed row prefilled from a page; checkout stays off until the shop accepts agent checkouts. */
function feedItem(mapping: FeedMapping, artifacts: Artifacts): Record<string, string | boolean | string[]> {
  const origin = artifacts.site.origin;
  const f = mapping.facts;
  const policies = policyUrls(artifacts);
  return {
    item_id: f?.sku ?? f?.gtin ?? '<your SKU>',
    ...(f?.gtin ? { gtin: f.gtin } : {}),
    ...(f?.mpn ? { mpn: f.mpn } : {}),
    ...(!f?.gtin && !f?.mpn ? { gtin: '<GTIN, or mpn when there is none>' } : {}),
    title: f?.name ?? '<product name>',
    description: '<plain-text product description>',
    url: mapping.url,
    image_url: f?.image ?? `${origin}/<product image>.jpg`,
    price: f?.price && f.currency ? `${f.price} ${f.currency}` : '<price> <ISO 4217 currency>',
    availability: (f?.availability && FEED_AVAILABILITY[f.availability]) ?? 'in_stock',
    brand: f?.brand ?? '<brand>',
    seller_name: siteName(artifacts),
    seller_url: origin,
    seller_privacy_policy: policies.privacy ?? `${origin}/<privacy policy>`,
    seller_tos: policies.terms ?? `${origin}/<terms of service>`,
    store_country: '<ISO 3166-1 alpha-2, e.g. US>',
    target_countries: ['<ISO 3166-1 alpha-2, e.g. US>'],
    is_eligible_search: true,
    is_eligible_checkout: false,
  };
}

/** The homepage's privacy and terms links, which the feed needs once checkout is enabled. */
function policyUrls(artifacts: Artifacts): { privacy: string | null; terms: string | null } {
  const { facts, url } = artifacts.homepage;
  if (facts === null) return { privacy: null, terms: null };
  const links = findPolicyLinks(facts, url);
  const resolve = (kind: string) => {
    const href = links.get(kind)?.href;
    if (!href) return null;
    try {
      return new URL(href, url).toString();
    } catch {
      return null;
    }
  };
  return { privacy: resolve('privacy'), terms: resolve('terms') };
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const driven = adviseCheckoutDrive(probed(artifacts), artifacts.site.acpCheckoutDrive, result);
  if (driven) return driven;
  const probeFix = adviseCheckoutProbe(evaluateDeclared(artifacts), artifacts.site.acpProbe, result);
  if (probeFix) return probeFix;
  const origin = artifacts.site.origin;
  const mappings = feedMappings(artifacts);
  const short = mappings.find((m) => m.missing.length > 0);
  const why = because(
    'ChatGPT finds products through the product feed a shop submits (is_eligible_search) and buys through the Agentic Commerce Protocol (is_eligible_checkout, /.well-known/acp.json).',
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
  const version = versionOf('acpDiscovery');
  const discovery = {
    protocol: { name: 'acp', version, supported_versions: [version] },
    api_base_url: `${origin}/acp`,
    transports: ['rest'],
    capabilities: { services: ['checkout'] },
  };
  const ready = mappings[0];
  return {
    title: 'Publish an agentic product feed and ACP discovery document',
    why,
    fix: `Export your catalog as an OpenAI product feed, one row per variant with item_id, title, description, url, brand, image_url, price, availability, seller_name, seller_url, store_country and target_countries (gtin or mpn where the product has one), and is_eligible_search true. Set is_eligible_checkout true only once you accept agent checkouts: the feed then needs seller_privacy_policy and seller_tos, and ${origin}/.well-known/acp.json (ACP ${version}) tells agents where to check out.`,
    snippet: ready
      ? `// feed item\n${JSON.stringify(feedItem(ready, artifacts), null, 2)}\n\n// /.well-known/acp.json\n${JSON.stringify(discovery, null, 2)}`
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
