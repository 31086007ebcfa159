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

  it('warns when the HTML is over 100 KB and mostly markup and script', () => {
    const { result } = run(htmlWeight, { homepage: homepageWith(2, bloat(150_000)) });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('Heavy HTML on the homepage: 147 KB of HTML, 0% visible text');
  });

  it('never calls a small page heavy: under 100 KB, markup cannot crowd out the text', () => {
    const tiny =
      '<!doctype html><html><head><title>Tea</title><style>body{font-family:serif;margin:0 auto;max-width:40em}</style></head><body><h1>Tea</h1><p>Loose leaf tea.</p></body></html>';
    expect(run(htmlWeight, { homepage: tiny }).result.status).toBe('pass');
    expect(run(htmlWeight, { homepage: homepageWith(2, bloat(60_000)) }).result.status).toBe('pass');
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

  it('never shows a figure on the passing side of a threshold it fails', () => {
    const page = (visible: number, bytes: number) => ({
      body: `<html><body><p>${'w'.repeat(visible)}</p>${' '.repeat(bytes - visible - 33)}</body></html>`,
    });
    // 15,258 visible bytes of 102,400 (14.9%) is under 15%: shown as 14%, not rounded up to the threshold.
    const under = run(htmlWeight, { homepage: page(15_258, 102_400) }).result;
    expect(under.status).toBe('warn');
    expect(under.summary).toMatch(/, 14% visible text \(500 KB or less/);
    const at = run(htmlWeight, { homepage: page(15_360, 102_400) }).result;
    expect(at.status).toBe('pass');
    expect(at.summary).toMatch(/, 15% visible text$/);
    // Just over 500 KB reads 501 KB; exactly 500 KB passes.
    const over = run(htmlWeight, { homepage: page(200_000, 500 * 1024 + 100) }).result;
    expect(over.summary).toContain('501 KB of HTML');
    expect(over.status).toBe('warn');
    const limit = run(htmlWeight, { homepage: page(200_000, 500 * 1024) }).result;
    expect(limit).toMatchObject({ status: 'pass' });
    expect(limit.summary).toContain('500 KB of HTML');
  });

  it('is not assessed when no HTML page was fetched', () => {
    expect(run(htmlWeight, { homepage: { skipped: 'deadline' } }).result.status).toBe('not_assessed');
  });
});
