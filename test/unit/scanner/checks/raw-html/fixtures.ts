/** Pages and files the raw-html check tests share. */
export const paragraph =
  'Our workshop in Leeds builds solid oak and walnut furniture for small flats, finished by hand with hard wax oil and delivered in reusable wool blankets. ';

/** A server-rendered homepage with `sentences` paragraphs of 26 words each. */
export function homepageWith(sentences: number, head = ''): string {
  return `<!doctype html><html lang="en"><head><title>Oak &amp; Ash</title>${head}</head><body>
    <main>${Array.from({ length: sentences }, () => `<p>${paragraph}</p>`).join('\n')}</main></body></html>`;
}

export const richHomepage = homepageWith(8);

export const cloudflareChallenge = {
  status: 403,
  headers: { 'cf-mitigated': 'challenge' },
  body: '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><div id="root"></div><script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script></body></html>',
};

export function productJsonLd(name: string, price: string, currency: string): string {
  return `<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    image: 'https://shop.example/cdn/desk.jpg',
    sku: 'WD-120',
    offers: { '@type': 'Offer', price, priceCurrency: currency, availability: 'https://schema.org/InStock' },
  })}</script>`;
}

export const euroProduct = `<!doctype html><html><head><title>Schreibtisch</title>${productJsonLd('Walnut Desk Organiser', '1299.00', 'EUR')}</head>
  <body><h1>Walnut desk-organiser</h1><p class="price">1.299,00 €</p><button type="submit">In den Warenkorb</button></body></html>`;

export const poundProduct = `<!doctype html><html><head>${productJsonLd('Oak Stool', '1299.00', 'GBP')}</head>
  <body><h1>Oak Stool</h1><span class="price">£1,299</span></body></html>`;

export const values = (result: { evidence: { value: string | null }[] }) => result.evidence.map((item) => item.value ?? '').join('\n');
