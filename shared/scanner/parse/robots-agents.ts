/**
 * The crawler product tokens the rubric evaluates robots.txt for (docs/rubric.md, `robots_ai_agents`,
 * `training_policy` and "Assistants"; sources and the date each was checked in docs/standards.md), with the
 * uses each one exists for and the assistant it serves. The uses feed the content-signal contradiction check.
 */

import type { AssistantId } from '#shared/model/scans/scan-result.js';

/**
 * ai_search: search and user-initiated agents; blocking them hides the shop from an assistant.
 * training: training-only crawlers, never penalised and never blocking an assistant.
 * other: vendor crawlers for other jobs (ads review, research, a site's own enterprise agent, mixed use):
 * reported, never penalised.
 */
export type AgentCategory = 'ai_search' | 'training' | 'other';
/** The uses named by Content-Signal (search, ai-input, ai-train); Content-Usage keys map onto them. */
export type UsePurpose = 'search' | 'ai-input' | 'ai-train';

export interface KnownAgent {
  token: string;
  category: AgentCategory;
  purposes: readonly UsePurpose[];
  /** The assistant whose find step this agent serves; null for agents no rubric assistant depends on. */
  assistant: AssistantId | null;
  /** A search crawler indexes ahead of time; a user agent fetches when a person asks. */
  role: 'search' | 'user' | 'training' | 'other';
  /**
   * Tokens whose group the agent follows, in order, when no group names it, before `*`, as its vendor
   * documents (decision 104). Never the reverse: a token listed here does not follow this agent's group.
   */
  fallback?: readonly string[];
}

/** AI search and user-initiated agents: blocking them makes a shop invisible to agents (score cap). */
export const AI_SEARCH_AGENTS: readonly KnownAgent[] = [
  { token: 'OAI-SearchBot', category: 'ai_search', purposes: ['search', 'ai-input'], assistant: 'chatgpt', role: 'search' },
  { token: 'ChatGPT-User', category: 'ai_search', purposes: ['ai-input'], assistant: 'chatgpt', role: 'user' },
  { token: 'Claude-SearchBot', category: 'ai_search', purposes: ['search', 'ai-input'], assistant: 'claude', role: 'search' },
  { token: 'Claude-User', category: 'ai_search', purposes: ['ai-input'], assistant: 'claude', role: 'user' },
  { token: 'PerplexityBot', category: 'ai_search', purposes: ['search', 'ai-input'], assistant: 'perplexity', role: 'search' },
  { token: 'Perplexity-User', category: 'ai_search', purposes: ['ai-input'], assistant: 'perplexity', role: 'user' },
  // Apple: "If robots instructions don't mention Applebot but do mention Googlebot, the Apple robot will follow Googlebot instructions."
  { token: 'Applebot', category: 'ai_search', purposes: ['search'], assistant: 'apple', role: 'search', fallback: ['Googlebot'] },
  { token: 'Amzn-SearchBot', category: 'ai_search', purposes: ['search'], assistant: 'amazon', role: 'search' },
  { token: 'Amzn-User', category: 'ai_search', purposes: ['ai-input'], assistant: 'amazon', role: 'user' },
  { token: 'DuckAssistBot', category: 'ai_search', purposes: ['ai-input'], assistant: null, role: 'user' },
  { token: 'Bingbot', category: 'ai_search', purposes: ['search'], assistant: 'copilot', role: 'search' },
  { token: 'Googlebot', category: 'ai_search', purposes: ['search'], assistant: 'google', role: 'search' },
  { token: 'Google-Agent', category: 'ai_search', purposes: ['ai-input'], assistant: 'google', role: 'user' },
  { token: 'MistralAI-User', category: 'ai_search', purposes: ['ai-input'], assistant: 'mistral', role: 'user' },
  { token: 'MistralAI-Index', category: 'ai_search', purposes: ['search'], assistant: 'mistral', role: 'search' },
  { token: 'Meta-WebIndexer', category: 'ai_search', purposes: ['search', 'ai-input'], assistant: 'meta', role: 'search' },
  { token: 'Meta-ExternalFetcher', category: 'ai_search', purposes: ['ai-input'], assistant: 'meta', role: 'user' },
];

/** Training-only crawlers: reported in `training_policy`, never penalised. */
export const TRAINING_AGENTS: readonly KnownAgent[] = [
  { token: 'GPTBot', category: 'training', purposes: ['ai-train'], assistant: null, role: 'training' },
  { token: 'ClaudeBot', category: 'training', purposes: ['ai-train'], assistant: null, role: 'training' },
  { token: 'Google-Extended', category: 'training', purposes: ['ai-train'], assistant: null, role: 'training' },
  { token: 'Applebot-Extended', category: 'training', purposes: ['ai-train'], assistant: null, role: 'training' },
  { token: 'CCBot', category: 'training', purposes: ['ai-train'], assistant: null, role: 'training' },
  { token: 'meta-externalagent', category: 'training', purposes: ['ai-train'], assistant: null, role: 'training' },
  { token: 'Bytespider', category: 'training', purposes: ['ai-train'], assistant: null, role: 'training' },
];

/** Vendor crawlers for other jobs: reported beside the others, never penalised, never blocking an assistant. */
export const OTHER_AI_AGENTS: readonly KnownAgent[] = [
  { token: 'OAI-AdsBot', category: 'other', purposes: [], assistant: null, role: 'other' },
  { token: 'GoogleOther', category: 'other', purposes: [], assistant: null, role: 'other' },
  { token: 'Google-CloudVertexBot', category: 'other', purposes: [], assistant: null, role: 'other' },
  { token: 'Amazonbot', category: 'other', purposes: ['search', 'ai-train'], assistant: null, role: 'other' },
];

export const KNOWN_AGENTS: readonly KnownAgent[] = [...AI_SEARCH_AGENTS, ...TRAINING_AGENTS, ...OTHER_AI_AGENTS];

export function findKnownAgent(token: string): KnownAgent | undefined {
  const wanted = token.toLowerCase();
  return KNOWN_AGENTS.find((agent) => agent.token.toLowerCase() === wanted);
}

/**
 * The lower-case tokens whose group `token` follows when no group names it, in the order its vendor documents
 * them; empty for tokens without a documented fallback (they go straight to `*`).
 */
export function fallbackTokens(token: string): string[] {
  return (findKnownAgent(token)?.fallback ?? []).map((fallback) => fallback.toLowerCase());
}
