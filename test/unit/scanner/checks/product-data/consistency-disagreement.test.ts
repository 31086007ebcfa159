import { describe, expect, it } from 'vitest';
import { consistency } from '#shared/scanner/checks/product-data/consistency.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';

/** Markup and page that disagree: one finding per conflict, naming both values and where each was read. */
const jsonLd = (offer: Record<string, string>) =>
  `<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Oak Stool',
    offers: { '@type': 'Offer', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', ...offer },
  })}</script>`;

const microdata = (price: string) =>
  `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Oak Stool">` +
  `<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="${price}">` +
  `<meta itemprop="priceCurrency" content="EUR"><link itemprop="availability" href="https://schema.org/InStock"></div></div>`;

const page = (head: string, main: string) =>
  `<!doctype html><html lang="en"><head><title>Oak Stool</title>${head}</head><body><main>${main}</main></body></html>`;

function evaluate(html: string) {
  const artifacts = buildArtifacts({ products: [html] });
  const result = consistency.evaluate(artifacts);
  return { result, advice: () => consistency.advise(result, artifacts) };
}

describe('consistency: markup and page disagree', () => {
  it('reports a JSON-LD price the page does not show once, with both values and sources', () => {
    const { result, advice } = evaluate(
      page(jsonLd({ price: '150.00' }), '<h1>Oak Stool</h1><p class="price">€200.00</p><button>Add to cart</button>'),
    );
    expect(result.status).toBe('fail');
    expect(result.evidence).toEqual([
      { url: 'https://shop.example/products/item-1', value: 'price: JSON-LD 150.00 EUR, the page shows 200.00 EUR' },
    ]);
    expect(result.summary).toContain('price: JSON-LD 150.00 EUR, the page shows 200.00 EUR');
    expect(advice().why).toContain('price: JSON-LD 150.00 EUR, the page shows 200.00 EUR');
  });

  it('reports a microdata price that is the crossed-out list price beside the sale price', () => {
    const { result } = evaluate(
      page(
        '',
        `${microdata('18.00')}<h1>Oak Stool</h1><div class="price"><span class="price-sale">17,10 €</span> <del class="price-old">18,00 €</del></div><button>Add to cart</button>`,
      ),
    );
    expect(result.status).toBe('fail');
    expect(result.evidence.map((e) => e.value)).toEqual([
      'price: microdata 18.00 EUR, the page shows 17.10 EUR and 18.00 EUR as the list price',
    ]);
  });

  it('reports InStock markup on a page that shows the product sold out, once', () => {
    const { result } = evaluate(page(jsonLd({ price: '150.00' }), '<h1>Oak Stool</h1><p class="price">€150.00</p><p>Sold out</p>'));
    expect(result.evidence.map((e) => e.value)).toEqual([
      'availability: JSON-LD InStock, the page shows OutOfStock (sold out, no buy button)',
    ]);
  });

  it('reports OutOfStock markup on a page with an enabled buy button', () => {
    const { result } = evaluate(
      page(
        jsonLd({ price: '150.00', availability: 'https://schema.org/OutOfStock' }),
        '<h1>Oak Stool</h1><p class="price">€150.00</p><button type="submit">Add to cart</button>',
      ),
    );
    expect(result.evidence.map((e) => e.value)).toEqual([
      'availability: JSON-LD OutOfStock, the page shows InStock (an enabled buy button, nothing beside it says sold out)',
    ]);
  });

  it('passes a variant page whose markup price is one of the selling prices shown', () => {
    const variants =
      '<h1>Oak Stool</h1><p class="price">€120.00</p><ul><li>Small <span class="price">€100.00</span></li><li>Large <span class="price">€120.00</span></li></ul><button>Add to cart</button>';
    expect(evaluate(page(jsonLd({ price: '100.00' }), variants)).result).toMatchObject({ status: 'pass', evidence: [] });
  });
});
