/**
 * The UCP validator against the standard's own examples in the conformance corpus (read from beside the
 * repository through test/support/outside-data.ts; skipped, saying why, where it is absent): each document
 * is judged as the UCP business profile schema judges it.
 */
import { describe, expect, it } from 'vitest';
import { validateUcpProfile } from '#shared/scanner/parse/well-known/ucp.js';
import { conformanceCorpus, orSkipped } from '#test/support/outside-data.js';

const corpus = orSkipped(conformanceCorpus(), 'ucp-conformance.test.ts');
const cases = corpus?.manifest().cases.filter((entry) => entry.standard === 'ucp') ?? [];
const origin = 'https://shop.example';

describe.skipIf(corpus === undefined)('UCP profiles in the conformance corpus', () => {
  it('holds UCP cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases.map((entry) => [entry.id, entry] as const))('%s is judged as its schema judges it', (_, entry) => {
    const served = entry.serve.find((document) => document.path === '/.well-known/ucp') ?? entry.serve[0]!;
    const result = validateUcpProfile(corpus!.document(served, origin));
    expect(result.present).toBe(true);
    if (entry.expected === 'valid') expect(result).toMatchObject({ valid: true, problems: [] });
    else expect(result.valid).toBe(false);
    if (result.present) expect(result.declared.version).toBe(entry.declares);
  });
});
