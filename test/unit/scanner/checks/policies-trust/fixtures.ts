/** Pages and files the policies-trust check tests share. */
import type { Input } from '#test/unit/scanner/checks/build-artifacts.js';

export function html({ jsonLd = [], body = '', lang = 'en-GB' }: { jsonLd?: unknown[]; body?: string; lang?: string }): string {
  const scripts = jsonLd.map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`).join('\n');
  return `<!doctype html><html lang="${lang}"><head><title>Harbour Goods – Homeware</title>${scripts}</head><body>${body}</body></html>`;
}

export const productWith = (offerExtra: Record<string, unknown>) => ({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Linen Tea Towel',
  brand: { '@type': 'Organization', name: 'Loom Mill', url: 'https://loommill.example', logo: 'https://loommill.example/logo.png' },
  offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'GBP', availability: 'https://schema.org/InStock', ...offerExtra },
});

export const organization = {
  '@context': 'https://schema.org',
  '@type': 'OnlineStore',
  name: 'Harbour Goods',
  url: 'https://shop.example/',
  logo: 'https://shop.example/logo.png',
  contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', email: 'hello@shop.example' },
  sameAs: ['https://www.instagram.com/harbourgoods'],
};

export const challenge: Input = {
  status: 403,
  headers: { 'cf-mitigated': 'challenge' },
  body: '<!doctype html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>',
};
