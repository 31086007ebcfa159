/**
 * An RFC 9264 JSON linkset (`application/linkset+json`, section 4.2) read as the RFC states it:
 * - the document is an object whose `linkset` member is an array of link context objects (4.2.1); other
 *   members are extensions the RFC does not recommend (4.2.5): a warning, never a problem;
 * - a link context object MAY have an `anchor`, a URI reference (4.2.2); every other member is a relation
 *   type, named by a registered name (item, service-desc) or a URI, whose value is an array of link target
 *   objects, even for one target;
 * - a link target object MUST have an `href`, a URI reference ("" for the linkset itself, 4.2.3), and its
 *   other members are target attributes of the shapes in `target-attributes.ts`.
 * What the RFC only recommends (an explicit `anchor`, absolute references, 4) goes to `warnings`.
 *
 * The walk is by hand because the rules depend on member names (a relation, an attribute, a name
 * ending in `*`); the value shapes are zod schemas.
 */

import { isRecord } from '../json-body.js';
import { isAbsoluteUriReference, isUriReference } from '../syntax.js';
import { issueLines } from '../zod-issues.js';
import { targetAttributeSchema } from './target-attributes.js';

export interface LinksetReading {
  /** The link contexts' `anchor`s, as written. */
  anchors: string[];
  /** The relation types that carry at least one link, each once, in document order. */
  relations: string[];
  /** Link target objects with a usable `href`. */
  linkCount: number;
  problems: string[];
  warnings: string[];
}

/** RFC 8288 section 2.1.1 (reg-rel-type), compared case-insensitively. */
const registeredRelation = /^[a-z][a-z0-9.-]*$/i;
/** Site text quoted in a finding (a URI, a member name) is cut to this length. */
const maxQuoted = 80;

export function readLinkset(doc: unknown): LinksetReading {
  const reading: LinksetReading = { anchors: [], relations: [], linkCount: 0, problems: [], warnings: [] };
  if (!isRecord(doc)) {
    reading.problems.push('the document must be a JSON object with a "linkset" array (RFC 9264 section 4.2.1)');
    return reading;
  }
  if (!Array.isArray(doc.linkset)) {
    reading.problems.push('linkset: required array of link context objects (RFC 9264 section 4.2.1), even for one');
    return reading;
  }
  const others = Object.keys(doc).filter((name) => name !== 'linkset');
  if (others.length > 0) {
    reading.warnings.push(
      `${others.map(quoted).slice(0, 3).join(', ')}: "linkset" should be the document's only member (RFC 9264 section 4.2.1); agents ignore the rest`,
    );
  }
  const relations = new Set<string>();
  (doc.linkset as unknown[]).forEach((context, index) => readContext(context, `linkset.${index}`, reading, relations));
  reading.relations = [...relations];
  return reading;
}

function readContext(context: unknown, path: string, reading: LinksetReading, relations: Set<string>): void {
  if (!isRecord(context)) {
    reading.problems.push(`${path}: must be a link context object, e.g. {"anchor": "https://...", "item": [{"href": "https://..."}]}`);
    return;
  }
  if (context.anchor === undefined) {
    reading.warnings.push(`${path}: no "anchor", so the link context is the catalog's own URL; name it explicitly (RFC 9264 section 4)`);
  } else if (readReference(context.anchor, `${path}.anchor`, reading)) reading.anchors.push(context.anchor as string);

  let links = 0;
  for (const [relation, targets] of Object.entries(context)) {
    if (relation === 'anchor') continue;
    const at = `${path}.${relation.slice(0, maxQuoted)}`;
    if (!registeredRelation.test(relation) && !isAbsoluteUriReference(relation)) {
      reading.problems.push(
        `${at}: a relation type must be a registered name such as item or service-desc, or a URI (RFC 9264 section 4.2.2)`,
      );
    }
    if (!Array.isArray(targets)) {
      reading.problems.push(
        `${at}: link targets must be an array of objects, e.g. [{"href": "https://..."}], even for one target (RFC 9264 section 4.2.2)`,
      );
      continue;
    }
    const read = (targets as unknown[]).filter((target, position) => readTarget(target, `${at}.${position}`, reading)).length;
    if (read > 0) relations.add(relation);
    links += read;
  }
  if (links === 0) reading.warnings.push(`${path}: this link context holds no links`);
  reading.linkCount += links;
}

/** True when the target has a usable `href`. */
function readTarget(target: unknown, path: string, reading: LinksetReading): boolean {
  if (!isRecord(target)) {
    reading.problems.push(`${path}: must be a link target object with an "href", e.g. {"href": "https://..."}`);
    return false;
  }
  let usable = false;
  if (target.href === undefined) reading.problems.push(`${path}.href: required, the link target's URI ("" for the catalog itself)`);
  else usable = readReference(target.href, `${path}.href`, reading);
  for (const [name, value] of Object.entries(target)) {
    if (name === 'href') continue;
    const parsed = targetAttributeSchema(name).safeParse(value);
    if (!parsed.success) reading.problems.push(...issueLines(parsed.error, `${path}.${name.slice(0, maxQuoted)}`));
  }
  return usable;
}

/** An `anchor` or `href`: a URI reference, better absolute. True when it is a URI reference. */
function readReference(value: unknown, path: string, reading: LinksetReading): boolean {
  if (typeof value !== 'string') {
    reading.problems.push(`${path}: must be a URI string`);
    return false;
  }
  if (!isUriReference(value)) {
    reading.problems.push(
      `${path}: ${quoted(value)} is not a URI reference (percent-encode spaces and other characters URIs do not allow)`,
    );
    return false;
  }
  if (value !== '' && !isAbsoluteUriReference(value)) {
    reading.warnings.push(
      `${path}: ${quoted(value)} is relative; write the absolute URI so agents can use the catalog on its own (RFC 9264 section 4)`,
    );
  }
  return true;
}

function quoted(text: string): string {
  return JSON.stringify(text.length > maxQuoted ? `${text.slice(0, maxQuoted)}…` : text);
}
