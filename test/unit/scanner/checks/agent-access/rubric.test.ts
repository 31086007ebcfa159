import { describe, expect, it } from 'vitest';
import { agentAccessChecks } from '#shared/scanner/checks/agent-access/index.js';

describe('agent_access dimension', () => {
  it('has the rubric ids, in order, with points adding up to 20', () => {
    expect(agentAccessChecks.map((check) => [check.id, check.points])).toEqual([
      ['robots_ai_agents', 6],
      ['training_policy', 0],
      ['bot_wall', 5],
      ['web_bot_auth', 1],
      ['edge_agent_access', 2],
      ['indexable', 4],
      ['robots_hygiene', 1],
      ['content_signals', 1],
    ]);
    expect(agentAccessChecks.reduce((sum, check) => sum + check.points, 0)).toBe(20);
    expect(agentAccessChecks.every((check) => check.dimension === 'agent_access')).toBe(true);
  });
});
