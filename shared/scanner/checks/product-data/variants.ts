import { allEntities, entityValues, firstText, hasType, isProductLike, offerTerms } from '#shared/scanner/extract/index.js';
import type { Entity } from '#shared/scanner/extract/index.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { outcome } from '#shared/scanner/checks/types.js';
import { mainProducts, productPagesToAssess } from '#shared/scanner/checks/read-artifacts.js';
import type { MarkupProductPage } from '#shared/scanner/checks/read-artifacts.js';
import { jsonLdScript } from '#shared/scanner/checks/wording.js';
import { average, pageList, productName, shortfallEvidence } from './per-page.js';
import type { PageResult } from './per-page.js';
import type { VariantSelector } from '#shared/scanner/extract/variant-selectors.js';

const OFFER_TYPES = new Set(['Offer', 'AggregateOffer']);

function offersOf(product: Entity): Entity[] {
  const offers = entityValues(product, 'offers').filter((o) => hasType(o, OFFER_TYPES));
  return offers.flatMap((o) => [o, ...entityValues(o, 'offers')]).filter((o) => entityValues(o, 'offers').length === 0);
}

/** How the structured data tells the variants apart, or null when it describes one product only. */
function structuredVariants(page: MarkupProductPage): string | null {
  const entities = allEntities(page.structured);
  const grouped = entities.filter(isProductLike).find((e) => entityValues(e, 'hasVariant').some(isProductLike));
  if (grouped) return `ProductGroup with ${entityValues(grouped, 'hasVariant').length} variants (hasVariant)`;
  const variants = entities.filter((e) => entityValues(e, 'isVariantOf').length > 0);
  if (variants.length >= 2) return `${variants.length} products with isVariantOf`;
  for (const main of mainProducts(page.structured)) {
    const offers = offersOf(main);
    const skus = new Set(offers.map((o) => firstText(o, 'sku')).filter((s) => s !== null));
    const prices = new Set(offers.map((o) => offerTerms(o).price).filter((p) => p !== null));
    if (offers.length >= 2 && (skus.size >= 2 || prices.size >= 2))
      return `${offers.length} offers with distinct ${skus.size >= 2 ? 'skus' : 'prices'}`;
    // Some shops emit one Product block per variant, all with the product's name.
    const name = firstText(main, 'name');
    if (name === null) continue;
    const siblings = entities.filter((e) => isProductLike(e) && e.source === main.source && firstText(e, 'name') === name);
    const siblingSkus = new Set(siblings.map((e) => firstText(e, 'sku')).filter((s) => s !== null));
    if (siblingSkus.size >= 2) return `${siblings.length} Product blocks with distinct skus`;
  }
  return null;
}

interface VariantView {
  selectors: VariantSelector[];
  resolvedBy: string | null;
}

function view(page: MarkupProductPage): VariantView {
  return { selectors: page.facts.variantSelectors, resolvedBy: structuredVariants(page) };
}

function judgePage(page: MarkupProductPage): PageResult {
  const { selectors, resolvedBy } = view(page);
  if (selectors.length === 0) return { url: page.url, score: null, shortfall: null };
  const choices = selectors.map(describeSelector).join('; ');
  if (resolvedBy !== null) return { url: page.url, score: 1, shortfall: null };
  return { url: page.url, score: 0, shortfall: `offers ${choices}, but the structured data describes a single product` };
}

const VARIES_BY: [RegExp, string][] = [
  [/colou?r|farbe|couleur|colore|kleur|swatch/i, 'https://schema.org/color'],
  [/size|gr(?:ö|oe?)(?:ss|ß)e|taille|talla|taglia|maat|pointure/i, 'https://schema.org/size'],
  [/material/i, 'https://schema.org/material'],
];

function groupSnippet(page: MarkupProductPage, selectors: readonly VariantSelector[]): string {
  const name = productName(page) ?? '<product name>';
  const first = selectors.find((s) => s.options.length > 0) ?? selectors[0];
  const property = VARIES_BY.find(([pattern]) => pattern.test(first?.label ?? ''))?.[1] ?? 'https://schema.org/size';
  const options = first && first.options.length > 0 ? first.options.slice(0, 3) : ['<option 1>', '<option 2>'];
  const propName = property.slice(property.lastIndexOf('/') + 1);
  return jsonLdScript({
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name,
    productGroupID: page.product?.sku ?? '<parent SKU>',
    variesBy: [property],
    hasVariant: options.map((option, i) => ({
      '@type': 'Product',
      name: `${name} - ${option}`,
      sku: `<SKU of variant ${i + 1}>`,
      [propName]: option,
      offers: {
        '@type': 'Offer',
        url: page.url,
        price: page.product?.price ?? '<price>',
        priceCurrency: page.product?.currency ?? '<ISO 4217 code>',
        availability: 'https://schema.org/InStock',
      },
    })),
  });
}

export const variants: CheckDefinition = {
  id: 'variants',
  dimension: 'product_data',
  title: 'Variants described in structured data',
  points: 3,

  evaluate(artifacts) {
    const pages = productPagesToAssess(artifacts);
    if (!Array.isArray(pages)) return pages;
    const results = pages.map(judgePage);
    const score = average(results);
    if (score === null) return outcome.notApplicable(`No variant choices (size or colour selectors, swatches) on ${pageList(results)}.`);
    const failing = results.filter((r) => r.score === 0);
    const passing = pages.filter((p) => judgePage(p).score === 1);
    const summary =
      failing.length === 0
        ? `Variant choices are described in structured data (${passing.map((p) => view(p).resolvedBy).join('; ')}).`
        : `${pageList(failing)}: ${failing[0]?.shortfall ?? ''}; agents cannot pick or price a variant.`;
    return outcome.fraction(score, summary, shortfallEvidence(results));
  },

  advise(result, artifacts) {
    const pages = productPagesToAssess(artifacts);
    const page = Array.isArray(pages) ? pages.find((p) => judgePage(p).score === 0) : undefined;
    const found = result.evidence[0];
    return {
      title: 'Describe each variant with ProductGroup and hasVariant',
      why: `${found ? `${found.url} ${found.value ?? ''}` : 'Product pages offer choices the markup does not describe'}. An agent asked for "size M in blue" cannot tell whether that variant exists, what it costs or whether it is in stock.`,
      fix: 'Mark the product up as a ProductGroup with variesBy (size, color) and one Product per variant in hasVariant, each with its own sku, the varying property and an Offer with price and availability. Shopify and WooCommerce themes and SEO apps can emit this; check the variant appears in the server HTML.',
      snippet: page ? groupSnippet(page, view(page).selectors) : null,
      effort: 'M',
    };
  },
};

function describeSelector(selector: VariantSelector): string {
  const options =
    selector.options.length > 0 ? `: ${selector.options.slice(0, 4).join(', ')}${selector.options.length > 4 ? ', …' : ''}` : '';
  return selector.kind === 'choice' ? `choice "${selector.label}"${options}` : `${selector.label}${options}`;
}
