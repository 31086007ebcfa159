import type { FoundVia, Retrieval, SiteFile } from '#shared/scanner/artifacts.js';
import { documentOf, type DocumentName } from '#shared/scanner/documents/registry.js';
import type { ReadDocument } from '#shared/scanner/documents/agent-document.js';
import type { Serving } from '#shared/scanner/parse/well-known/serving.js';
import { successBody } from '#shared/scanner/site-files.js';
import { wellKnownStatus } from '#shared/scanner/signals/document-status.js';

/** One place a document was asked for, and what answered. */
export interface Candidate {
  url: string;
  /** Where the document belongs when found there: the shop's origin plus the path, or the catalog's URL itself. */
  canonicalUrl: string;
  retrieval: Retrieval;
  via?: FoundVia;
}

/** A candidate read by its document's reader, with how it was served. */
export function readCandidate(name: DocumentName, candidate: Candidate, origin: string, startedAt: number): SiteFile<ReadDocument> {
  const { url, retrieval, via } = candidate;
  const mark = via ? { via } : {};
  const body = successBody(retrieval);
  if (body === null || retrieval.state !== 'fetched') return { url, retrieval, result: null, ...mark };
  const { headers, redirects, finalUrl } = retrieval.resource;
  const serving: Serving = {
    contentType: headers['content-type'] ?? null,
    redirected: redirects.length > 0,
    finalUrl,
    canonicalUrl: candidate.canonicalUrl,
  };
  return { url, retrieval, result: documentOf(name).read(body, { serving, origin, startedAt }), ...mark };
}

const preference = ['valid', 'invalid', 'not_checked', 'missing'] as const;

/**
 * The document as the checks and the inventory see it: the best of the places it was asked for (valid over
 * invalid over not checked over missing), the earlier place on a tie (catalog entries, then the standard's
 * paths, then the older ones). With no place at all (a document found only through a catalog that lists
 * none), the first legacy or standard path stands for it, as not found.
 */
export function chooseCandidate(name: DocumentName, reads: readonly SiteFile<ReadDocument>[]): SiteFile<ReadDocument> {
  const media = documentOf(name).media;
  const ranked = reads.map((file, index) => ({ file, index, rank: preference.indexOf(wellKnownStatus(file, media).status) }));
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  const best = ranked[0];
  if (best === undefined) throw new Error(`no place to look for ${name}`);
  return best.file;
}
