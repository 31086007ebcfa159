/**
 * MCP server card (modelcontextprotocol/experimental-ext-server-card, schema v1) and the older MCP
 * discovery documents. The validator judges a body wherever gather found it (a catalog entry's URL,
 * `<mcp-url>/server-card` or a `.well-known` path). It reads the card only; a paid scan then drives the
 * endpoint the card names (shared/scanner/drives), and never calls a tool.
 *
 * Types
 * - `McpDiscoveryResult`: `NotPresent`, or the server `name`, its fetchable `endpoints` (absolute
 *   http(s) URLs), `templatedEndpoints` (URLs with `{variables}` a client fills in before connecting),
 *   `transports`, the schema version the card `declared`, `problems` and `warnings`.
 *
 * Which rules: a document with a server card `$schema` (or with none and none of the older members) is
 * judged as a v1 card: `valid` when it conforms to `#/$defs/ServerCard` (a later `vN` by the same rules,
 * its schema URL aside). A document without `$schema` in an older shape (`serverInfo`, `transport`,
 * flat `endpoint`/`url`, `transports`, `servers`/`mcpServers`) is judged by the older rules (a name and
 * an absolute endpoint), with a warning naming the v1 card.
 */

import { versionOf } from '#shared/scanner/standards.js';
import { declaredVersion, numberedScheme } from './declared-version.js';
import type { DeclaredVersion, VersionScheme } from './declared-version.js';
import { boundedProblems, describeIssues, isHttpUrl, isRecord, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';
import { hasOlderShape, readOlderShape } from './mcp/older-shapes.js';
import { SERVER_CARD_V1_SCHEMA, serverCardNewer, serverCardSchemaUrl, serverCardV1 } from './mcp/server-card-v1.js';

export { SERVER_CARD_V1_SCHEMA } from './mcp/server-card-v1.js';

export interface McpDiscovery {
  present: true;
  valid: boolean;
  name: string | null;
  /** Absolute http(s) endpoints an agent can connect to as written. */
  endpoints: string[];
  /** Endpoint URL templates such as `https://{tenant}.example.com/mcp`: declared, not fetchable as written. */
  templatedEndpoints: string[];
  transports: string[];
  /** The server card schema version its `$schema` names (v1 current); unknown without one. */
  declared: DeclaredVersion;
  problems: string[];
  warnings: string[];
}

export type McpDiscoveryResult = NotPresent | McpDiscovery;

/** Schema families are `vN`: v1 is current, a higher N is newer. */
export const serverCardScheme: VersionScheme = {
  current: [versionOf('mcpServerCard')],
  older: [],
  wellFormed: (version) => /^v\d+$/.test(version),
  compare: (a, b) => numberedScheme([], []).compare(a.slice(1), b.slice(1)),
};

const maxListed = 20;
const maxNameLength = 200;
const templateVariable = /\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g;

export function validateMcpDiscovery(body: string): McpDiscoveryResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  const doc = json.value;
  if (!isRecord(doc)) {
    return { ...nothingDeclared(), valid: false, problems: ['document is not a JSON object: publish the server card as one'] };
  }
  const declared = declaredVersion(serverCardSchemaUrl.exec(typeof doc.$schema === 'string' ? doc.$schema : '')?.[1], serverCardScheme);
  if (doc.$schema === undefined && hasOlderShape(doc)) return judgeOlderShape(doc, declared);
  return judgeServerCard(doc, declared);
}

function judgeServerCard(doc: Record<string, unknown>, declared: DeclaredVersion): McpDiscovery {
  const newer = declared.standing === 'newer';
  const parsed = (newer ? serverCardNewer() : serverCardV1()).safeParse(doc);
  const problems = parsed.success ? [] : boundedProblems(describeIssues(parsed.error));
  const remotes = (Array.isArray(doc.remotes) ? (doc.remotes as unknown[]) : []).filter(isRecord);
  const urls = remotes.flatMap((remote) => (typeof remote.url === 'string' ? [remote.url] : []));
  const warnings: string[] = [];
  if (newer) {
    warnings.push(`$schema names server card schema ${declared.version ?? ''}, newer than v1: judged by the v1 rules`);
  }
  if (remotes.length === 0) {
    warnings.push(
      'remotes: none declared, so agents learn no endpoint from the card: add {"type": "streamable-http", "url": "https://..."}',
    );
  }
  warnings.push(...remotes.flatMap(undeclaredVariables));
  if (typeof doc.version === 'string' && /^[\^~<>=]|\.(x|\*)(\.|$)/i.test(doc.version)) {
    warnings.push('version: a range such as ^1.2.3 or 1.x is not a version: give the exact version, such as 1.2.3');
  }
  return {
    present: true,
    valid: problems.length === 0,
    name: typeof doc.name === 'string' && doc.name !== '' ? doc.name.slice(0, maxNameLength) : null,
    ...sortUrls(urls),
    transports: distinct(remotes.flatMap((remote) => (typeof remote.type === 'string' ? [remote.type.toLowerCase()] : []))),
    declared,
    problems,
    warnings: boundedProblems(warnings),
  };
}

function judgeOlderShape(doc: Record<string, unknown>, declared: DeclaredVersion): McpDiscovery {
  const older = readOlderShape(doc);
  const name = older.names[0]?.slice(0, maxNameLength) ?? null;
  const { endpoints, templatedEndpoints } = sortUrls(older.urls);
  const problems: string[] = [];
  if (name === null) problems.push('no server name: name the server (name, or serverInfo.name)');
  if (endpoints.length === 0) problems.push('no absolute http(s) MCP endpoint: give the full URL, such as https://shop.example/mcp');
  return {
    present: true,
    valid: problems.length === 0,
    name,
    endpoints,
    templatedEndpoints,
    transports: distinct(older.transports),
    declared,
    problems,
    warnings: [
      `older MCP discovery shape: publish a v1 server card ("$schema": "${SERVER_CARD_V1_SCHEMA}", name, version, description, remotes)`,
    ],
  };
}

/** Fetchable endpoints apart from templates; anything else (relative paths, other schemes) is neither. */
function sortUrls(urls: string[]): { endpoints: string[]; templatedEndpoints: string[] } {
  const templated = urls.filter((url) => /\{[a-zA-Z_][a-zA-Z0-9_]*\}/.test(url));
  const endpoints = urls.filter((url) => !templated.includes(url) && isHttpUrl(url));
  return { endpoints: distinct(endpoints), templatedEndpoints: distinct(templated) };
}

/** A `{variable}` in a remote's URL that its `variables` map does not define: a client cannot fill it in. */
function undeclaredVariables(remote: Record<string, unknown>, index: number): string[] {
  if (typeof remote.url !== 'string') return [];
  const declared = isRecord(remote.variables) ? remote.variables : {};
  const missing = [...remote.url.matchAll(templateVariable)].map((match) => match[1] ?? '').filter((name) => !(name in declared));
  return distinct(missing).map((name) => `remotes.${index}.variables: {${name}} in the url is not defined: describe it in variables`);
}

function distinct(values: string[]): string[] {
  return [...new Set(values)].slice(0, maxListed);
}

function nothingDeclared(): Omit<McpDiscovery, 'valid' | 'problems'> {
  return {
    present: true,
    name: null,
    endpoints: [],
    templatedEndpoints: [],
    transports: [],
    declared: { version: null, standing: 'unknown' },
    warnings: [],
  };
}
