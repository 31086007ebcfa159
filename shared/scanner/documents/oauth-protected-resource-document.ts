import { agentDocument } from '#shared/scanner/documents/agent-document.js';
import { validateProtectedResourceMetadata } from '#shared/scanner/parse/well-known/oauth.js';

/** RFC 9728 protected resource metadata; its reader judges the resource and how it was served. */
export const oauthProtectedResourceDocument = agentDocument({
  signal: null,
  paths: ['/.well-known/oauth-protected-resource'],
  media: null,
  read: (body, { origin, serving }) => validateProtectedResourceMetadata(body, origin, serving),
  checks: ['oauth_discovery'],
});
