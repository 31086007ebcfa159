import { describe, expect, it } from 'vitest';
import { validateApiCatalog } from '#shared/scanner/parse/well-known/api-catalog.js';
import type { Serving } from '#shared/scanner/parse/well-known/serving.js';

const catalogUrl = 'https://shop.example/.well-known/api-catalog';
const served = (contentType: string | null): Serving => ({
  contentType,
  redirected: false,
  finalUrl: catalogUrl,
  canonicalUrl: catalogUrl,
});

/** An RFC 9727 catalog of bookmarks: `item` links from the catalog to each API. */
const BOOKMARKS = {
  linkset: [
    {
      anchor: catalogUrl,
      item: [{ href: 'https://api.shop.example/orders' }, { href: 'https://api.shop.example/catalog' }],
    },
  ],
};

/** An RFC 9727 catalog describing each API through RFC 8631 relations anchored at it. */
const DESCRIBED = {
  linkset: [
    {
      anchor: 'https://api.shop.example/orders',
      'service-desc': [{ href: 'https://api.shop.example/orders/openapi.json', type: 'application/openapi+json' }],
      'service-doc': [{ href: 'https://developers.shop.example/orders', type: 'text/html' }],
      'service-meta': [{ href: 'https://api.shop.example/orders/policies', type: 'application/json' }],
      status: [{ href: 'https://api.shop.example/orders/health' }],
    },
    {
      anchor: 'https://api.shop.example/catalog',
      'service-desc': [{ href: 'https://api.shop.example/catalog/openapi.yaml', type: 'application/yaml' }],
    },
  ],
};

function problemsOf(doc: unknown): string[] {
  return validateApiCatalog(JSON.stringify(doc)).problems;
}

function warningsOf(doc: unknown): string[] {
  const result = validateApiCatalog(JSON.stringify(doc));
  return result.present ? result.warnings : [];
}

/** A one-context catalog whose `item` targets are `targets`. */
const withItems = (...targets: unknown[]) => ({ linkset: [{ anchor: catalogUrl, item: targets }] });

describe('validateApiCatalog (RFC 9727 over RFC 9264): conforming catalogs', () => {
  it('reads a catalog of item links', () => {
    expect(validateApiCatalog(JSON.stringify(BOOKMARKS))).toEqual({
      present: true,
      valid: true,
      anchors: [catalogUrl],
      relations: ['item'],
      linkCount: 2,
      problems: [],
      warnings: [],
    });
  });

  it('reads service-desc, service-doc, service-meta and status links anchored at each API', () => {
    expect(validateApiCatalog(JSON.stringify(DESCRIBED))).toEqual({
      present: true,
      valid: true,
      anchors: ['https://api.shop.example/orders', 'https://api.shop.example/catalog'],
      relations: ['service-desc', 'service-doc', 'service-meta', 'status'],
      linkCount: 5,
      problems: [],
      warnings: [],
    });
  });

  it('reads nested catalogs linked by the api-catalog relation', () => {
    const nested = { linkset: [{ anchor: catalogUrl, 'api-catalog': [{ href: 'https://eu.shop.example/.well-known/api-catalog' }] }] };
    expect(validateApiCatalog(JSON.stringify(nested))).toMatchObject({ valid: true, relations: ['api-catalog'], linkCount: 1 });
  });

  it('takes every target attribute in the shape RFC 9264 section 4.2.4 gives it', () => {
    const target = {
      href: 'https://api.shop.example/orders',
      type: 'application/openapi+json; version=3.1',
      hreflang: ['en', 'de-CH'],
      media: 'screen',
      title: 'Orders API',
      'title*': [{ value: 'API des commandes', language: 'fr' }, { value: 'Orders' }],
      audience: ['partners'],
      'note*': [{ value: 'Bestellungen', language: 'de' }],
    };
    expect(problemsOf(withItems(target))).toEqual([]);
  });

  it('takes an extension relation type named by a URI, and href "" for the catalog itself', () => {
    const doc = {
      linkset: [
        { anchor: catalogUrl, item: [{ href: 'https://api.shop.example/orders' }], 'https://shop.example/rels/sandbox': [{ href: '' }] },
      ],
    };
    expect(validateApiCatalog(JSON.stringify(doc))).toMatchObject({
      valid: true,
      relations: ['item', 'https://shop.example/rels/sandbox'],
      linkCount: 2,
      warnings: [],
    });
  });
});

describe('validateApiCatalog: what the RFCs only recommend is a warning', () => {
  it('warns of a link context without an anchor (RFC 9264 section 4) but accepts it', () => {
    const result = validateApiCatalog(JSON.stringify({ linkset: [{ item: [{ href: 'https://api.shop.example/orders' }] }] }));
    expect(result).toMatchObject({ valid: true, problems: [], anchors: [], linkCount: 1 });
    expect(warningsOf({ linkset: [{ item: [{ href: 'https://api.shop.example/orders' }] }] })).toEqual([
      `linkset.0: no "anchor", so the link context is the catalog's own URL; name it explicitly (RFC 9264 section 4)`,
    ]);
  });

  it('warns of relative anchors and hrefs but accepts them', () => {
    const doc = { linkset: [{ anchor: '/apis/orders', 'service-desc': [{ href: 'openapi.json' }] }] };
    expect(problemsOf(doc)).toEqual([]);
    expect(warningsOf(doc)).toEqual([
      'linkset.0.anchor: "/apis/orders" is relative; write the absolute URI so agents can use the catalog on its own (RFC 9264 section 4)',
      'linkset.0.service-desc.0.href: "openapi.json" is relative; write the absolute URI so agents can use the catalog on its own (RFC 9264 section 4)',
    ]);
  });

  it('warns of members beside linkset (RFC 9264 section 4.2.1) but accepts them', () => {
    const doc = { ...BOOKMARKS, '@context': 'https://example.org/ctx', generated: '2026-01-01' };
    expect(problemsOf(doc)).toEqual([]);
    expect(warningsOf(doc)).toEqual([
      `"@context", "generated": "linkset" should be the document's only member (RFC 9264 section 4.2.1); agents ignore the rest`,
    ]);
  });

  it('warns of a link context that holds no links', () => {
    const doc = { linkset: [...BOOKMARKS.linkset, { anchor: 'https://api.shop.example/retired', 'service-desc': [] }] };
    expect(problemsOf(doc)).toEqual([]);
    expect(warningsOf(doc)).toEqual(['linkset.1: this link context holds no links']);
  });
});

describe('validateApiCatalog: the structure RFC 9264 requires', () => {
  it('requires a JSON object with a linkset array, even for one link context', () => {
    expect(problemsOf([BOOKMARKS])).toEqual(['the document must be a JSON object with a "linkset" array (RFC 9264 section 4.2.1)']);
    expect(problemsOf({ apis: [] })).toEqual(['linkset: required array of link context objects (RFC 9264 section 4.2.1), even for one']);
    expect(problemsOf({ linkset: BOOKMARKS.linkset[0] })).toEqual([
      'linkset: required array of link context objects (RFC 9264 section 4.2.1), even for one',
    ]);
  });

  it('requires at least one link to an API (RFC 9727 section 4.1)', () => {
    const none = 'linkset lists no API links: add an "item" link to each API (RFC 9727 section 4.1)';
    expect(problemsOf({ linkset: [] })).toEqual([none]);
    expect(problemsOf({ linkset: [{ anchor: catalogUrl }] })).toEqual([none]);
    expect(problemsOf({ linkset: [{ anchor: catalogUrl, item: [] }] })).toEqual([none]);
  });

  it.each([
    ['a string', 3],
    ['an array', [BOOKMARKS.linkset[0]]],
    ['null', null],
  ])('refuses a link context that is %s', (_what, context) => {
    expect(problemsOf({ linkset: [BOOKMARKS.linkset[0], context] })).toEqual([
      'linkset.1: must be a link context object, e.g. {"anchor": "https://...", "item": [{"href": "https://..."}]}',
    ]);
  });

  it('refuses an anchor that is not a URI reference string', () => {
    expect(problemsOf({ linkset: [{ ...BOOKMARKS.linkset[0], anchor: 42 }] })).toEqual(['linkset.0.anchor: must be a URI string']);
    expect(problemsOf({ linkset: [{ ...BOOKMARKS.linkset[0], anchor: 'https://shop.example/my apis' }] })).toEqual([
      'linkset.0.anchor: "https://shop.example/my apis" is not a URI reference (percent-encode spaces and other characters URIs do not allow)',
    ]);
  });

  it.each([
    ['a bare URL, as in RFC 9727 section 5.1', 'https://eu.shop.example/.well-known/api-catalog'],
    ['a single target object', { href: 'https://eu.shop.example/.well-known/api-catalog' }],
    ['null', null],
  ])('refuses relation values that are not arrays: %s', (_what, value) => {
    expect(problemsOf({ linkset: [{ ...BOOKMARKS.linkset[0], 'api-catalog': value }] })).toEqual([
      'linkset.0.api-catalog: link targets must be an array of objects, e.g. [{"href": "https://..."}], even for one target (RFC 9264 section 4.2.2)',
    ]);
  });

  it('refuses a relation type that is neither a registered name nor a URI', () => {
    expect(problemsOf({ linkset: [{ anchor: catalogUrl, 'service desc': [{ href: 'https://api.shop.example/spec' }] }] })).toEqual([
      'linkset.0.service desc: a relation type must be a registered name such as item or service-desc, or a URI (RFC 9264 section 4.2.2)',
    ]);
  });

  it('refuses link targets that are not objects, and objects without an href', () => {
    expect(problemsOf(withItems('https://api.shop.example/orders'))).toEqual([
      'linkset.0.item.0: must be a link target object with an "href", e.g. {"href": "https://..."}',
    ]);
    expect(problemsOf(withItems({ title: 'Orders API' }, { href: 'https://api.shop.example/ok' }))).toEqual([
      `linkset.0.item.0.href: required, the link target's URI ("" for the catalog itself)`,
    ]);
    expect(problemsOf(withItems({ href: null }, { href: 'https://api.shop.example/ok' }))).toEqual([
      'linkset.0.item.0.href: must be a URI string',
    ]);
    expect(problemsOf(withItems({ href: 'https://api.shop.example/ö' }))).toEqual([
      'linkset.0.item.0.href: "https://api.shop.example/ö" is not a URI reference (percent-encode spaces and other characters URIs do not allow)',
    ]);
  });

  it.each([
    [
      'hreflang',
      'en',
      'linkset.0.item.0.hreflang: must be an array of language tags, e.g. ["en"], even for one (RFC 9264 section 4.2.4.1)',
    ],
    ['hreflang', ['en_GB'], 'linkset.0.item.0.hreflang.0: must be a language tag such as en or de-CH'],
    ['type', 'json', 'linkset.0.item.0.type: must be a media type such as application/json or text/html'],
    ['type', ['application/json'], 'linkset.0.item.0.type: must be a media type string such as application/json'],
    ['title', { en: 'Orders' }, 'linkset.0.item.0.title: must be a string (RFC 9264 section 4.2.4.1)'],
    ['media', 1, 'linkset.0.item.0.media: must be a string (RFC 9264 section 4.2.4.1)'],
    [
      'title*',
      'Bestellungen',
      'linkset.0.item.0.title*: must be an array of {"value": ..., "language": ...} objects (RFC 9264 section 4.2.4.2)',
    ],
    ['title*', [], 'linkset.0.item.0.title*: must hold at least one {"value": ...} object'],
    ['title*', [{ language: 'de' }], 'linkset.0.item.0.title*.0.value: required, the attribute text'],
    ['title*', [{ value: 3 }], 'linkset.0.item.0.title*.0.value: must be a string'],
    [
      'title*',
      [{ value: 'Bestellungen', language: 'deutsch sprache' }],
      'linkset.0.item.0.title*.0.language: must be a language tag such as en or de-CH',
    ],
    [
      'audience',
      'partners',
      'linkset.0.item.0.audience: an extension attribute must be an array of strings, e.g. ["value"], even for one value (RFC 9264 section 4.2.4.3)',
    ],
    ['audience', [1], 'linkset.0.item.0.audience.0: each value must be a string'],
    ['note*', ['plain'], 'linkset.0.item.0.note*.0: each value must be a {"value": ..., "language": ...} object'],
  ])('refuses the target attribute %s: %j', (name, value, problem) => {
    expect(problemsOf(withItems({ href: 'https://api.shop.example/orders', [name]: value }))).toEqual([problem]);
  });

  it('names the first ten problems of a catalog that breaks every rule, and how many more', () => {
    const hostile = withItems(...Array.from({ length: 500 }, () => ({ title: 1 })));
    const { problems } = validateApiCatalog(JSON.stringify(hostile));
    expect(problems).toHaveLength(11);
    expect(problems[10]).toBe('990 more problems');
  });
});

describe('validateApiCatalog: how it was served (RFC 9727 section 4.2)', () => {
  it('accepts application/linkset+json with the RFC 9727 profile, among others', () => {
    const profiled = validateApiCatalog(
      JSON.stringify(BOOKMARKS),
      served('application/linkset+json; profile="https://example.org/p https://www.rfc-editor.org/info/rfc9727"'),
    );
    expect(profiled).toMatchObject({ valid: true, problems: [], warnings: [] });
  });

  it('warns when the profile parameter is missing', () => {
    expect(validateApiCatalog(JSON.stringify(BOOKMARKS), served('application/linkset+json'))).toMatchObject({
      valid: true,
      warnings: ['Content-Type has no profile="https://www.rfc-editor.org/info/rfc9727" parameter (RFC 9727 section 4.2)'],
    });
  });

  it('refuses another media type, worded as the signals inventory words it', () => {
    expect(validateApiCatalog(JSON.stringify(BOOKMARKS), served('application/json'))).toMatchObject({
      valid: false,
      problems: ['served as application/json, expected application/linkset+json'],
    });
    expect(validateApiCatalog(JSON.stringify(BOOKMARKS), served(null)).problems).toEqual([
      'served as no Content-Type, expected application/linkset+json',
    ]);
  });

  it('is not present for an HTML soft 404', () => {
    expect(validateApiCatalog('<html><head><title>404</title></head><body></body></html>')).toMatchObject({ present: false });
  });
});
