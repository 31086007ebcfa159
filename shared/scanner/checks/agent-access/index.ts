import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { botWall } from './bot-wall.js';
import { contentSignals } from './content-signals.js';
import { edgeAgentAccess } from './edge-agent-access.js';
import { indexable } from './indexable.js';
import { robotsAiAgents } from './robots-ai-agents.js';
import { robotsHygiene } from './robots-hygiene.js';
import { trainingPolicy } from './training-policy.js';
import { webBotAuth } from './web-bot-auth.js';

/** `agent_access` (20 points), in rubric order. */
export const agentAccessChecks: CheckDefinition[] = [
  robotsAiAgents,
  trainingPolicy,
  botWall,
  webBotAuth,
  edgeAgentAccess,
  indexable,
  robotsHygiene,
  contentSignals,
];
