/** Pages and files the agentic-commerce check tests share. */
export const jsonLd = (availability = 'InStock') =>
  `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Blue mug","offers":{"@type":"Offer","price":"12.50","priceCurrency":"GBP","availability":"https://schema.org/${availability}"}}</script>`;

export const productPage = (body: string, head = jsonLd()) =>
  `<!doctype html><html><head><title>Blue mug</title>${head}</head><body><h1>Blue mug</h1><p>£12.50</p>${body}</body></html>`;

export const homepage = (body = '', head = '') =>
  `<!doctype html><html><head><title>Mug Shop</title>${head}</head><body><h1>Handmade mugs</h1>${body}</body></html>`;

export const cloudflareWall = {
  status: 403,
  headers: { 'cf-mitigated': 'challenge' },
  body: '<!doctype html><html><head><title>Just a moment...</title></head><body></body></html>',
};
