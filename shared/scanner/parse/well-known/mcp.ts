/**
 * MCP discovery: /.well-known/mcp.json or /.well-known/mcp/server-card(.json). Read only; the
 * scanner never connects to or invokes the server.
 *
 * Types
 * - `McpDiscoveryResult`: `NotPresent`, or the server `name`, declared `endpoints` (absolute
 *   http(s) URLs) and `transports`. `valid` = a name and at least one endpoint.
 *
 * Tolerated shapes: SEP-2127 server cards (`{name, version, remotes: [{type, url}]}`), the older
 * `{serverInfo: {name}, transport: {type, endpoint}}`, flat `{name, endpoint|url, transport}`,
 * `transports: [...]`, and collections (`servers: [...]`, `mcpServers: {id: {...}}`).
 */

import { z } from 'zod';
import { arrayOrEmpty, isHttpUrl, isRecord, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';

export interface McpDiscovery {
  present: true;
  valid: boolean;
  name: string | null;
  endpoints: string[];
  transports: string[];
  problems: string[];
}

export type McpDiscoveryResult = NotPresent | McpDiscovery;

const transportEntry = z.looseObject({
  type: z.string().optional(),
  transport: z.string().optional(),
  url: z.string().optional(),
  endpoint: z.string().optional(),
});
const serverEntry = z.looseObject({
  name: z.string().optional(),
  title: z.string().optional(),
  serverInfo: z.looseObject({ name: z.string().optional() }).optional(),
  url: z.string().optional(),
  endpoint: z.string().optional(),
  transport: z.union([z.string(), transportEntry]).optional(),
  remotes: z.array(transportEntry).optional(),
  transports: z.array(z.union([z.string(), transportEntry])).optional(),
});

type ServerEntry = z.infer<typeof serverEntry>;

interface Declared {
  names: string[];
  endpoints: string[];
  transports: string[];
}

export function validateMcpDiscovery(body: string): McpDiscoveryResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  if (!isRecord(json.value)) {
    return { present: true, valid: false, name: null, endpoints: [], transports: [], problems: ['document is not a JSON object'] };
  }

  const declared = collect(json.value);
  const name = declared.names[0] ?? null;
  const endpoints = [...new Set(declared.endpoints)];
  const problems: string[] = [];
  if (name === null) problems.push('no server name');
  if (endpoints.length === 0) problems.push('no absolute http(s) MCP endpoint');
  return {
    present: true,
    valid: name !== null && endpoints.length > 0,
    name,
    endpoints,
    transports: [...new Set(declared.transports)],
    problems,
  };
}

function collect(doc: Record<string, unknown>): Declared {
  const nested = [...arrayOrEmpty(doc.servers), ...(isRecord(doc.mcpServers) ? Object.values(doc.mcpServers) : [])];
  const entries = [doc, ...nested].flatMap((entry) => {
    const parsed = serverEntry.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    names: entries.flatMap(namesOf),
    endpoints: entries.flatMap(endpointsOf),
    transports: entries.flatMap(transportsOf),
  };
}

function namesOf(entry: ServerEntry): string[] {
  return [entry.name, entry.serverInfo?.name, entry.title].filter((n): n is string => typeof n === 'string' && n !== '');
}

function endpointsOf(entry: ServerEntry): string[] {
  const candidates: unknown[] = [entry.url, entry.endpoint];
  if (isRecord(entry.transport)) candidates.push(entry.transport.url, entry.transport.endpoint);
  for (const remote of [...(entry.remotes ?? []), ...(entry.transports ?? [])]) {
    if (typeof remote !== 'string') candidates.push(remote.url, remote.endpoint);
  }
  return candidates.filter(isHttpUrl);
}

function transportsOf(entry: ServerEntry): string[] {
  const names: (string | undefined)[] = [];
  if (typeof entry.transport === 'string') names.push(entry.transport);
  else if (entry.transport) names.push(entry.transport.type ?? entry.transport.transport);
  for (const remote of [...(entry.remotes ?? []), ...(entry.transports ?? [])]) {
    names.push(typeof remote === 'string' ? remote : (remote.type ?? remote.transport));
  }
  return names.filter((n): n is string => typeof n === 'string' && n !== '').map((n) => n.toLowerCase());
}
