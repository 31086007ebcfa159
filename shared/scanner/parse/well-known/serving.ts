/**
 * How a /.well-known JSON document was served, for the validators whose spec says how it must be
 * served (UCP: no redirect; RFC 8414 and RFC 9728: `application/json`).
 *
 * Types
 * - `Serving`: the answer's media type, whether redirects were followed, where it ended and where
 *   the document belongs (the shop's origin after the homepage's own redirects, plus the path).
 */

export interface Serving {
  /** The Content-Type header as sent, or null when there was none. */
  contentType: string | null;
  /** True when the fetch followed at least one redirect. */
  redirected: boolean;
  finalUrl: string;
  /** The shop's origin (after the homepage's redirects) plus the well-known path. */
  canonicalUrl: string;
}

/** The media type without parameters, lower case; null when absent. */
export function mediaTypeOf(contentType: string | null): string | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type ? type : null;
}

/** `application/json` or a `+json` structured suffix (RFC 6839). */
export function isJsonMediaType(contentType: string | null): boolean {
  const type = mediaTypeOf(contentType);
  return type === 'application/json' || (type !== null && /^application\/[\w.+-]+\+json$/.test(type));
}

/** "served as text/html, not application/json" when the media type is not JSON. */
export function mediaTypeProblem(serving: Serving | undefined): string | null {
  if (!serving || isJsonMediaType(serving.contentType)) return null;
  const type = mediaTypeOf(serving.contentType);
  return type === null ? 'served without a Content-Type, not as application/json' : `served as ${type}, not application/json`;
}

/**
 * A redirect that ended somewhere other than where the document belongs. The homepage's own origin
 * change (shop.example -> www.shop.example) is the scan's starting point, not the document's.
 */
export function redirectProblem(serving: Serving | undefined): string | null {
  if (!serving?.redirected || serving.finalUrl === serving.canonicalUrl) return null;
  return `answered through a redirect (to ${serving.finalUrl}) instead of directly at ${serving.canonicalUrl}`;
}
