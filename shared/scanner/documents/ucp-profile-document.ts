import { agentDocument } from '#shared/scanner/documents/agent-document.js';
import { validateUcpProfile } from '#shared/scanner/parse/well-known/ucp.js';
import { ucpVersions } from '#shared/scanner/parse/well-known/ucp/versions.js';

/** The Universal Commerce Protocol business profile; its reader judges how it was served (JSON, no redirect). */
export const ucpProfileDocument = agentDocument({
  signal: 'ucp',
  paths: ['/.well-known/ucp'],
  media: null,
  read: (body, { serving }) => validateUcpProfile(body, serving),
  versions: ucpVersions,
  declared: (profile) => profile.declared,
  checks: ['ucp_profile', 'oauth_discovery', 'mcp_discovery'],
});
