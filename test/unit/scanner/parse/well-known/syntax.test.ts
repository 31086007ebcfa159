import { describe, expect, it } from 'vitest';
import { isAbsoluteUriReference, isLanguageTag, isMediaType, isUriReference } from '#shared/scanner/parse/well-known/syntax.js';

describe('URI references (RFC 3986 section 4.1)', () => {
  it.each([
    'https://shop.example/apis/orders?version=2#top',
    'urn:example:catalog',
    'mailto:api@shop.example',
    'http://[2001:db8::1]:8080/path',
    '/apis/orders',
    '../spec.yaml',
    '?page=2',
    '#section',
    '',
    'https://shop.example/caf%C3%A9',
    'segment/with:colon-later',
  ])('takes %j as a URI reference', (value) => {
    expect(isUriReference(value)).toBe(true);
  });

  it.each([
    ['a space', 'https://shop.example/my api'],
    ['a non-ASCII character', 'https://shop.example/café'],
    ['a broken percent escape', 'https://shop.example/%G1'],
    ['two fragments', 'https://shop.example/#a#b'],
    ['a colon in a relative first segment', '1api:orders'],
    ['brackets outside the host', 'https://shop.example/[x]'],
    ['a double quote', 'https://shop.example/"x"'],
  ])('refuses %s', (_why, value) => {
    expect(isUriReference(value)).toBe(false);
  });

  it('tells an absolute URI from a relative reference', () => {
    expect(isAbsoluteUriReference('https://shop.example/api')).toBe(true);
    expect(isAbsoluteUriReference('urn:isbn:0451450523')).toBe(true);
    expect(isAbsoluteUriReference('/api')).toBe(false);
    expect(isAbsoluteUriReference('')).toBe(false);
    expect(isAbsoluteUriReference('https://shop.example/a b')).toBe(false);
  });
});

describe('language tags and media types', () => {
  it('takes BCP 47 tags in form, without a registry look-up', () => {
    for (const tag of ['en', 'en-US', 'zh-Hant-TW', 'de-CH-1996', 'x-private']) expect(isLanguageTag(tag)).toBe(true);
    for (const tag of ['', 'en_US', 'en US', 'englishlanguage', '-en']) expect(isLanguageTag(tag)).toBe(false);
  });

  it('takes type/subtype with parameters', () => {
    for (const type of ['application/json', 'text/html', 'application/openapi+json; version=3.1', 'application/vnd.oai.openapi+json'])
      expect(isMediaType(type)).toBe(true);
    for (const type of ['json', 'application/', '/json', 'text html', '']) expect(isMediaType(type)).toBe(false);
  });
});
