/**
 * Every agent-facing document the scanner reads, declared once (agent-document.ts). The keys are where
 * each lands in the gathered artifacts. Adding a document is one file beside this one, its entry here and
 * its type in SiteArtifacts; adding a version is a change to its reader's version table.
 */
import type { SiteArtifacts } from '#shared/scanner/artifacts.js';
import { a2aAgentCardDocument } from '#shared/scanner/documents/a2a-agent-card-document.js';
import { acpDiscoveryDocument } from '#shared/scanner/documents/acp-discovery-document.js';
import type { AgentDocument } from '#shared/scanner/documents/agent-document.js';
import { agentsMdDocument } from '#shared/scanner/documents/agents-md-document.js';
import { aiCatalogDocument } from '#shared/scanner/documents/ai-catalog-document.js';
import { apiCatalogDocument } from '#shared/scanner/documents/api-catalog-document.js';
import { llmsTxtDocument } from '#shared/scanner/documents/llms-txt-document.js';
import { mcpServerCardDocument } from '#shared/scanner/documents/mcp-server-card-document.js';
import { oauthAuthorizationServerDocument } from '#shared/scanner/documents/oauth-authorization-server-document.js';
import { oauthProtectedResourceDocument } from '#shared/scanner/documents/oauth-protected-resource-document.js';
import { securityTxtDocument } from '#shared/scanner/documents/security-txt-document.js';
import { tdmrepDocument } from '#shared/scanner/documents/tdmrep-document.js';
import { ucpProfileDocument } from '#shared/scanner/documents/ucp-profile-document.js';

export const agentDocuments = {
  llmsTxt: llmsTxtDocument,
  agentsMd: agentsMdDocument,
  securityTxt: securityTxtDocument,
  ucp: ucpProfileDocument,
  acp: acpDiscoveryDocument,
  oauthAuthorizationServer: oauthAuthorizationServerDocument,
  oauthProtectedResource: oauthProtectedResourceDocument,
  mcpServerCard: mcpServerCardDocument,
  agentCard: a2aAgentCardDocument,
  tdmrep: tdmrepDocument,
  aiCatalog: aiCatalogDocument,
  apiCatalog: apiCatalogDocument,
} as const satisfies { [Name in keyof SiteArtifacts]?: AgentDocument<ResultOf<SiteArtifacts[Name]>> };

type ResultOf<File> = File extends { result: infer R | null }
  ? Exclude<R, null> & { present: boolean; valid: boolean; problems: string[] }
  : never;

export type DocumentName = keyof typeof agentDocuments;

export const documentNames = Object.keys(agentDocuments) as DocumentName[];

/** The document by name, typed loosely enough to read any of them in one loop. */
export function documentOf(name: DocumentName): AgentDocument<{ present: boolean; valid: boolean; problems: string[] }> {
  return agentDocuments[name] as AgentDocument<{ present: boolean; valid: boolean; problems: string[] }>;
}
