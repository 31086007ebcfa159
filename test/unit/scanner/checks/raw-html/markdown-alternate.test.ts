import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { markdownAlternate } from '#shared/scanner/checks/raw-html/markdown-alternate.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';
import { homepageWith, richHomepage, values } from '#test/unit/scanner/checks/raw-html/fixtures.js';

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

describe('markdown_alternate', () => {
  it('passes when Accept: text/markdown gets markdown', () => {
    const { result } = run(markdownAlternate, {
      homepage: richHomepage,
      markdown: {
        body: '# Oak & Ash\n\nHandmade furniture for small spaces.',
        headers: { 'content-type': 'text/markdown; charset=utf-8' },
      },
    });
    expect(result.status).toBe('pass');
    expect(values(result)).toContain('Content-Type: text/markdown; charset=utf-8');
  });

  it('passes on a rel=alternate markdown link', () => {
    const { result } = run(markdownAlternate, {
      homepage: homepageWith(2, '<link rel="alternate" type="text/markdown" href="/index.md">'),
    });
    expect(result.status).toBe('pass');
    expect(values(result)).toContain('href="/index.md"');
  });

  it('fails when the server answers with HTML or refuses, advising a link', () => {
    const refused = run(markdownAlternate, { homepage: richHomepage });
    expect(refused.result.status).toBe('fail');
    expect(values(refused.result)).toContain('answered HTTP 406');
    expect(markdownAlternate.advise(refused.result, refused.artifacts).snippet).toBe(
      '<link rel="alternate" type="text/markdown" href="https://shop.example/index.md">',
    );
    const html = run(markdownAlternate, {
      homepage: richHomepage,
      markdown: { body: richHomepage, headers: { 'content-type': 'text/markdown' } },
    });
    expect(html.result.status).toBe('fail');
  });

  it('is not assessed when the markdown request failed or was rate limited', () => {
    expect(run(markdownAlternate, { homepage: richHomepage, markdown: { failed: 'timeout' } }).result.status).toBe('not_assessed');
    expect(run(markdownAlternate, { homepage: richHomepage, markdown: { status: 429, body: '' } }).result.status).toBe('not_assessed');
  });
});
