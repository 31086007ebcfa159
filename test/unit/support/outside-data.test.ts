import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { conformanceCorpus, orSkipped, productPages } from '#test/support/outside-data.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'outside-data-'));
const missing = path.join(scratch, 'missing');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function folder(name: string, files: Record<string, string | Buffer>): string {
  const dir = path.join(scratch, name);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const oneCase = {
  id: 'card',
  standard: 'mcp_server_card',
  signal: 'mcp_server_card',
  class: 'current',
  declares: 'v1',
  expected: 'valid',
  serve: [
    { path: '/.well-known/mcp.json', doc: 'mcp/card.json' },
    { path: '/.well-known/ai-catalog.json', doc: 'mcp/catalog.json', template: true },
  ],
  source: { repo: 'owner/spec', path: 'examples/card.json', commit: 'abc', licence: 'MIT', where: 'line 3' },
  label: 'schema: valid',
};

describe('the real product pages', () => {
  it('are read from PRODUCT_PAGES_DIR: the labels, and each page unzipped', () => {
    const dir = folder('pages', {
      'ground-truth.json': JSON.stringify({ p1: { url: 'https://shop.example/p1', price: ['9.99'], sku: ['A-1'] } }),
      'html/p1.html.gz': gzipSync('<html>p1</html>'),
    });
    const pages = productPages({ PRODUCT_PAGES_DIR: dir });
    if (!pages.present) throw new Error(pages.reason);
    expect(pages.dir).toBe(dir);
    expect(pages.groundTruth()).toEqual({ p1: { url: 'https://shop.example/p1', price: ['9.99'], sku: ['A-1'] } });
    expect(pages.html('p1').toString('utf8')).toBe('<html>p1</html>');
  });

  it('are absent, in one line naming the variable and the folder, where the folder has no labels', () => {
    expect(productPages({ PRODUCT_PAGES_DIR: missing })).toEqual({
      present: false,
      reason: `real product pages absent: no ground-truth.json in ${missing} (PRODUCT_PAGES_DIR=${missing})`,
    });
  });

  it('default to the shared folder beside the repository when the variable is unset or empty', () => {
    const beside = path.resolve(repoRoot, '..', 'shared', 'fixtures', 'product-pages');
    for (const env of [{}, { PRODUCT_PAGES_DIR: '' }]) {
      const pages = productPages(env);
      if (pages.present) expect(pages.dir).toBe(beside);
      else
        expect(pages.reason).toBe(
          `real product pages absent: no ground-truth.json in ${beside} (PRODUCT_PAGES_DIR unset, its default beside the repository)`,
        );
    }
  });
});

describe('the conformance corpus', () => {
  it('is read from CONFORMANCE_DIR: the manifest checked, and each document as served, templates filled in', () => {
    const dir = folder('conformance', {
      'manifest.json': JSON.stringify({ about: 'examples', cases: [oneCase] }),
      'mcp/card.json': '{"name":"{{origin}}"}',
      'mcp/catalog.json': '{"url":"{{origin}}/mcp.json"}',
    });
    const corpus = conformanceCorpus({ CONFORMANCE_DIR: dir });
    if (!corpus.present) throw new Error(corpus.reason);
    const [only] = corpus.manifest().cases;
    expect(only).toEqual(oneCase);
    expect(corpus.document(only!.serve[0]!, 'http://127.0.0.1:4000')).toBe('{"name":"{{origin}}"}');
    expect(corpus.document(only!.serve[1]!, 'http://127.0.0.1:4000')).toBe('{"url":"http://127.0.0.1:4000/mcp.json"}');
  });

  it('refuses a manifest whose cases lack what the README promises', () => {
    const { expected: _dropped, ...noVerdict } = oneCase;
    const dir = folder('broken', { 'manifest.json': JSON.stringify({ about: 'examples', cases: [noVerdict] }) });
    const corpus = conformanceCorpus({ CONFORMANCE_DIR: dir });
    if (!corpus.present) throw new Error(corpus.reason);
    expect(() => corpus.manifest()).toThrow(/expected/);
  });

  it('is absent, in one line naming the variable and the folder, where the folder has no manifest', () => {
    expect(conformanceCorpus({ CONFORMANCE_DIR: missing })).toEqual({
      present: false,
      reason: `conformance corpus absent: no manifest.json in ${missing} (CONFORMANCE_DIR=${missing})`,
    });
  });
});

describe('orSkipped', () => {
  it('says in one line what is skipped and why, and gives nothing', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(orSkipped(productPages({ PRODUCT_PAGES_DIR: missing }), 'real-pages.test.ts')).toBeUndefined();
      expect(log.mock.calls).toEqual([
        [`real-pages.test.ts skipped: real product pages absent: no ground-truth.json in ${missing} (PRODUCT_PAGES_DIR=${missing})`],
      ]);
    } finally {
      log.mockRestore();
    }
  });

  it('gives the corpus when it is there, saying nothing', () => {
    const dir = folder('present', { 'manifest.json': JSON.stringify({ about: 'examples', cases: [] }) });
    const corpus = conformanceCorpus({ CONFORMANCE_DIR: dir });
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(orSkipped(corpus, 'conformance')).toBe(corpus);
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });
});
