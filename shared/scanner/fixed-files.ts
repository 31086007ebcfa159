import type { Retrieval, SiteArtifacts } from '#shared/scanner/artifacts.js';
import { validateLlmsTxt } from '#shared/scanner/parse/llms-txt-parser.js';
import { validateSecurityTxt } from '#shared/scanner/parse/security-txt-parser.js';
import { validateAgentCard } from '#shared/scanner/parse/well-known/a2a.js';
import { validateAiCatalog } from '#shared/scanner/parse/well-known/ai-catalog.js';
import { validateApiCatalog } from '#shared/scanner/parse/well-known/api-catalog.js';
import { validateAcpDiscovery } from '#shared/scanner/parse/well-known/acp.js';
import { validateMcpDiscovery } from '#shared/scanner/parse/well-known/mcp.js';
import { validateUcpProfile } from '#shared/scanner/parse/well-known/ucp.js';
import { validateAuthorizationServerMetadata, validateProtectedResourceMetadata } from '#shared/scanner/parse/well-known/oauth.js';
import type { Serving } from '#shared/scanner/parse/well-known/serving.js';
import { validateTdmrepJson } from '#shared/scanner/parse/tdmrep.js';
import { servedSiteFile } from '#shared/scanner/served-site-file.js';
import { fixedPaths, siteFile } from '#shared/scanner/site-files.js';

/** The fixed set's small files: everything of it but robots.txt and the sitemap, which load in their own ways. */
export const fixedFiles = [
  'llmsTxt',
  'agentsMd',
  'securityTxt',
  'ucp',
  'acp',
  'oauthAuthorizationServer',
  'oauthProtectedResource',
  'mcp',
  'mcpServerCard',
  'mcpServerCardJson',
  'agentCard',
  'tdmrep',
  'aiCatalog',
  'apiCatalog',
] as const satisfies readonly (keyof typeof fixedPaths & keyof SiteArtifacts)[];

export type FixedFile = (typeof fixedFiles)[number];

type Readers = { [Name in FixedFile]: (retrieval: Retrieval) => SiteArtifacts[Name] };

/**
 * How each small file is read once it has answered: `at` builds its URL on the scanned URL's origin,
 * `origin` is the shop's after the homepage's redirects (where a served file belongs).
 */
function readersFor(at: (path: string) => string, origin: string, startedAt: number): Readers {
  const file =
    <T>(name: FixedFile, validate: (body: string) => T) =>
    (retrieval: Retrieval) =>
      siteFile(at(fixedPaths[name]), retrieval, validate);
  const served =
    <T>(name: FixedFile, validate: (body: string, serving: Serving) => T) =>
    (retrieval: Retrieval) =>
      servedSiteFile(at(fixedPaths[name]), `${origin}${fixedPaths[name]}`, retrieval, validate);
  return {
    llmsTxt: file('llmsTxt', validateLlmsTxt),
    agentsMd: file('agentsMd', validateLlmsTxt),
    securityTxt: file('securityTxt', (body) => validateSecurityTxt(body, new Date(startedAt))),
    ucp: served('ucp', validateUcpProfile),
    acp: file('acp', validateAcpDiscovery),
    oauthAuthorizationServer: served('oauthAuthorizationServer', (body, serving) =>
      validateAuthorizationServerMetadata(body, origin, serving),
    ),
    oauthProtectedResource: served('oauthProtectedResource', (body, serving) => validateProtectedResourceMetadata(body, origin, serving)),
    mcp: file('mcp', validateMcpDiscovery),
    mcpServerCard: file('mcpServerCard', validateMcpDiscovery),
    mcpServerCardJson: file('mcpServerCardJson', validateMcpDiscovery),
    agentCard: file('agentCard', validateAgentCard),
    tdmrep: file('tdmrep', validateTdmrepJson),
    aiCatalog: file('aiCatalog', validateAiCatalog),
    apiCatalog: file('apiCatalog', validateApiCatalog),
  };
}

/** The small files as the checks read them, each validated as soon as it has answered. */
export async function readFixedFiles(
  at: (path: string) => string,
  origin: string,
  startedAt: number,
  fetched: Record<FixedFile, Promise<Retrieval>>,
): Promise<Pick<SiteArtifacts, FixedFile>> {
  const readers = readersFor(at, origin, startedAt);
  const read = await Promise.all(fixedFiles.map(async (name) => [name, readers[name](await fetched[name])] as const));
  return Object.fromEntries(read) as Pick<SiteArtifacts, FixedFile>;
}
