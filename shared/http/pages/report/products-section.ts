import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { html, type SafeHtml } from '../html.js';
import { link } from './summary-section.js';

type Product = ScanResult['products'][number];
type Field = keyof Product['sources'];
type Disagreement = NonNullable<Product['disagreements']>[number];

const sourceLabels: Record<NonNullable<Product['sources'][Field]>, string> = {
  'json-ld': 'JSON-LD',
  microdata: 'microdata',
  rdfa: 'RDFa',
  'open-graph': 'Open Graph',
  text: 'page text only',
};

function fact(label: string, value: string | null, source: Product['sources'][Field], disagreement?: Disagreement): SafeHtml {
  const where = disagreement
    ? `page text; ${sourceLabels[disagreement.markup.source]} states ${[disagreement.markup.value, disagreement.markup.currency].filter(Boolean).join(' ')}`
    : source !== null && value !== null && sourceLabels[source];
  return html`<dt>${label}</dt><dd>${value === null ? html`<span class="muted">not found</span>` : value}${where && html` <span class="source">(${where})</span>`}</dd>`;
}

const disagreementOn = (product: Product, field: Disagreement['field']) => product.disagreements?.find((entry) => entry.field === field);

function productCard(product: Product): SafeHtml {
  const price = product.price === null ? null : `${product.price}${product.currency ? ` ${product.currency}` : ''}`;
  const identifiers = (['sku', 'gtin', 'mpn'] as const).filter((field) => product[field] !== null);
  return html`<article class="panel">
<h3>${product.name ?? 'Unnamed product'}</h3>
<p class="small">${link(product.url)}</p>
<dl class="facts">
${fact('Price', price, product.sources.price, disagreementOn(product, 'price'))}
${fact('Availability', product.availability, product.sources.availability, disagreementOn(product, 'availability'))}
${fact('Brand', product.brand, product.sources.brand)}
${identifiers.length === 0 ? fact('Identifiers', null, null) : identifiers.map((field) => fact(field.toUpperCase(), product[field], product.sources[field]))}
</dl>
</article>`;
}

const inMarkup = (source: Product['sources'][Field]) => source !== null && source !== 'text';
/** The markup states the field, whether agents take its value or the page's. */
const statedInMarkup = (product: Product, field: 'price' | 'availability') =>
  (product[field] !== null && inMarkup(product.sources[field])) || disagreementOn(product, field) !== undefined;

/** "Of 4 products read, the markup states: price 4, availability 4, brand 0, an identifier 4." */
function markupTally(products: readonly Product[]): string {
  const count = (stated: (product: Product) => boolean) => products.filter(stated).length;
  const facts = [
    `price ${count((product) => statedInMarkup(product, 'price'))}`,
    `availability ${count((product) => statedInMarkup(product, 'availability'))}`,
    `brand ${count((product) => product.brand !== null && inMarkup(product.sources.brand))}`,
    `an identifier (SKU, GTIN or MPN) ${count((product) => (['sku', 'gtin', 'mpn'] as const).some((field) => product[field] !== null && inMarkup(product.sources[field])))}`,
  ];
  const disagreeing = products.filter((product) => (product.disagreements?.length ?? 0) > 0);
  const fields = [...new Set(disagreeing.flatMap((product) => product.disagreements!.map((entry) => entry.field)))];
  const conflict =
    disagreeing.length === 0
      ? ''
      : ` On ${disagreeing.length === 1 ? '1 product' : `${disagreeing.length} products`} the markup and the page disagree (${fields.join(', ')}): agents reading the page take the page's value.`;
  return `${products.length === 1 ? 'Of the 1 product read' : `Of the ${products.length} products read`}, the markup states: ${facts.join(', ')}.${conflict}`;
}

/** "What agents see": each product the scan read, every value with the syntax it came from. */
export function productsSection(result: ScanResult): SafeHtml {
  return html`<section aria-labelledby="products-title">
<h2 id="products-title">What agents see</h2>
${
  result.products.length === 0
    ? html`<p>${result.tier === 'free' ? 'No product was found on the homepage. A signed-in scan reads product pages too.' : 'No product could be read from the pages scanned.'}</p>`
    : html`<p>${markupTally(result.products)}</p>
<details class="more products-detail"><summary>${result.products.length === 1 ? 'The product' : `Each of the ${result.products.length} products`}: every value and where it came from</summary>
<p class="muted small">Values labelled "page text only" are visible to a reader but stated in no markup, so agents have to guess them; "page text" with what the markup states marks a value the two disagree on.</p>
<div class="products">${result.products.map(productCard)}</div>
</details>`
}
</section>`;
}
