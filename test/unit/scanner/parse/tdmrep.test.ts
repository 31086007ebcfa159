import { describe, expect, it } from 'vitest';
import { effectiveTdm, tdmFromFile, tdmFromHeaders, tdmFromMetas, validateTdmrepJson } from '#shared/scanner/parse/tdmrep.js';
import type { TdmrepFile } from '#shared/scanner/parse/tdmrep.js';

// A publisher-style file: the shop reserves TDM everywhere except its press kit, with a policy for the catalog.
const realisticFile = JSON.stringify(
  [
    { location: '/press/*', 'tdm-reservation': 0 },
    { location: '/products/*', 'tdm-reservation': 1, 'tdm-policy': 'https://shop.example/policies/tdm-policy.json' },
    { location: '/', 'tdm-reservation': 1 },
  ],
  null,
  2,
);

function file(body: string): TdmrepFile {
  const parsed = validateTdmrepJson(body);
  if (!parsed.present) throw new Error(`not present: ${parsed.problems.join('; ')}`);
  return parsed;
}

describe('validateTdmrepJson', () => {
  it('reads every rule of a well-formed file', () => {
    const parsed = file(realisticFile);
    expect(parsed.valid).toBe(true);
    expect(parsed.rules).toEqual([
      { location: '/press/*', reservation: false, policy: null },
      { location: '/products/*', reservation: true, policy: 'https://shop.example/policies/tdm-policy.json' },
      { location: '/', reservation: true, policy: null },
    ]);
  });

  it('counts an HTML soft 404, an empty body or non-JSON as no file', () => {
    expect(validateTdmrepJson('<!doctype html><html><body>Page not found</body></html>')).toMatchObject({ present: false });
    expect(validateTdmrepJson('')).toMatchObject({ present: false });
    expect(validateTdmrepJson('tdm-reservation: 1')).toMatchObject({ present: false });
  });

  it('names what is broken in a file that is JSON but not a rule list', () => {
    expect(file('{"tdm-reservation": 1}')).toMatchObject({ valid: false, problems: ['tdmrep.json is not an array of rules'] });
    expect(file('[]')).toMatchObject({ valid: false, problems: ['tdmrep.json lists no rules'] });
    const broken = file(
      JSON.stringify([
        { location: 'products', 'tdm-reservation': 1 },
        { location: '/', 'tdm-reservation': 'yes', 'tdm-policy': 'policies/tdm.json' },
        'nope',
      ]),
    );
    expect(broken.valid).toBe(false);
    expect(broken.problems).toEqual([
      'rule 1 has no location path starting with "/"',
      'rule 2 tdm-reservation "yes" is not 0 or 1, so it counts as unset',
      'rule 2 tdm-policy "policies/tdm.json" is not an absolute http(s) URL',
      'rule 3 is not an object',
    ]);
    expect(broken.rules).toEqual([{ location: '/', reservation: null, policy: null }]);
  });
});

describe('tdmFromFile', () => {
  it('applies the first rule whose location matches the page', () => {
    const parsed = file(realisticFile);
    expect(tdmFromFile(parsed, 'https://shop.example/press/kit.pdf')).toMatchObject({ reservation: false, location: '/press/*' });
    expect(tdmFromFile(parsed, 'https://shop.example/products/oak-desk?variant=2')).toMatchObject({
      source: 'tdmrep.json',
      reservation: true,
      policy: 'https://shop.example/policies/tdm-policy.json',
      location: '/products/*',
    });
    expect(tdmFromFile(parsed, 'https://shop.example/')).toMatchObject({ reservation: true, location: '/' });
  });

  it('says nothing for a page no rule covers', () => {
    expect(tdmFromFile(file('[{"location": "/blog/*", "tdm-reservation": 1}]'), 'https://shop.example/products/mug')).toBeNull();
  });
});

describe('TDMRep in headers and HTML', () => {
  it('reads the response header fields', () => {
    expect(tdmFromHeaders({ 'content-type': 'text/html', 'tdm-reservation': '1', 'tdm-policy': 'https://shop.example/tdm.json' })).toEqual({
      source: 'header',
      reservation: true,
      policy: 'https://shop.example/tdm.json',
      location: null,
      problems: [],
    });
    expect(tdmFromHeaders({ 'content-type': 'text/html' })).toBeNull();
  });

  it('treats any value but 0 or 1 as unset and says so', () => {
    expect(tdmFromHeaders({ 'tdm-reservation': 'true' })).toMatchObject({
      reservation: null,
      problems: ['header tdm-reservation "true" is not 0 or 1, so it counts as unset'],
    });
    expect(tdmFromHeaders({ 'tdm-policy': 'https://shop.example/tdm.json' })).toMatchObject({
      reservation: null,
      problems: ['header names a tdm-policy without tdm-reservation'],
    });
  });

  it('reads the meta tags the page facts collected', () => {
    const metas = [
      { name: 'viewport', content: 'width=device-width' },
      { name: 'tdm-reservation', content: '0' },
    ];
    expect(tdmFromMetas(metas)).toMatchObject({ source: 'meta', reservation: false, policy: null, problems: [] });
    expect(tdmFromMetas([{ name: 'description', content: 'Mugs' }])).toBeNull();
  });
});

describe('effectiveTdm', () => {
  it('takes the header, else the meta tags, else the well-known file, skipping unset ones', () => {
    const header = tdmFromHeaders({ 'tdm-reservation': '0' });
    const meta = tdmFromMetas([{ name: 'tdm-reservation', content: '1' }]);
    const fromFile = tdmFromFile(file(realisticFile), 'https://shop.example/');
    const unsetHeader = tdmFromHeaders({ 'tdm-reservation': '2' });
    if (!header || !meta || !fromFile || !unsetHeader) throw new Error('fixtures must parse');
    expect(effectiveTdm([fromFile, meta, header])).toBe(header);
    expect(effectiveTdm([fromFile, meta, unsetHeader])).toBe(meta);
    expect(effectiveTdm([fromFile, unsetHeader])).toBe(fromFile);
    expect(effectiveTdm([unsetHeader])).toBeNull();
  });
});
