import { describe, expect, it } from 'vitest';
import { discoveryChecks } from '#shared/scanner/checks/discovery/index.js';

describe('discovery checks', () => {
  it('follow the rubric: ids, order, dimension and points adding up to 10', () => {
    expect(discoveryChecks.map((c) => [c.id, c.points])).toEqual([
      ['sitemap', 3],
      ['product_sitemap', 2],
      ['site_search', 2],
      ['llms_txt', 1],
      ['catalog_endpoint', 1],
      ['agent_catalogs', 1],
    ]);
    expect(discoveryChecks.every((c) => c.dimension === 'discovery')).toBe(true);
    expect(discoveryChecks.reduce((sum, c) => sum + c.points, 0)).toBe(10);
  });
});
