/** Pages and files the discovery check tests share. */
export const urlset = (entries: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</urlset>`;

export const url = (loc: string, lastmod?: string) => `<url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;

export const productSitemap = urlset(
  url('https://shop.example/', '2026-11-20') +
    url('https://shop.example/products/blue-mug', '2026-11-01T10:00:00Z') +
    url('https://shop.example/products/red-mug', '2026-10-01') +
    url('https://shop.example/pages/about', '2026-11-22'),
);

export const sitemapIndex = (children: string[]) =>
  `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${children.map((c) => `<sitemap><loc>${c}</loc></sitemap>`).join('')}</sitemapindex>`;

export const softNotFound = '<!doctype html><html><head><title>Page not found</title></head><body><h1>Oops</h1></body></html>';

export const cloudflareWall = {
  status: 403,
  headers: { 'cf-mitigated': 'challenge' },
  body: '<!doctype html><html><head><title>Just a moment...</title></head><body></body></html>',
};

export const page = (head: string, body = '') =>
  `<!doctype html><html><head><title>Mug Shop | Home</title>${head}</head><body>${body}</body></html>`;
