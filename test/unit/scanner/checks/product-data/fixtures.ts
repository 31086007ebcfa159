/** Pages and files the product-data check tests share. */
import type { Input } from '#test/unit/scanner/checks/build-artifacts.js';

export const DESCRIPTION =
  'A hand-thrown stoneware mug in deep ocean blue, glazed inside and out, dishwasher and microwave safe, holding 350 ml of coffee or tea.';

export const offer = {
  '@type': 'Offer',
  url: 'https://shop.example/products/item-1',
  price: '24.99',
  priceCurrency: 'EUR',
  availability: 'https://schema.org/InStock',
  priceValidUntil: '2027-12-31',
};

/** A product page with every fact an agent wants. */
export const fullProduct = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Ocean Blue Mug',
  image: 'https://cdn.shop.example/mug.jpg',
  description: DESCRIPTION,
  sku: 'MUG-BLUE',
  gtin13: '4006381333931',
  mpn: 'OB-350',
  brand: { '@type': 'Brand', name: 'Kiln & Co' },
  color: 'Blue',
  material: 'Stoneware',
  itemCondition: 'https://schema.org/NewCondition',
  aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.7', reviewCount: '132' },
  offers: offer,
};

export function page({ jsonLd = [], head = '', body = '' }: { jsonLd?: unknown[]; head?: string; body?: string }): string {
  const scripts = jsonLd.map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`).join('\n');
  return `<!doctype html><html lang="en"><head><title>Ocean Blue Mug | Kiln &amp; Co</title>${head}${scripts}</head>
<body><header><a href="/">Kiln &amp; Co</a></header><main>${body}</main><footer><p>© Kiln &amp; Co</p></footer></body></html>`;
}

export const visible =
  '<h1>Ocean Blue Mug</h1><p class="price">€24,99</p><form action="/cart/add" method="post"><button type="submit">Add to cart</button></form>';

export const goodPage = page({ jsonLd: [fullProduct], body: visible });

export const challenge: Input = {
  status: 403,
  headers: { 'cf-mitigated': 'challenge' },
  body: '<!doctype html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>',
};
