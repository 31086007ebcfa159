/**
 * /.well-known/api-catalog (RFC 9727): the publisher's APIs as a linkset in RFC 9264's JSON format,
 * `application/linkset+json`, profile "https://www.rfc-editor.org/info/rfc9727".
 *
 * Types
 * - `ApiCatalogResult`: `NotPresent`, or the links the catalog gives. `valid` = the document is an RFC 9264
 *   JSON linkset (`linkset/read-linkset.ts`: link context objects, relation arrays, targets with an `href`
 *   URI reference, target attributes of their RFC shapes) holding at least one link (RFC 9727 section 4.1:
 *   the catalog MUST link to the APIs, usually by `item` links or by `service-desc` / `service-doc` links
 *   anchored at each API) and, when `serving` is given, served as `application/linkset+json` (section 4.2).
 *   `warnings`: what the RFCs recommend and an agent can work around (an explicit anchor, absolute URIs,
 *   `linkset` as the only member, the RFC 9727 profile parameter).
 * No version: RFC 9727 is the only one.
 */

import { boundedProblems, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';
import { readLinkset } from './linkset/read-linkset.js';
import { mediaTypeOf, type Serving } from './serving.js';

export interface ApiCatalog {
  present: true;
  valid: boolean;
  /** The link contexts' `anchor`s. */
  anchors: string[];
  /** The relation types used, each once, e.g. item, service-desc. */
  relations: string[];
  linkCount: number;
  problems: string[];
  /** What the RFCs recommend and an agent can work around, e.g. a link context without an anchor. */
  warnings: string[];
}

export type ApiCatalogResult = NotPresent | ApiCatalog;

export const API_CATALOG_PROFILE = 'https://www.rfc-editor.org/info/rfc9727';
const LINKSET_JSON = 'application/linkset+json';

export function validateApiCatalog(body: string, serving?: Serving): ApiCatalogResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  const { anchors, relations, linkCount, problems, warnings } = readLinkset(json.value);
  if (linkCount === 0 && problems.length === 0) {
    problems.push('linkset lists no API links: add an "item" link to each API (RFC 9727 section 4.1)');
  }
  if (serving) servingFindings(serving, problems, warnings);
  return {
    present: true,
    valid: problems.length === 0,
    anchors,
    relations,
    linkCount,
    problems: boundedProblems(problems),
    warnings: boundedProblems(warnings),
  };
}

/** RFC 9727 section 4.2: MUST be application/linkset+json, SHOULD name the RFC 9727 profile. */
function servingFindings(serving: Serving, problems: string[], warnings: string[]): void {
  const type = mediaTypeOf(serving.contentType);
  if (type !== LINKSET_JSON) {
    // Worded as the signals inventory words it (document-status.ts), so the two read as one finding.
    problems.push(`served as ${type ?? 'no Content-Type'}, expected ${LINKSET_JSON}`);
    return;
  }
  if (!profilesOf(serving.contentType ?? '').includes(API_CATALOG_PROFILE)) {
    warnings.push(`Content-Type has no profile="${API_CATALOG_PROFILE}" parameter (RFC 9727 section 4.2)`);
  }
}

/** The URIs of a `profile` media type parameter (RFC 9264 section 5: space-separated, usually quoted). */
function profilesOf(contentType: string): string[] {
  const match = /;\s*profile\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(contentType);
  return (match?.[1] ?? match?.[2] ?? '').split(/\s+/).filter((uri) => uri !== '');
}
