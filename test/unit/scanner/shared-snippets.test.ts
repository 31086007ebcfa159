import { describe, expect, it } from 'vitest';
import type { Recommendation } from '#shared/model/scans/scan-result.js';
import { jsonLdScript } from '#shared/scanner/checks/wording.js';
import { shareSnippets } from '#shared/scanner/shared-snippets.js';

const page = 'https://shop.example/products/boot';

function fix(checkId: string, snippet: unknown, effort: Recommendation['effort'] = 'S'): Recommendation {
  return {
    checkId,
    priority: 'medium',
    title: `Fix ${checkId}`,
    why: `Why ${checkId}`,
    fix: `Do ${checkId}`,
    snippet: snippet === null ? null : typeof snippet === 'string' ? snippet : jsonLdScript(snippet),
    estimatedGain: 2,
    effort,
  };
}

const product = (extra: Record<string, unknown>, url = page) => ({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Boot',
  offers: { '@type': 'Offer', url, price: '<price, e.g. 19.99>' },
  ...extra,
});

const blockIn = (recommendation: Recommendation | undefined) =>
  JSON.parse(/<script type="application\/ld\+json">\n([\s\S]*)\n<\/script>/.exec(recommendation?.snippet ?? '')![1]!) as Record<
    string,
    unknown
  >;

describe('one Product block for the findings it fixes', () => {
  const list = [
    fix('identifiers', product({ gtin13: '<GTIN>' })),
    fix('offer_core', product({ offers: { '@type': 'Offer', url: page, priceCurrency: '<ISO 4217>' } })),
    fix('schema_present', product({}), 'M'),
    fix('reviews', product({ aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5 } })),
    fix('llms_txt', null),
  ];
  const shared = shareSnippets(list);

  it('keeps the order, one entry per check, and every text and gain', () => {
    expect(shared.map((recommendation) => recommendation.checkId)).toEqual(list.map((recommendation) => recommendation.checkId));
    expect(shared.map(({ title, why, fix: text, estimatedGain }) => [title, why, text, estimatedGain])).toEqual(
      list.map(({ title, why, fix: text, estimatedGain }) => [title, why, text, estimatedGain]),
    );
  });

  it('gives the block to the root check, with every field the others ask for', () => {
    const lead = shared.find((recommendation) => recommendation.checkId === 'schema_present');
    expect(lead?.sameFixAs).toBeUndefined();
    expect(blockIn(lead)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Boot',
      gtin13: '<GTIN>',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5 },
      offers: { '@type': 'Offer', url: page, price: '<price, e.g. 19.99>', priceCurrency: '<ISO 4217>' },
    });
  });

  it('points the others to it and drops their copies; a finding without a block is left alone', () => {
    const others = shared.filter((recommendation) => ['identifiers', 'offer_core', 'reviews'].includes(recommendation.checkId));
    expect(others.map((recommendation) => [recommendation.snippet, recommendation.sameFixAs])).toEqual([
      [null, 'schema_present'],
      [null, 'schema_present'],
      [null, 'schema_present'],
    ]);
    expect(shared[4]).toBe(list[4]);
  });
});

describe('what is not shared', () => {
  it('takes another page’s fields as placeholders, never its values', () => {
    const shared = shareSnippets([
      fix('offer_core', product({})),
      fix(
        'identifiers',
        product({ gtin13: '4006381333931', brand: { '@type': 'Brand', name: 'Acme' } }, 'https://shop.example/products/sock'),
      ),
    ]);
    expect(blockIn(shared[0])).toMatchObject({ name: 'Boot', gtin13: '<gtin13>', brand: { '@type': 'Brand', name: '<name>' } });
    expect(blockIn(shared[0]).offers).toEqual({ '@type': 'Offer', url: page, price: '<price, e.g. 19.99>' });
  });

  it('keeps blocks of different types apart, a lone block as it is, and a snippet that is not one JSON-LD object', () => {
    const organization = { '@context': 'https://schema.org', '@type': 'Organization', name: 'Shop' };
    const list = [
      fix('org_identity', organization),
      fix('attributes', product({ color: '<colour>' })),
      fix('robots_ai_agents', 'User-agent: GPTBot\nAllow: /'),
      fix('jsonld_not_js', '<script type="application/ld+json">\n[1, 2]\n</script>'),
    ];
    expect(shareSnippets(list)).toEqual(list);
  });

  it('lets the first in the list lead when no root check is among them', () => {
    const shared = shareSnippets([fix('reviews', product({ review: [] })), fix('attributes', product({ color: '<colour>' }))]);
    expect(shared.map((recommendation) => recommendation.sameFixAs)).toEqual([undefined, 'reviews']);
    expect(blockIn(shared[0])).toMatchObject({ review: [], color: '<colour>' });
  });
});
