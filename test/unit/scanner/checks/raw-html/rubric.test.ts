import { describe, expect, it } from 'vitest';
import { rawHtmlChecks } from '#shared/scanner/checks/raw-html/index.js';

describe('raw_html dimension', () => {
  it('has the rubric ids, in order, with points adding up to 15', () => {
    expect(rawHtmlChecks.map((check) => [check.id, check.points])).toEqual([
      ['ssr_text', 4],
      ['product_facts_in_html', 4],
      ['jsonld_not_js', 2],
      ['html_weight', 2],
      ['ttfb', 2],
      ['markdown_alternate', 1],
    ]);
    expect(rawHtmlChecks.reduce((sum, check) => sum + check.points, 0)).toBe(15);
    expect(rawHtmlChecks.every((check) => check.dimension === 'raw_html')).toBe(true);
  });
});
