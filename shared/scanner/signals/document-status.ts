/**
 * How one fetched document maps to the inventory's statuses (docs/rubric.md, "Signals"): not fetched is
 * `not_checked`, 404/410 (or another 4xx) is `missing`, a 5xx or a 2xx body that is not the document
 * (an HTML soft 404, not JSON, the wrong media type, required fields missing) is `invalid` with its
 * problems, and a well-formed document is `valid`. agent_catalogs judges the catalogs with the same rules.
 */
import type { SignalStatus } from '#shared/model/scans/scan-result.js';
import type { Retrieval, SiteFile } from '#shared/scanner/artifacts.js';
import { isJsonMediaType, mediaTypeOf } from '#shared/scanner/parse/well-known/serving.js';

export interface DocumentStatus<T> {
  status: SignalStatus;
  /** Why an invalid document is broken; empty for the other statuses. */
  problems: string[];
  /** The parsed document when the body was one (valid or not). */
  document: T | null;
}

/** The media types a document may be served as, and the one to name when it is served as another. */
export interface MediaRule {
  expected: string;
  accepts: (mediaType: string) => boolean;
}

/** The media types each kind of document may be served as. */
export const mediaRules = {
  json: { expected: 'application/json', accepts: (type) => isJsonMediaType(type) },
  /** The AI Catalog draft asks for its own type; plain JSON is what static hosts serve for a .json file. */
  aiCatalog: {
    expected: 'application/ai-catalog+json',
    accepts: (type) => type === 'application/ai-catalog+json' || type === 'application/json',
  },
  /** RFC 9727 section 4.2: the Publisher MUST publish the catalog as application/linkset+json. */
  linkset: { expected: 'application/linkset+json', accepts: (type) => type === 'application/linkset+json' },
  /** RFC 9116 section 3 (security.txt) and robots.txt. */
  plainText: { expected: 'text/plain', accepts: (type) => type === 'text/plain' },
  markdownText: {
    expected: 'text/plain or text/markdown',
    accepts: (type) => ['text/plain', 'text/markdown', 'text/x-markdown'].includes(type),
  },
} as const satisfies Record<string, MediaRule>;

/** The status of an answer with no body to judge; null for a 2xx answer, whose body decides. */
export function answerStatus(retrieval: Retrieval): { status: SignalStatus; problems: string[] } | null {
  if (retrieval.state !== 'fetched') return { status: 'not_checked', problems: [] };
  const { status } = retrieval.resource;
  if (status >= 200 && status < 300) return null;
  if (status >= 500) return { status: 'invalid', problems: [`answered HTTP ${status}`] };
  return { status: 'missing', problems: [] };
}

/** "served as text/html, expected application/json" when the answer's media type is not accepted. */
export function mediaProblem(retrieval: Retrieval, rule: MediaRule): string | null {
  if (retrieval.state !== 'fetched') return null;
  const type = mediaTypeOf(retrieval.resource.headers['content-type'] ?? null);
  return type !== null && rule.accepts(type) ? null : `served as ${type ?? 'no Content-Type'}, expected ${rule.expected}`;
}

/**
 * A /.well-known JSON document: its validator's verdict and problems, plus the media type when `media`
 * is given (validators that judge how they were served, like UCP's, already report it).
 */
export function wellKnownStatus<T extends { present: boolean; valid: boolean; problems: string[] }>(
  file: SiteFile<T>,
  media: MediaRule | null,
): DocumentStatus<Extract<T, { present: true }>> {
  const answer = answerStatus(file.retrieval);
  if (answer) return { ...answer, document: null };
  const result = file.result;
  if (result === null) return { status: 'missing', problems: [], document: null };
  const served = media ? mediaProblem(file.retrieval, media) : null;
  if (!isPresent(result)) return { status: 'invalid', problems: unique([...(served ? [served] : []), ...result.problems]), document: null };
  if (result.valid && served === null) return { status: 'valid', problems: [], document: result };
  return { status: 'invalid', problems: unique([...(served ? [served] : []), ...result.problems]), document: result };
}

function isPresent<T extends { present: boolean }>(result: T): result is Extract<T, { present: true }> {
  return result.present;
}

function unique(problems: string[]): string[] {
  return [...new Set(problems)];
}
