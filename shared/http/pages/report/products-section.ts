import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { html, type SafeHtml } from '../html.js';
import { link } from './summary-section.js';

type Product = ScanResult['products'][number];
type Field = keyof Product['sources'];

const sourceLabels: Record<NonNullable<Product['sources'][Field]>, string> = {
  'json-ld': 'JSON-LD',
  microdata: 'microdata',
  rdfa: 'RDFa',
  'open-graph': 'Open Graph',
  text: 'page text only',
};

function fact(label: string, value: string | null, source: Product['sources'][Field]): SafeHtml {
  return html`<dt>${label}</dt><dd>${value === null ? html`<span class="muted">not found</span>` : value}${source !== null && value !== null && html` <span class="source">(${sourceLabels[source]})</span>`}</dd>`;
}

function productCard(product: Product): SafeHtml {
  const price = product.price === null ? null : `${product.price}${product.currency ? ` ${product.currency}` : ''}`;
  const identifiers = (['sku', 'gtin', 'mpn'] as const).filter((field) => product[field] !== null);
  return html`<article class="panel">
<h3>${product.name ?? 'Unnamed product'}</h3>
<p class="small">${link(product.url)}</p>
<dl class="facts">
${fact('Price', price, product.sources.price)}
${fact('Availability', product.availability, product.sources.availability)}
${fact('Brand', product.brand, product.sources.brand)}
${identifiers.length === 0 ? fact('Identifiers', null, null) : identifiers.map((field) => fact(field.toUpperCase(), product[field], product.sources[field]))}
</dl>
</article>`;
}

const inMarkup = (source: Product['sources'][Field]) => source !== null && source !== 'text';

/** "Of 4 products read, the markup states: price 4, availability 4, brand 0, an identifier 4." */
function markupTally(products: readonly Product[]): string {
  const count = (stated: (product: Product) => boolean) => products.filter(stated).length;
  const facts = [
    `price ${count((product) => product.price !== null && inMarkup(product.sources.price))}`,
    `availability ${count((product) => product.availability !== null && inMarkup(product.sources.availability))}`,
    `brand ${count((product) => product.brand !== null && inMarkup(product.sources.brand))}`,
    `an identifier (SKU, GTIN or MPN) ${count((product) => (['sku', 'gtin', 'mpn'] as const).some((field) => product[field] !== null && inMarkup(product.sources[field])))}`,
  ];
  return `${products.length === 1 ? 'Of the 1 product read' : `Of the ${products.length} products read`}, the markup states: ${facts.join(', ')}.`;
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
<p class="muted small">Values labelled "page text only" are visible to a reader but stated in no markup, so agents have to guess them.</p>
<div class="products">${result.products.map(productCard)}</div>
</details>`
}
</section>`;
}
