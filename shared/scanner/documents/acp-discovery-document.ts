import { agentDocument } from '#shared/scanner/documents/agent-document.js';
import { acpVersions, validateAcpDiscovery } from '#shared/scanner/parse/well-known/acp.js';
import { mediaRules } from '#shared/scanner/signals/document-status.js';

/** The Agentic Commerce Protocol discovery document. */
export const acpDiscoveryDocument = agentDocument({
  signal: 'acp',
  paths: ['/.well-known/acp.json'],
  media: mediaRules.json,
  read: (body) => validateAcpDiscovery(body),
  versions: acpVersions,
  declared: (discovery) => discovery.declared,
  checks: ['acp_ready'],
});
