/**
 * The crawler product tokens the rubric evaluates robots.txt for (docs/rubric.md, `robots_ai_agents` and
 * `training_policy`), with the uses each one exists for. The uses feed the content-signal
 * contradiction check.
 */

export type AgentCategory = 'ai_search' | 'training';
/** The uses named by Content-Signal (search, ai-input, ai-train); Content-Usage keys map onto them. */
export type UsePurpose = 'search' | 'ai-input' | 'ai-train';

export interface KnownAgent {
  token: string;
  category: AgentCategory;
  purposes: readonly UsePurpose[];
}

/** AI search and user-initiated agents: blocking them makes a shop invisible to agents (score cap). */
export const AI_SEARCH_AGENTS: readonly KnownAgent[] = [
  { token: 'OAI-SearchBot', category: 'ai_search', purposes: ['search', 'ai-input'] },
  { token: 'ChatGPT-User', category: 'ai_search', purposes: ['ai-input'] },
  { token: 'Claude-SearchBot', category: 'ai_search', purposes: ['search', 'ai-input'] },
  { token: 'Claude-User', category: 'ai_search', purposes: ['ai-input'] },
  { token: 'PerplexityBot', category: 'ai_search', purposes: ['search', 'ai-input'] },
  { token: 'Perplexity-User', category: 'ai_search', purposes: ['ai-input'] },
  { token: 'Applebot', category: 'ai_search', purposes: ['search'] },
  { token: 'Amzn-SearchBot', category: 'ai_search', purposes: ['search'] },
  { token: 'DuckAssistBot', category: 'ai_search', purposes: ['ai-input'] },
  { token: 'Bingbot', category: 'ai_search', purposes: ['search'] },
  { token: 'Googlebot', category: 'ai_search', purposes: ['search'] },
];

/** Training-only crawlers: reported in `training_policy`, never penalised. */
export const TRAINING_AGENTS: readonly KnownAgent[] = [
  { token: 'GPTBot', category: 'training', purposes: ['ai-train'] },
  { token: 'ClaudeBot', category: 'training', purposes: ['ai-train'] },
  { token: 'Google-Extended', category: 'training', purposes: ['ai-train'] },
  { token: 'Applebot-Extended', category: 'training', purposes: ['ai-train'] },
  { token: 'CCBot', category: 'training', purposes: ['ai-train'] },
  { token: 'meta-externalagent', category: 'training', purposes: ['ai-train'] },
  { token: 'Bytespider', category: 'training', purposes: ['ai-train'] },
];

export const KNOWN_AGENTS: readonly KnownAgent[] = [...AI_SEARCH_AGENTS, ...TRAINING_AGENTS];

export function findKnownAgent(token: string): KnownAgent | undefined {
  const wanted = token.toLowerCase();
  return KNOWN_AGENTS.find((agent) => agent.token.toLowerCase() === wanted);
}
