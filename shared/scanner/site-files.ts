import type { Retrieval, SiteArtifacts, SiteFile } from '#shared/scanner/artifacts.js';
import { parseRobotsTxt } from '#shared/scanner/parse/robots.js';

/** The fixed set fetched at the start of every scan, in parallel with the homepage. */
export const fixedPaths = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  llmsTxt: '/llms.txt',
  agentsMd: '/agents.md',
  securityTxt: '/.well-known/security.txt',
  ucp: '/.well-known/ucp',
  acp: '/.well-known/acp.json',
  oauthAuthorizationServer: '/.well-known/oauth-authorization-server',
  oauthProtectedResource: '/.well-known/oauth-protected-resource',
  mcp: '/.well-known/mcp.json',
  mcpServerCard: '/.well-known/mcp/server-card',
  mcpServerCardJson: '/.well-known/mcp/server-card.json',
  agentCard: '/.well-known/agent-card.json',
  tdmrep: '/.well-known/tdmrep.json',
  aiCatalog: '/.well-known/ai-catalog.json',
  apiCatalog: '/.well-known/api-catalog',
} as const;

/** The body of a successful (2xx) fetch, else null. */
export function successBody(retrieval: Retrieval): string | null {
  if (retrieval.state !== 'fetched') return null;
  const { status, text } = retrieval.resource;
  return status >= 200 && status < 300 ? text : null;
}

export function siteFile<T>(url: string, retrieval: Retrieval, validate: (body: string) => T): SiteFile<T> {
  const body = successBody(retrieval);
  return { url, retrieval, result: body === null ? null : validate(body) };
}

export function robotsFile(url: string, retrieval: Retrieval): SiteArtifacts['robots'] {
  const parsed =
    retrieval.state === 'fetched'
      ? parseRobotsTxt({
          status: retrieval.resource.status,
          body: retrieval.resource.text,
          contentType: retrieval.resource.headers['content-type'] ?? null,
        })
      : parseRobotsTxt({ status: 'unreachable' });
  return { url, retrieval, result: parsed.source === 'file' ? parsed : null, parsed };
}
