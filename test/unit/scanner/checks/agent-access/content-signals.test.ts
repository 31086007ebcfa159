import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { contentSignals } from '#shared/scanner/checks/agent-access/content-signals.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';
import { homepage, productPage, values } from '#test/unit/scanner/checks/agent-access/fixtures.js';

// A managed robots.txt as CDNs serve it in late 2026, with an RSL license line.
const managedRobots = [
  '# As a condition of accessing this website, you agree to abide by the following content signals:',
  'User-agent: *',
  'Content-Signal: search=yes, ai-train=no',
  'Allow: /',
  'Disallow: /checkout',
  '',
  'License: https://shop.example/license.xml',
  'Sitemap: https://shop.example/sitemap.xml',
  '',
].join('\n');

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

describe('content_signals', () => {
  it('passes coherent Content-Signal lines', () => {
    const { result } = run(contentSignals, { robots: 'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n' });
    expect(result.status).toBe('pass');
    expect(values(result)).toContain('line 2: Content-Signal: search=yes, ai-input=yes, ai-train=no');
  });

  it('warns on a line that does not parse', () => {
    const { artifacts, result } = run(contentSignals, { robots: 'User-agent: *\nContent-Signal: search=maybe\nAllow: /\n' });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('search=maybe: value must be yes or no');
    expect(contentSignals.advise(result, artifacts).snippet).toContain('Content-Signal: search=yes, ai-input=yes, ai-train=no');
  });

  it('fails when a signal grants a use the rules make impossible', () => {
    const { artifacts, result } = run(contentSignals, { robots: 'User-agent: *\nDisallow: /\nContent-Signal: search=yes, ai-train=no\n' });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('grants search but the same group disallows /');
    expect(contentSignals.advise(result, artifacts).snippet).toBe(
      'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /',
    );
  });

  it('is not applicable when no usage preference is stated anywhere', () => {
    const { result } = run(contentSignals, { robots: 'User-agent: *\nDisallow: /cart\n', homepage: homepage });
    expect(result.status).toBe('not_applicable');
    expect(result.summary).toBe(
      'No usage preferences stated: no Content-Signal or Content-Usage line in robots.txt, no Content-Usage or TDMRep header, no tdmrep.json, no RSL License',
    );
    expect(run(contentSignals, {}).result.status).toBe('not_applicable');
  });

  it('is not assessed when robots.txt failed to load and nothing else states a preference', () => {
    expect(run(contentSignals, { robots: { failed: 'unreachable' } }).result.status).toBe('not_assessed');
  });

  it('passes when the Content-Usage header, TDMRep and robots.txt agree', () => {
    const { result } = run(contentSignals, {
      robots: managedRobots,
      homepage: {
        body: homepage,
        headers: {
          'content-usage': 'train-ai=n, search=y',
          'tdm-reservation': '1',
          'tdm-policy': 'https://shop.example/policies/tdm.json',
        },
      },
      tdmrep: JSON.stringify([{ location: '/', 'tdm-reservation': 1, 'tdm-policy': 'https://shop.example/policies/tdm.json' }]),
    });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe(
      'Usage preferences parse and agree: robots.txt (1 line), the Content-Usage header, TDMRep and an RSL License',
    );
    expect(values(result)).toContain('Content-Usage header: train-ai=n, search=y');
    expect(values(result)).toContain('TDMRep header: tdm-reservation 1 (reserved), tdm-policy https://shop.example/policies/tdm.json');
    expect(values(result)).toContain('tdmrep.json rule /: tdm-reservation 1 (reserved), tdm-policy https://shop.example/policies/tdm.json');
    expect(values(result)).toContain('License: https://shop.example/license.xml (RSL licensing terms)');
  });

  it('fails when the Content-Usage header contradicts the robots.txt signals', () => {
    const { artifacts, result } = run(contentSignals, {
      robots: managedRobots,
      homepage: { body: homepage, headers: { 'Content-Usage': 'train-ai=y' } },
    });
    expect(result.status).toBe('fail');
    expect(result.summary).toBe(
      'Usage preferences contradict each other: the Content-Usage header allows AI training but robots.txt line 3 (Content-Signal) refuses it',
    );
    expect(contentSignals.advise(result, artifacts).snippet).toBe(
      'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /',
    );
  });

  it('judges the scanned product page, not the homepage, when the scan started on a product', () => {
    const { result } = run(contentSignals, {
      robots: 'User-agent: *\nDisallow: /products/\n',
      scannedPageIsProduct: true,
      products: [{ url: 'https://shop.example/products/oak-desk', body: productPage, headers: { 'content-usage': 'search=y' } }],
    });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('the Content-Usage header allows search but robots.txt disallows this page for every crawler');
  });

  it('fails when a TDM reservation meets an explicit ai-train=yes', () => {
    const { artifacts, result } = run(contentSignals, {
      robots: 'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=yes\nAllow: /\n',
      tdmrep: JSON.stringify([{ location: '/', 'tdm-reservation': 1 }]),
    });
    expect(result.status).toBe('fail');
    expect(result.summary).toBe(
      'Usage preferences contradict each other: tdmrep.json (location /) reserves text and data mining but robots.txt line 2 (Content-Signal: search=yes, ai-input=yes, ai-train=yes) allows AI training',
    );
    expect(contentSignals.advise(result, artifacts).snippet).toContain('ai-train=no');
  });

  it('reads the TDMRep meta tags of the page', () => {
    const withMeta = homepage.replace('<title>', '<meta name="tdm-reservation" content="1"><title>');
    const { result } = run(contentSignals, { homepage: withMeta });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe('Usage preferences parse and agree: TDMRep');
    expect(values(result)).toContain('TDMRep meta: tdm-reservation 1 (reserved)');
  });

  it('warns on a tdmrep.json that is JSON but not a rule list, and on a relative License URL', () => {
    const broken = run(contentSignals, { tdmrep: '{"tdm-reservation": 1}' }).result;
    expect(broken.status).toBe('warn');
    expect(broken.summary).toBe('A usage preference cannot be read: tdmrep.json: tdmrep.json is not an array of rules');
    const license = run(contentSignals, { robots: 'License: /license.xml\nUser-agent: *\nAllow: /\n' }).result;
    expect(license.status).toBe('warn');
    expect(license.summary).toBe('A usage preference cannot be read: line 1: License "/license.xml" is not an absolute http(s) URL');
  });

  it('treats a tdmrep.json soft 404 as no file', () => {
    const { result } = run(contentSignals, { tdmrep: { status: 200, body: '<!doctype html><html><body>Not found</body></html>' } });
    expect(result.status).toBe('not_applicable');
  });

  it('judges the header and TDMRep even when robots.txt could not be fetched', () => {
    const { result } = run(contentSignals, {
      robots: { failed: 'timeout' },
      homepage: { body: homepage, headers: { 'content-usage': 'train-ai=n' } },
    });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe('Usage preferences parse and agree: the Content-Usage header');
  });
});
