import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { htmlWeight } from '#shared/scanner/checks/raw-html/html-weight.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';
import { homepageWith, richHomepage, values } from '#test/unit/scanner/checks/raw-html/fixtures.js';

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

describe('html_weight', () => {
  const bloat = (chars: number) => `<script>window.__STATE__=${JSON.stringify({ blob: 'x'.repeat(chars) })}</script>`;

  it('passes light HTML that is mostly text', () => {
    const { result } = run(htmlWeight, { homepage: richHomepage });
    expect(result.status).toBe('pass');
    expect(result.summary).toMatch(/^Lean HTML on the homepage: \d+ KB of HTML, \d+% visible text$/);
  });

  it('warns when the HTML is small but mostly markup and script', () => {
    const { result } = run(htmlWeight, { homepage: homepageWith(2, bloat(60_000)) });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('Heavy HTML on the homepage: 59 KB of HTML, 1% visible text');
  });

  it('fails HTML over 500 KB with little text, and truncated HTML', () => {
    expect(run(htmlWeight, { homepage: homepageWith(2, bloat(600_000)) }).result.status).toBe('fail');
    const cut = run(htmlWeight, { homepage: { body: richHomepage, truncated: true } }).result;
    expect(cut.status).toBe('fail');
    expect(values(cut)).toContain('the scanner stopped reading there');
  });

  it('averages across the pages fetched', () => {
    const { result } = run(htmlWeight, { homepage: richHomepage, products: [homepageWith(2, bloat(600_000))] });
    expect(result.status).toBe('warn');
    expect(result.score).toBe(0.5);
    expect(result.summary).toContain('/products/item-1');
  });

  it('is not assessed when no HTML page was fetched', () => {
    expect(run(htmlWeight, { homepage: { skipped: 'deadline' } }).result.status).toBe('not_assessed');
  });
});
