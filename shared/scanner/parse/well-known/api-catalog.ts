/**
 * /.well-known/api-catalog (RFC 9727): the publisher's APIs as a linkset (RFC 9264 JSON format,
 * `application/linkset+json`, profile "https://www.rfc-editor.org/info/rfc9727").
 *
 * Types
 * - `ApiCatalogResult`: `NotPresent`, or the links the catalog gives. `valid` = a JSON object whose
 *   `linkset` is a non-empty array of link context objects, each target object with an `href`, and at
 *   least one link in all (usually `item` links to each API, or `service-desc` / `service-doc` links
 *   anchored at each API).
 */

import { arrayOrEmpty, boundedProblems, isRecord, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';

export interface ApiCatalog {
  present: true;
  valid: boolean;
  /** The link contexts' `anchor`s. */
  anchors: string[];
  /** The relation types used, each once, e.g. item, service-desc. */
  relations: string[];
  linkCount: number;
  problems: string[];
}

export type ApiCatalogResult = NotPresent | ApiCatalog;

export function validateApiCatalog(body: string): ApiCatalogResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  const doc = json.value;
  if (!isRecord(doc)) return invalid(['linkset document is not a JSON object']);
  if (!Array.isArray(doc.linkset)) return invalid(['linkset: required array (RFC 9264 JSON linkset)']);

  const problems: string[] = [];
  const anchors: string[] = [];
  const relations = new Set<string>();
  let linkCount = 0;
  arrayOrEmpty(doc.linkset).forEach((context, index) => {
    if (!isRecord(context)) {
      problems.push(`linkset.${index}: not a link context object`);
      return;
    }
    if (typeof context.anchor === 'string') anchors.push(context.anchor);
    for (const [relation, targets] of Object.entries(context)) {
      if (relation === 'anchor') continue;
      // RFC 9727's own nesting example gives a bare URL string for one target: read it as that target.
      if (typeof targets === 'string' && targets !== '') {
        relations.add(relation);
        linkCount += 1;
        continue;
      }
      if (!Array.isArray(targets)) {
        problems.push(`linkset.${index}.${relation}: link targets must be an array`);
        continue;
      }
      arrayOrEmpty(targets).forEach((target, position) => {
        if (isRecord(target) && typeof target.href === 'string' && target.href !== '') {
          relations.add(relation);
          linkCount += 1;
        } else problems.push(`linkset.${index}.${relation}.${position}: href required`);
      });
    }
  });
  if (linkCount === 0 && problems.length === 0) problems.push('linkset lists no API links');
  return {
    present: true,
    valid: problems.length === 0,
    anchors,
    relations: [...relations],
    linkCount,
    problems: boundedProblems(problems),
  };
}

function invalid(problems: string[]): ApiCatalog {
  return { present: true, valid: false, anchors: [], relations: [], linkCount: 0, problems: boundedProblems(problems) };
}
