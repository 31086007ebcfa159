import { describe, expect, it } from 'vitest';
import { validateApiCatalog } from '#shared/scanner/parse/well-known/api-catalog.js';

describe('validateApiCatalog (RFC 9727)', () => {
  it('reads item links and per-API service-desc / service-doc links (RFC 9727 appendix A shapes)', () => {
    const linkset = {
      linkset: [
        {
          anchor: 'https://www.example.com/.well-known/api-catalog',
          item: [{ href: 'https://developer.example.com/apis/foo_api' }, { href: 'https://developer.example.com/apis/bar_api' }],
        },
        {
          anchor: 'https://developer.example.com/apis/foo_api',
          'service-desc': [{ href: 'https://developer.example.com/apis/foo_api/spec', type: 'application/yaml' }],
          'service-doc': [{ href: 'https://developer.example.com/apis/foo_api/doc', type: 'text/html' }],
        },
      ],
    };
    expect(validateApiCatalog(JSON.stringify(linkset))).toEqual({
      present: true,
      valid: true,
      anchors: ['https://www.example.com/.well-known/api-catalog', 'https://developer.example.com/apis/foo_api'],
      relations: ['item', 'service-desc', 'service-doc'],
      linkCount: 4,
      problems: [],
    });
  });

  it('reads a nested api-catalog link given as a bare URL, as the RFC example does', () => {
    const linkset = {
      linkset: [
        {
          anchor: 'https://www.example.com/.well-known/api-catalog',
          item: [{ href: 'https://developer.example.com/apis/foo_api' }],
          'api-catalog': 'https://www.example.net/.well-known/api-catalog',
        },
      ],
    };
    expect(validateApiCatalog(JSON.stringify(linkset))).toMatchObject({ valid: true, relations: ['item', 'api-catalog'], linkCount: 2 });
  });

  it('names what is broken: no linkset array, targets without href, no links at all', () => {
    expect(validateApiCatalog('{"apis": []}')).toMatchObject({
      valid: false,
      problems: ['linkset: required array (RFC 9264 JSON linkset)'],
    });
    expect(
      validateApiCatalog('{"linkset": [{"anchor": "https://a.example/", "item": [{"title": "Foo"}], "service-desc": {"href": "x"}}, 3]}'),
    ).toMatchObject({
      valid: false,
      problems: [
        'linkset.0.item.0: href required',
        'linkset.0.service-desc: link targets must be an array',
        'linkset.1: not a link context object',
      ],
    });
    expect(validateApiCatalog('{"linkset": []}')).toMatchObject({ valid: false, problems: ['linkset lists no API links'] });
  });

  it('is not present for an HTML soft 404', () => {
    expect(validateApiCatalog('<html><head><title>404</title></head><body></body></html>')).toMatchObject({ present: false });
  });
});
