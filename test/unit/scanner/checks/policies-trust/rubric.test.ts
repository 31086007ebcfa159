import { describe, expect, it } from 'vitest';
import { policiesTrustChecks } from '#shared/scanner/checks/policies-trust/index.js';

describe('policies_trust dimension', () => {
  it('has the rubric ids in order and points adding up to 15', () => {
    expect(policiesTrustChecks.map((c) => [c.id, c.points])).toEqual([
      ['returns_structured', 3],
      ['shipping_structured', 3],
      ['policy_links', 4],
      ['org_identity', 2],
      ['https_hsts', 2],
      ['security_txt', 1],
    ]);
    expect(policiesTrustChecks.reduce((sum, c) => sum + c.points, 0)).toBe(15);
    expect(policiesTrustChecks.every((c) => c.dimension === 'policies_trust')).toBe(true);
  });
});
