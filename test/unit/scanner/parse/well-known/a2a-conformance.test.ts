import { describe, expect, it } from 'vitest';
import { validateAgentCard } from '#shared/scanner/parse/well-known/a2a.js';
import { conformanceCorpus, orSkipped } from '#test/support/outside-data.js';

const corpus = orSkipped(conformanceCorpus(), 'A2A agent card conformance');
const cases = corpus?.manifest().cases.filter((entry) => entry.standard === 'a2a') ?? [];

describe.skipIf(corpus === undefined)('validateAgentCard on the standard’s own examples', () => {
  it.each(cases.map((entry) => [entry.id, entry] as const))('%s is judged as its schema judges it', (_, entry) => {
    for (const served of entry.serve) {
      const result = validateAgentCard(corpus?.document(served, 'https://shop.example') ?? '');
      if (entry.expected === 'valid') expect(result).toMatchObject({ present: true, valid: true, problems: [] });
      else expect(result.valid).toBe(false);
    }
  });
});
