import { agentDocument } from '#shared/scanner/documents/agent-document.js';
import { aiCatalogScheme, validateAiCatalog } from '#shared/scanner/parse/well-known/ai-catalog.js';
import { mediaRules } from '#shared/scanner/signals/document-status.js';

/** The AI Catalog: the host's list of AI artifacts, whose entries lead to server cards and agent cards. */
export const aiCatalogDocument = agentDocument({
  signal: 'ai_catalog',
  paths: ['/.well-known/ai-catalog.json'],
  media: mediaRules.aiCatalog,
  read: (body) => validateAiCatalog(body),
  versions: aiCatalogScheme,
  declared: (catalog) => catalog.declared,
  checks: ['agent_catalogs'],
});
