/**
 * /.well-known/ai-catalog.json: an AI Catalog (Agent-Card/ai-catalog, specVersion 1.0), the cross-protocol
 * list of a host's AI artifacts (MCP server cards, A2A agent cards, nested catalogs...).
 *
 * Types
 * - `AiCatalogResult`: `NotPresent`, or what the catalog declares: its `specVersion` and how it stands
 *   (`declared`), the `entries` an agent can follow (identifier, type, url; at most 50, nothing resolved
 *   or fetched), their distinct `entryTypes`, `entryCount`, the `host`'s name, `problems` and `warnings`.
 *
 * `valid` = the catalog conforms to AI Catalog 1.0 as the specification states it (catalog-1.0.ts for
 * the structure, ai-catalog/catalog-rules.ts for the rules across members), nested catalogs in `data` included
 * (to depth 4). An entry's earlier `mediaType` is read as its `type` with a warning; a later 1.x or a
 * later major version is judged by the 1.0 rules, with a warning.
 */

import { versionOf } from '#shared/scanner/standards.js';
import type { z } from 'zod';
import { catalog, entry as entrySchema } from './ai-catalog/catalog-1.0.js';
import { AI_CATALOG_MEDIA_TYPE } from './ai-catalog/media-types.js';
import {
  contributorManifestFindings,
  digestFindings,
  extensionKeyProblems,
  jwsProblems,
  trustManifestFindings,
  uniquenessProblems,
} from './ai-catalog/catalog-rules.js';
import type { Findings } from './ai-catalog/catalog-rules.js';
import { declaredVersion, numberedScheme } from './declared-version.js';
import type { DeclaredVersion } from './declared-version.js';
import { boundedProblems, isRecord, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';
import { isAbsoluteUri } from './schema-words.js';

export { A2A_AGENT_CARD_MEDIA_TYPE, AI_CATALOG_MEDIA_TYPE, MCP_SERVER_CARD_MEDIA_TYPE } from './ai-catalog/media-types.js';

/** An entry an agent can follow: `url` null when the artifact is inline (`data`). */
export interface AiCatalogEntry {
  identifier: string;
  type: string;
  url: string | null;
}

export interface AiCatalog {
  present: true;
  valid: boolean;
  specVersion: string | null;
  /** `specVersion` against the 1.0 the scanner knows. */
  declared: DeclaredVersion;
  entryCount: number;
  /** The entries' artifact types, each once, e.g. application/mcp-server-card+json. */
  entryTypes: string[];
  /** The first entries with an identifier and a type, as written (relative URLs unresolved). */
  entries: AiCatalogEntry[];
  /** `host.displayName`, when the catalog names its operator. */
  host: string | null;
  problems: string[];
  warnings: string[];
}

export type AiCatalogResult = NotPresent | AiCatalog;

export const aiCatalogScheme = numberedScheme([versionOf('aiCatalog')], []);

const maxEntries = 50;
const maxTextLength = 2048;
/** Nested catalogs are judged to the depth the specification recommends clients stop at. */
const maxNestingDepth = 4;

export function validateAiCatalog(body: string): AiCatalogResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  const doc = json.value;
  if (!isRecord(doc)) {
    return {
      present: true,
      valid: false,
      specVersion: null,
      declared: { version: null, standing: 'unknown' },
      entryCount: 0,
      entryTypes: [],
      entries: [],
      host: null,
      problems: ['catalog is not a JSON object: publish {"specVersion": "1.0", "entries": [...]}'],
      warnings: [],
    };
  }

  const found: Findings = { problems: [], warnings: [] };
  const specVersion = typeof doc.specVersion === 'string' && doc.specVersion !== '' ? doc.specVersion.slice(0, 40) : null;
  const declared = declaredVersion(doc.specVersion, aiCatalogScheme);
  if (declared.standing === 'newer') {
    found.warnings.push(`specVersion ${specVersion ?? ''} is newer than 1.0: judged by the 1.0 rules`);
  }
  judgeCatalog(doc, '', 0, found);

  const entries = Array.isArray(doc.entries) ? (doc.entries as unknown[]) : [];
  const followable = entries.flatMap(followableEntry);
  return {
    present: true,
    valid: found.problems.length === 0,
    specVersion,
    declared,
    entryCount: entries.length,
    entryTypes: [...new Set(followable.map((e) => e.type))].slice(0, maxEntries),
    entries: followable.slice(0, maxEntries),
    host: isRecord(doc.host) && typeof doc.host.displayName === 'string' ? doc.host.displayName.slice(0, 200) : null,
    problems: boundedProblems(found.problems),
    warnings: boundedProblems(found.warnings),
  };
}

/** `at` is the JSON path prefix of a nested catalog (`entries.2.data.`), empty for the document. */
function judgeCatalog(doc: unknown, at: string, depth: number, found: Findings): void {
  if (!isRecord(doc)) {
    found.problems.push(`${at.slice(0, -1)}: must be an AI Catalog object: {"specVersion": "1.0", "entries": [...]}`);
    return;
  }
  const parsed = catalog().safeParse(doc);
  if (!parsed.success) found.problems.push(...issuesAt(parsed.error, at));
  if (typeof doc.specVersion === 'string' && !/^\d+\.\d+$/.test(doc.specVersion)) {
    found.problems.push(`${at}specVersion: must be Major.Minor, such as 1.0`);
  }
  found.problems.push(...extensionKeyProblems(doc.extensions, `${at}extensions`));
  if (isRecord(doc.host) && isRecord(doc.host.trustManifest)) {
    merge(found, trustManifestFindings(doc.host.trustManifest, null, `${at}host.trustManifest`, new Date()));
  }
  const signature = isRecord(doc.signature) ? doc.signature.jws : doc.signature;
  found.problems.push(...jwsProblems(signature, `${at}signature`));
  const entries = Array.isArray(doc.entries) ? (doc.entries as unknown[]) : [];
  entries.forEach((entry, index) => judgeEntry(entry, `${at}entries.${index}`, depth, found));
  found.problems.push(...uniquenessProblems(entries, at));
}

function judgeEntry(entry: unknown, at: string, depth: number, found: Findings): void {
  if (!isRecord(entry)) {
    found.problems.push(`${at}: must be an object: {"identifier": "...", "type": "...", "url": "https://..."}`);
    return;
  }
  const parsed = entrySchema().safeParse(entry);
  if (!parsed.success) found.problems.push(...issuesAt(parsed.error, `${at}.`));
  const type = entryType(entry);
  if (entry.type === undefined && entry.mediaType === undefined) {
    found.problems.push(`${at}.type: missing: the artifact's media type, such as application/mcp-server-card+json`);
  } else if (entry.mediaType !== undefined) {
    found.warnings.push(`${at}.mediaType: now named type in AI Catalog 1.0: rename it to "type"`);
  }
  const hasUrl = typeof entry.url === 'string' && entry.url !== '';
  const hasData = entry.data !== undefined;
  if (hasUrl && hasData) found.problems.push(`${at}: has both url and data: keep exactly one`);
  if (!hasUrl && !hasData) found.problems.push(`${at}: needs url (where the artifact is) or data (the artifact inline)`);
  if (hasUrl && !isAbsoluteUri(entry.url as string)) {
    found.warnings.push(`${at}.url: not an absolute URL: agents may not resolve it; give the full https:// URL`);
  }
  found.problems.push(...extensionKeyProblems(entry.extensions, `${at}.extensions`), ...digestFindings(entry.digest, `${at}.digest`));
  const facts = { identifier: entry.identifier, type, url: entry.url, version: entry.version };
  if (isRecord(entry.trustManifest)) merge(found, trustManifestFindings(entry.trustManifest, facts, `${at}.trustManifest`, new Date()));
  if (Array.isArray(entry.trustManifests)) {
    (entry.trustManifests as unknown[]).forEach((manifest, index) => {
      if (isRecord(manifest)) merge(found, contributorManifestFindings(manifest, facts, `${at}.trustManifests.${index}`, new Date()));
    });
  }
  if (type === AI_CATALOG_MEDIA_TYPE) {
    if (depth + 1 >= maxNestingDepth) found.problems.push(`${at}: nested catalogs go deeper than ${maxNestingDepth} levels`);
    else if (hasData) judgeCatalog(entry.data, `${at}.data.`, depth + 1, found);
  }
}

function merge(found: Findings, more: Findings): void {
  found.problems.push(...more.problems);
  found.warnings.push(...more.warnings);
}

function issuesAt(error: z.ZodError, at: string): string[] {
  return error.issues.slice(0, 20).map((issue) => {
    const path = `${at}${issue.path.map(String).join('.')}`.replace(/\.$/, '').slice(0, 120);
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
}

function entryType(entry: Record<string, unknown>): string | null {
  for (const value of [entry.type, entry.mediaType]) if (typeof value === 'string' && value !== '') return value;
  return null;
}

function followableEntry(entry: unknown): AiCatalogEntry[] {
  if (!isRecord(entry)) return [];
  const type = entryType(entry);
  const { identifier, url } = entry;
  if (typeof identifier !== 'string' || identifier === '' || type === null) return [];
  if ([identifier, type, url].some((value) => typeof value === 'string' && value.length > maxTextLength)) return [];
  return [{ identifier, type, url: typeof url === 'string' && url !== '' ? url : null }];
}
