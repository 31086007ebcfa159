import { describe, expect, it } from 'vitest';
import { validateAiCatalog } from '#shared/scanner/parse/well-known/ai-catalog.js';
import { conformanceCorpus, orSkipped } from '../../../../support/outside-data.js';

const corpus = orSkipped(conformanceCorpus(), 'AI Catalog conformance');
const cases = (corpus?.manifest().cases ?? []).filter((c) => c.standard === 'ai_catalog');

describe.skipIf(corpus === undefined)('AI Catalogs of the conformance corpus', () => {
  it.each(cases.map((c) => [c.id, c] as const))('%s is judged as expected', (_id, c) => {
    const served = c.serve.find((s) => s.path.endsWith('/ai-catalog.json'));
    if (corpus === undefined || served === undefined) throw new Error(`${c.id} serves no catalog`);
    const result = validateAiCatalog(corpus.document(served, 'https://shop.example'));
    expect(result.present).toBe(true);
    if (c.expected === 'valid') expect(result).toMatchObject({ valid: true, problems: [] });
    else expect(result.valid).toBe(false);
  });
});
