import { describe, expect, it } from 'vitest';
import { agenticCommerceChecks } from '#shared/scanner/checks/agentic-commerce/index.js';

describe('agentic commerce checks', () => {
  it('follow the rubric: ids, order, dimension and points adding up to 15', () => {
    expect(agenticCommerceChecks.map((c) => [c.id, c.points])).toEqual([
      ['ucp_profile', 4],
      ['oauth_discovery', 1],
      ['acp_ready', 2],
      ['mcp_discovery', 2],
      ['a2a_ap2', 1],
      ['actionable_forms', 3],
      ['checkout_friction', 2],
    ]);
    expect(agenticCommerceChecks.every((c) => c.dimension === 'agentic_commerce')).toBe(true);
    expect(agenticCommerceChecks.reduce((sum, c) => sum + c.points, 0)).toBe(15);
  });
});
