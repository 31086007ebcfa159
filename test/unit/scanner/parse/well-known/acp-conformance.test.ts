import { describe, expect, it } from 'vitest';
import { validateAcpDiscovery } from '#shared/scanner/parse/well-known/acp.js';
import { conformanceCorpus, orSkipped } from '#test/support/outside-data.js';

const corpus = orSkipped(conformanceCorpus(), 'ACP discovery conformance');
const cases = corpus?.manifest().cases.filter((entry) => entry.standard === 'acp') ?? [];

describe.skipIf(corpus === undefined)('validateAcpDiscovery on the standard’s own examples', () => {
  it.each(cases.map((entry) => [entry.id, entry] as const))('%s is judged as its schema judges it', (_, entry) => {
    for (const served of entry.serve) {
      const result = validateAcpDiscovery(corpus?.document(served, 'https://shop.example') ?? '');
      if (entry.expected === 'valid') expect(result).toMatchObject({ present: true, valid: true, problems: [] });
      else expect(result.valid).toBe(false);
    }
  });
});
