import { agentDocument } from '#shared/scanner/documents/agent-document.js';
import { validateAuthorizationServerMetadata } from '#shared/scanner/parse/well-known/oauth.js';

/** RFC 8414 authorization server metadata (UCP identity linking needs it); its reader judges the issuer and how it was served. */
export const oauthAuthorizationServerDocument = agentDocument({
  signal: 'oauth_authorization_server',
  paths: ['/.well-known/oauth-authorization-server'],
  media: null,
  read: (body, { origin, serving }) => validateAuthorizationServerMetadata(body, origin, serving),
  checks: ['oauth_discovery'],
});
