import { describe, expect, it } from 'vitest';
import { analysePage } from '#shared/scanner/analyse-page.js';
import { retrieval } from '#test/unit/scanner/checks/build-artifacts.js';

const factsOf = (body: string) => {
  const url = 'https://shop.example/';
  return analysePage(url, 'homepage', retrieval(url, body)).facts;
};

describe('WebMCP declarative tools in the page facts', () => {
  it('reads forms with toolname and tooldescription, registered only when both are non-empty', () => {
    const html = `<!doctype html><html><body>
      <form action="/search" method="get" toolname="searchProducts" tooldescription=" Search the catalog by keyword. "><input name="q"></form>
      <form action="/cart/add" method="post" toolname="addToCart"><input name="id"></form>
      <form action="/newsletter"><input name="email"></form>
      <form tooldescription="Track an order."><input name="order"></form>
    </body></html>`;
    expect(factsOf(html)?.webMcpTools).toEqual([
      { name: 'searchProducts', description: 'Search the catalog by keyword.', action: '/search', registered: true },
      { name: 'addToCart', description: '', action: '/cart/add', registered: false },
      { name: '', description: 'Track an order.', action: '', registered: false },
    ]);
  });

  it('finds none on a page without annotated forms', () => {
    expect(factsOf('<html><body><form action="/search"><input name="q"></form></body></html>')?.webMcpTools).toEqual([]);
  });
});
