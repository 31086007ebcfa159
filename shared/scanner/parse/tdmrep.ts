/**
 * TDMRep (W3C TDM Reservation Protocol, Community Group final report): a rightsholder's reservation of
 * text-and-data-mining rights, stated three ways (sources and version in docs/standards.md):
 * - `/.well-known/tdmrep.json`: an array of rules `{location, tdm-reservation, tdm-policy}`; the first rule
 *   whose `location` pattern matches a path applies (robots.txt-style patterns, `*` and `$`);
 * - the `tdm-reservation` / `tdm-policy` HTTP response header fields;
 * - `<meta name="tdm-reservation">` / `<meta name="tdm-policy">` in an HTML page.
 * `tdm-reservation` is 1 (rights reserved) or 0 (not reserved); any other value is a protocol error and reads
 * as unset. `tdm-policy` is an absolute URL. A reservation is a usage preference like `ai-train=no`.
 *
 * Types
 * - `TdmDeclaration`: what one source says for the scanned page, with its problems.
 * - `TdmrepFile`: the parsed well-known file.
 */

import { isHttpUrl, isRecord, readJsonBody } from './well-known/json-body.js';
import type { NotPresent } from './well-known/json-body.js';
import { normaliseRobotsPath, robotsPatternMatches, toRobotsPath } from './robots-path-match.js';

export type TdmSource = 'header' | 'meta' | 'tdmrep.json';

export interface TdmDeclaration {
  source: TdmSource;
  /** true = TDM rights reserved, false = not reserved, null = unset (absent or a protocol error). */
  reservation: boolean | null;
  policy: string | null;
  /** For tdmrep.json: the matching rule's location. */
  location: string | null;
  problems: string[];
}

export interface TdmRule {
  location: string;
  reservation: boolean | null;
  policy: string | null;
}

export interface TdmrepFile {
  present: true;
  /** Every rule is well formed. */
  valid: boolean;
  rules: TdmRule[];
  problems: string[];
}

const MAX_RULES = 1000;

function readReservation(value: unknown, where: string, problems: string[]): boolean | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (text === '1') return true;
  if (text === '0') return false;
  problems.push(`${where} tdm-reservation ${JSON.stringify(value)} is not 0 or 1, so it counts as unset`);
  return null;
}

function readPolicy(value: unknown, where: string, problems: string[]): string | null {
  if (value === undefined || value === null || value === '') return null;
  const text = typeof value === 'string' ? value.trim() : value;
  if (isHttpUrl(text)) return new URL(text).href;
  problems.push(`${where} tdm-policy ${JSON.stringify(value)} is not an absolute http(s) URL`);
  return null;
}

function declaration(
  source: TdmSource,
  reservationValue: string | undefined,
  policyValue: string | undefined,
  where: string,
): TdmDeclaration | null {
  if (reservationValue === undefined && policyValue === undefined) return null;
  const problems: string[] = [];
  const reservation = reservationValue === undefined ? null : readReservation(reservationValue, where, problems);
  const policy = readPolicy(policyValue, where, problems);
  if (reservationValue === undefined) problems.push(`${where} names a tdm-policy without tdm-reservation`);
  return { source, reservation, policy, location: null, problems };
}

/** The `tdm-reservation` / `tdm-policy` response header fields (lower-case header names). */
export function tdmFromHeaders(headers: Readonly<Record<string, string>>): TdmDeclaration | null {
  return declaration('header', headers['tdm-reservation'], headers['tdm-policy'], 'header');
}

/** `<meta name="tdm-reservation">` / `<meta name="tdm-policy">` (names lower-cased, first of each). */
export function tdmFromMetas(metas: readonly { name: string; content: string }[]): TdmDeclaration | null {
  const first = (name: string) => metas.find((meta) => meta.name === name)?.content;
  return declaration('meta', first('tdm-reservation'), first('tdm-policy'), '<meta>');
}

export function validateTdmrepJson(body: string): TdmrepFile | NotPresent {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  if (!Array.isArray(json.value)) {
    return { present: true, valid: false, rules: [], problems: ['tdmrep.json is not an array of rules'] };
  }
  const problems: string[] = [];
  const rules: TdmRule[] = [];
  (json.value as unknown[]).slice(0, MAX_RULES).forEach((entry, index) => {
    const where = `rule ${index + 1}`;
    if (!isRecord(entry)) {
      problems.push(`${where} is not an object`);
      return;
    }
    const location = entry['location'];
    if (typeof location !== 'string' || !location.startsWith('/')) {
      problems.push(`${where} has no location path starting with "/"`);
      return;
    }
    rules.push({
      location,
      reservation: readReservation(entry['tdm-reservation'], where, problems),
      policy: readPolicy(entry['tdm-policy'], where, problems),
    });
  });
  if (rules.length === 0 && problems.length === 0) problems.push('tdmrep.json lists no rules');
  return { present: true, valid: problems.length === 0, rules, problems };
}

/** The first rule whose location matches the page (the report's "most specific match is the first in sequence"). */
export function tdmFromFile(file: TdmrepFile, pageUrl: string): TdmDeclaration | null {
  const path = toRobotsPath(pageUrl);
  const rule = file.rules.find((candidate) => robotsPatternMatches(normaliseRobotsPath(candidate.location), path));
  if (!rule) return null;
  return { source: 'tdmrep.json', reservation: rule.reservation, policy: rule.policy, location: rule.location, problems: [] };
}

/**
 * The reservation that applies: the response header, else the page's meta tags, else the well-known file
 * (the header and the page speak for this representation; the file is the site-wide default).
 */
export function effectiveTdm(declarations: readonly TdmDeclaration[]): TdmDeclaration | null {
  const order: TdmSource[] = ['header', 'meta', 'tdmrep.json'];
  for (const source of order) {
    const found = declarations.find((candidate) => candidate.source === source && candidate.reservation !== null);
    if (found) return found;
  }
  return null;
}
