import type { Retrieval, SiteFile } from '#shared/scanner/artifacts.js';
import type { Serving } from '#shared/scanner/parse/well-known/serving.js';
import { successBody } from '#shared/scanner/site-files.js';

/**
 * A site file whose validator also judges how it was served (media type, redirects): `canonicalUrl`
 * is where the file belongs, the shop's origin after the homepage's redirects plus its path.
 */
export function servedSiteFile<T>(
  url: string,
  canonicalUrl: string,
  retrieval: Retrieval,
  validate: (body: string, serving: Serving) => T,
): SiteFile<T> {
  const body = successBody(retrieval);
  if (body === null || retrieval.state !== 'fetched') return { url, retrieval, result: null };
  const { headers, redirects, finalUrl } = retrieval.resource;
  const serving: Serving = { contentType: headers['content-type'] ?? null, redirected: redirects.length > 0, finalUrl, canonicalUrl };
  return { url, retrieval, result: validate(body, serving) };
}
