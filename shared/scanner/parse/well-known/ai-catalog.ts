/**
 * /.well-known/ai-catalog.json: an AI Catalog (https://ai-catalog.io/, draft), the cross-protocol list of a
 * host's AI artifacts (MCP server cards, A2A agent cards, nested catalogs...).
 *
 * Types
 * - `AiCatalogResult`: `NotPresent`, or what the catalog declares. `valid` = a JSON object with a
 *   "Major.Minor" `specVersion` and an `entries` array (it may be empty) whose every entry has an
 *   `identifier`, a `type` and exactly one of `url` or `data` (the spec's Level 1, Minimal Catalog).
 */

import { arrayOrEmpty, isRecord, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';

export interface AiCatalog {
  present: true;
  valid: boolean;
  specVersion: string | null;
  entryCount: number;
  /** The entries' artifact types, each once, e.g. application/mcp-server-card+json. */
  entryTypes: string[];
  /** `host.displayName`, when the catalog names its operator. */
  host: string | null;
  problems: string[];
}

export type AiCatalogResult = NotPresent | AiCatalog;

const maxEntryProblems = 5;

export function validateAiCatalog(body: string): AiCatalogResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  const doc = json.value;
  if (!isRecord(doc)) {
    return {
      present: true,
      valid: false,
      specVersion: null,
      entryCount: 0,
      entryTypes: [],
      host: null,
      problems: ['catalog is not a JSON object'],
    };
  }

  const problems: string[] = [];
  const specVersion = typeof doc.specVersion === 'string' && doc.specVersion !== '' ? doc.specVersion : null;
  if (specVersion === null) problems.push('specVersion: required');
  else if (!/^\d+\.\d+$/.test(specVersion)) problems.push(`specVersion: "${specVersion.slice(0, 40)}" is not in Major.Minor form`);
  if (!Array.isArray(doc.entries)) problems.push('entries: required array');
  const entries = arrayOrEmpty(doc.entries);
  const entryProblems = entries.flatMap((entry, index) => entryProblemsOf(entry, index));
  problems.push(...entryProblems.slice(0, maxEntryProblems));
  if (entryProblems.length > maxEntryProblems) problems.push(`${entryProblems.length - maxEntryProblems} more entry problems`);
  if (doc.host !== undefined && !(isRecord(doc.host) && typeof doc.host.displayName === 'string' && doc.host.displayName !== '')) {
    problems.push('host.displayName: required when host is given');
  }

  const types = entries.flatMap((entry) => (isRecord(entry) && typeof entry.type === 'string' && entry.type !== '' ? [entry.type] : []));
  return {
    present: true,
    valid: problems.length === 0,
    specVersion,
    entryCount: entries.length,
    entryTypes: [...new Set(types)],
    host: isRecord(doc.host) && typeof doc.host.displayName === 'string' ? doc.host.displayName : null,
    problems,
  };
}

function entryProblemsOf(entry: unknown, index: number): string[] {
  const at = `entries.${index}`;
  if (!isRecord(entry)) return [`${at}: not an object`];
  const problems: string[] = [];
  for (const field of ['identifier', 'type'] as const) {
    if (typeof entry[field] !== 'string' || entry[field] === '') problems.push(`${at}.${field}: required`);
  }
  const hasUrl = typeof entry.url === 'string' && entry.url !== '';
  const hasData = entry.data !== undefined;
  if (hasUrl === hasData) problems.push(`${at}: needs exactly one of url or data`);
  return problems;
}
