import { agentDocument } from '#shared/scanner/documents/agent-document.js';
import { a2aVersions, validateAgentCard } from '#shared/scanner/parse/well-known/a2a.js';
import { A2A_AGENT_CARD_MEDIA_TYPE } from '#shared/scanner/parse/well-known/ai-catalog/media-types.js';
import { mediaRules } from '#shared/scanner/signals/document-status.js';

/** The A2A agent card, at its well-known path or listed in the AI Catalog. */
export const a2aAgentCardDocument = agentDocument({
  signal: 'a2a_agent_card',
  paths: ['/.well-known/agent-card.json'],
  catalogTypes: [A2A_AGENT_CARD_MEDIA_TYPE],
  media: mediaRules.json,
  read: (body) => validateAgentCard(body),
  versions: a2aVersions,
  declared: (card) => card.declared,
  checks: ['a2a_ap2'],
});
