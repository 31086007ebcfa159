import { allEntities, entityValues, firstText } from '#shared/scanner/extract/index.js';
import type { Entity } from '#shared/scanner/extract/index.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { outcome } from '#shared/scanner/checks/types.js';
import { mainProducts, productPagesToAssess } from '#shared/scanner/checks/read-artifacts.js';
import type { MarkupProductPage } from '#shared/scanner/checks/read-artifacts.js';
import { listWords } from '#shared/scanner/checks/wording.js';
import { average, pageList, productSnippet, shortfallEvidence } from './per-page.js';
import type { PageResult } from './per-page.js';

export const MIN_DESCRIPTION_CHARS = 120;
const MEASURABLE = ['weight', 'width', 'height', 'depth', 'size', 'color', 'material', 'pattern', 'additionalProperty'];

/** The main products and their variants and offers: where attributes may sit. */
function describedEntities(page: MarkupProductPage): { products: Entity[]; offers: Entity[] } {
  const mains = mainProducts(page.structured);
  const variants = allEntities(page.structured).filter((e) =>
    mains.some((m) => entityValues(m, 'hasVariant').includes(e) || entityValues(e, 'isVariantOf').includes(m)),
  );
  const products = [...mains, ...variants];
  return { products, offers: products.flatMap((p) => entityValues(p, 'offers')) };
}

function descriptionOf(page: MarkupProductPage, products: readonly Entity[]): string | null {
  for (const product of products) {
    const text = firstText(product, 'description');
    if (text !== null) return text;
  }
  // A page known only through Open Graph describes its product with og:description.
  return page.product?.source === 'opengraph' ? (page.structured.openGraph['og:description']?.[0] ?? null) : null;
}

interface Attribute {
  name: string;
  /** How the page falls short, for evidence. */
  detail: string;
  ok: boolean;
}

function attributesOf(page: MarkupProductPage): Attribute[] {
  const { products, offers } = describedEntities(page);
  const description = descriptionOf(page, products);
  const has = (entities: readonly Entity[], ...props: string[]): boolean =>
    entities.some((e) => props.some((p) => e.props[p] !== undefined));
  return [
    {
      name: 'description',
      detail: description === null ? 'no description' : `description ${description.length} characters (< ${MIN_DESCRIPTION_CHARS})`,
      ok: (description?.length ?? 0) >= MIN_DESCRIPTION_CHARS,
    },
    { name: 'brand', detail: 'no brand', ok: (page.product?.brand ?? null) !== null },
    { name: 'itemCondition', detail: 'no itemCondition', ok: has([...products, ...offers], 'itemCondition') },
    { name: 'measurable attributes', detail: 'no color, size, material, weight or additionalProperty', ok: has(products, ...MEASURABLE) },
  ];
}

function missingOf(page: MarkupProductPage): Attribute[] {
  return attributesOf(page).filter((a) => !a.ok);
}

function judgePage(page: MarkupProductPage): PageResult {
  const missing = missingOf(page);
  return { url: page.url, score: 1 - missing.length / 4, shortfall: missing.length === 0 ? null : missing.map((a) => a.detail).join('; ') };
}

export const attributes: CheckDefinition = {
  id: 'attributes',
  dimension: 'product_data',
  title: 'Description, brand, condition and measurable attributes',
  points: 3,

  evaluate(artifacts) {
    const pages = productPagesToAssess(artifacts);
    if (!Array.isArray(pages)) return pages;
    const results = pages.map(judgePage);
    const short = results.filter((r) => r.score !== 1);
    const missing = [...new Set(pages.flatMap((p) => missingOf(p).map((a) => a.name)))];
    const summary =
      short.length === 0
        ? `Every product page checked (${results.length}) states a full description, brand, condition and measurable attributes.`
        : `${pageList(short)} ${short.length === 1 ? 'lacks' : 'lack'} ${listWords(missing)} in structured data.`;
    return outcome.fraction(average(results) ?? 0, summary, shortfallEvidence(results));
  },

  advise(result, artifacts) {
    const pages = productPagesToAssess(artifacts);
    const page = Array.isArray(pages) ? pages.find((p) => missingOf(p).length > 0) : undefined;
    const found = result.evidence[0];
    return {
      title: 'Add description, brand, condition and attributes to the Product markup',
      why: `Agents answer questions like "a red wool jumper under 80 euros, new" from attributes (${found ? `${found.url}: ${found.value ?? ''}` : 'product pages lack them'}), so the product drops out of filtered answers.`,
      fix: `Give the Product a description of at least ${MIN_DESCRIPTION_CHARS} characters, a brand, itemCondition (https://schema.org/NewCondition) and the attributes that tell products apart: color, size, material, weight (QuantitativeValue) or additionalProperty (PropertyValue name/value pairs).`,
      snippet: page
        ? productSnippet(page, {
            description: '<at least 120 characters: what it is, what it is made of, who it is for>',
            itemCondition: 'https://schema.org/NewCondition',
            color: '<colour>',
            material: '<material>',
            additionalProperty: [{ '@type': 'PropertyValue', name: '<attribute>', value: '<value>' }],
          })
        : null,
      effort: 'M',
    };
  },
};
