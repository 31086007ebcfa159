import { describe, expect, it } from 'vitest';
import { validateMcpDiscovery } from '#shared/scanner/parse/well-known/mcp.js';
import { conformanceCorpus, orSkipped } from '../../../../support/outside-data.js';

const corpus = orSkipped(conformanceCorpus(), 'MCP server card conformance');
const origin = 'https://shop.example';
/** The corpus serves each card behind a catalog: the card is the document that is not the catalog. */
const cases = (corpus?.manifest().cases ?? []).filter((c) => c.standard === 'mcp_server_card');

describe.skipIf(corpus === undefined)('MCP server cards of the conformance corpus', () => {
  it.each(cases.map((c) => [c.id, c] as const))('%s is judged as its schema judges it', (_id, c) => {
    const card = c.serve.find((served) => !served.path.endsWith('/ai-catalog.json'));
    if (corpus === undefined || card === undefined) throw new Error(`${c.id} serves no card`);
    const result = validateMcpDiscovery(corpus.document(card, origin));
    expect(result.present).toBe(true);
    if (c.expected === 'valid') expect(result).toMatchObject({ valid: true, problems: [] });
    else expect(result.valid).toBe(false);
  });
});
