import { agentDocument } from '#shared/scanner/documents/agent-document.js';
import { validateApiCatalog } from '#shared/scanner/parse/well-known/api-catalog.js';
import { mediaRules } from '#shared/scanner/signals/document-status.js';

/** RFC 9727 API catalog: a linkset of the shop's APIs. */
export const apiCatalogDocument = agentDocument({
  signal: 'api_catalog',
  paths: ['/.well-known/api-catalog'],
  media: mediaRules.linkset,
  read: (body, { serving }) => validateApiCatalog(body, serving),
  checks: ['agent_catalogs'],
});
