/**
 * MCP discovery documents written before the v1 server card, still read: `/.well-known/mcp.json` with
 * `serverInfo: {name}` and `transport: {type, endpoint}`, flat `{name, endpoint|url, transport}`,
 * `transports: [...]`, and collections (`servers: [...]`, `mcpServers: {id: {...}}`). They have no
 * schema; an agent can use one that names a server and gives an absolute endpoint.
 */

import { z } from 'zod';
import { builtOnFirstUse } from '../built-on-first-use.js';
import { arrayOrEmpty, isRecord } from '../json-body.js';

/** Members only the older shapes use: a document without a v1 `$schema` that has one is read as older. */
const olderMembers = ['serverInfo', 'transport', 'transports', 'endpoint', 'url', 'servers', 'mcpServers'] as const;

export function hasOlderShape(doc: Record<string, unknown>): boolean {
  return olderMembers.some((member) => doc[member] !== undefined);
}

/** Built when an older document is first read. */
const serverEntry = builtOnFirstUse(() => {
  const transportEntry = z.looseObject({
    type: z.string().optional(),
    transport: z.string().optional(),
    url: z.string().optional(),
    endpoint: z.string().optional(),
  });
  return z.looseObject({
    name: z.string().optional(),
    title: z.string().optional(),
    serverInfo: z.looseObject({ name: z.string().optional() }).optional(),
    url: z.string().optional(),
    endpoint: z.string().optional(),
    transport: z.union([z.string(), transportEntry]).optional(),
    remotes: z.array(transportEntry).optional(),
    transports: z.array(z.union([z.string(), transportEntry])).optional(),
  });
});

type ServerEntry = z.infer<ReturnType<typeof serverEntry>>;

export interface OlderDeclarations {
  names: string[];
  /** Every URL the document gives for the server, absolute or not; the caller sorts them. */
  urls: string[];
  transports: string[];
}

export function readOlderShape(doc: Record<string, unknown>): OlderDeclarations {
  const nested = [...arrayOrEmpty(doc.servers), ...(isRecord(doc.mcpServers) ? Object.values(doc.mcpServers) : [])];
  const entries = [doc, ...nested].flatMap((entry) => {
    const parsed = serverEntry().safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    names: entries.flatMap(namesOf),
    urls: entries.flatMap(urlsOf),
    transports: entries.flatMap(transportsOf),
  };
}

function namesOf(entry: ServerEntry): string[] {
  return [entry.name, entry.serverInfo?.name, entry.title].filter((n): n is string => typeof n === 'string' && n !== '');
}

function urlsOf(entry: ServerEntry): string[] {
  const candidates: unknown[] = [entry.url, entry.endpoint];
  if (isRecord(entry.transport)) candidates.push(entry.transport.url, entry.transport.endpoint);
  for (const remote of [...(entry.remotes ?? []), ...(entry.transports ?? [])]) {
    if (typeof remote !== 'string') candidates.push(remote.url, remote.endpoint);
  }
  return candidates.filter((c): c is string => typeof c === 'string' && c !== '');
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
