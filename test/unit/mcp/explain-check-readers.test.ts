/** explain_check answers in an owner's words: no source paths or decision numbers (issue 41). */
import { describe, expect, it } from 'vitest';
import { allChecks } from '#shared/scanner/checks/index.js';
import { explainCheck } from '#shared/mcp/explain-check.js';
import { checkExplanations } from '#shared/scanner/checks/check-explanations.js';

describe('explain_check', () => {
  it.each(allChecks.map((check) => check.id))('%s: names no source file or decision', (id) => {
    const { checks, fix } = explainCheck(id);
    for (const text of [checks, fix]) {
      expect(text).not.toMatch(/shared\/|bin\/|docs\/|decisions? \d{3}/);
      expect(text).not.toMatch(/\(\s*\)|\(\s*[;,:]| {2}/);
    }
  });

  it('keeps what the rubric says, only without its references', () => {
    expect(checkExplanations.robots_ai_agents.checks).toContain('`shared/scanner/parse/robots-agents.ts`');
    const { checks } = explainCheck('robots_ai_agents');
    expect(checks).toContain('the 17 AI search and user-initiated agents (OAI-SearchBot, ChatGPT-User');
    expect(checks).toContain('else `*`: Applebot follows the Googlebot group');
    const edge = explainCheck('edge_agent_access').checks;
    expect(edge).toContain("the scanner's own token appended (ChatGPT-User, Google-Agent");
    expect(edge).toContain('at most 3 at once, no retries.');
  });
});
