/** Pages and files the agent-access check tests share. */
export const homepage = `<!doctype html><html lang="en"><head><title>Oak &amp; Ash Home Goods</title>
  <link rel="canonical" href="https://shop.example/"></head>
  <body><header><nav><a href="/collections/desks">Desks</a> <a href="/pages/shipping">Shipping</a></nav></header>
  <main><h1>Handmade furniture for small spaces</h1><p>Solid oak and ash, made to order in our Leeds workshop.</p>
  <a href="/products/walnut-desk">Walnut desk</a></main></body></html>`;

export const productPage = `<!doctype html><html><head><title>Walnut desk</title>
  <link rel="canonical" href="https://shop.example/products/walnut-desk"></head>
  <body><h1>Walnut desk</h1><p>£1,299.00</p><button type="submit">Add to cart</button></body></html>`;

export const cloudflareChallenge = {
  status: 403,
  headers: { 'cf-mitigated': 'challenge', server: 'cloudflare' },
  body: '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><div id="challenge-stage"></div><script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script></body></html>',
};

export const values = (result: { evidence: { value: string | null }[] }) => result.evidence.map((item) => item.value ?? '').join('\n');
