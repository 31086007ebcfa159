import type { Retrieval, SiteArtifacts } from '#shared/scanner/artifacts.js';
import { parseRobotsTxt } from '#shared/scanner/parse/robots.js';

/**
 * robots.txt and the default sitemap, fetched at the start of every scan beside the homepage; the
 * agent-facing documents' paths are in documents/registry.ts.
 */
export const fixedPaths = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
} as const;

/** The body of a successful (2xx) fetch, else null. */
export function successBody(retrieval: Retrieval): string | null {
  if (retrieval.state !== 'fetched') return null;
  const { status, text } = retrieval.resource;
  return status >= 200 && status < 300 ? text : null;
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
