/**
 * /.well-known/ucp: the Universal Commerce Protocol business profile.
 *
 * Types
 * - `UcpProfileResult`: `NotPresent`, or the profile facts: `version`, whether `services` are
 *   declared, capability names and whether one is a checkout (name contains "checkout", e.g.
 *   `dev.ucp.shopping.checkout`), declared transports and MCP endpoints.
 *
 * Tolerates the shapes seen in the wild: `{ ucp: {...} }` or the same fields at the top level;
 * services as a map (`{"dev.ucp.shopping": [{transport, endpoint}]}` or the older
 * `{"dev.ucp.shopping": {rest: {endpoint}, mcp: {endpoint}}}`) or as an array
 * (`[{type, transports: [{type, endpoint}], capabilities: [...]}]`); capabilities as a map keyed
 * by name or an array of `{name}`. `valid` means version plus at least one service; a missing
 * checkout capability is reported by `hasCheckoutCapability`, not by `valid`.
 */

import { z } from 'zod';
import { arrayOrEmpty, describeIssues, isHttpUrl, isRecord, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';

export interface UcpProfile {
  present: true;
  valid: boolean;
  version: string | null;
  hasServices: boolean;
  capabilities: string[];
  hasCheckoutCapability: boolean;
  /** Transport names declared by the services, e.g. rest, mcp, a2a, embedded. */
  transports: string[];
  mcpEndpoints: string[];
  problems: string[];
}

export type UcpProfileResult = NotPresent | UcpProfile;

const namedCapability = z.looseObject({ name: z.string().min(1) });
const profileShape = z.looseObject({
  version: z.string().min(1),
  services: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  capabilities: z.union([z.record(z.string(), z.unknown()), z.array(namedCapability)]).optional(),
});

const TRANSPORT_KEYS = ['rest', 'mcp', 'a2a', 'embedded'] as const;

interface Binding {
  transport: string;
  endpoint: string | null;
}

export function validateUcpProfile(body: string): UcpProfileResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  if (!isRecord(json.value)) return invalidProfile(['profile is not a JSON object']);
  const root = isRecord(json.value.ucp) ? json.value.ucp : json.value;

  const parsed = profileShape.safeParse(root);
  const problems = parsed.success ? [] : describeIssues(parsed.error);
  const version = typeof root.version === 'string' && root.version !== '' ? root.version : null;
  const services = root.services;
  const serviceEntries = isRecord(services) ? Object.values(services) : arrayOrEmpty(services);
  const hasServices = serviceEntries.length > 0;
  if (parsed.success && !hasServices) problems.push('services is empty');

  const capabilities = [...new Set([...capabilityNames(root.capabilities), ...serviceEntries.flatMap(serviceCapabilityNames)])];
  const bindings = serviceEntries.flatMap(serviceBindings);
  return {
    present: true,
    valid: parsed.success && hasServices,
    version,
    hasServices,
    capabilities,
    hasCheckoutCapability: capabilities.some((name) => name.toLowerCase().includes('checkout')),
    transports: [...new Set(bindings.map((b) => b.transport))],
    mcpEndpoints: [...new Set(bindings.flatMap((b) => (b.transport === 'mcp' && b.endpoint !== null ? [b.endpoint] : [])))],
    problems,
  };
}

function invalidProfile(problems: string[]): UcpProfile {
  return {
    present: true,
    valid: false,
    version: null,
    hasServices: false,
    capabilities: [],
    hasCheckoutCapability: false,
    transports: [],
    mcpEndpoints: [],
    problems,
  };
}

function capabilityNames(capabilities: unknown): string[] {
  if (isRecord(capabilities)) return Object.keys(capabilities);
  return arrayOrEmpty(capabilities).flatMap((entry) => {
    const parsed = namedCapability.safeParse(entry);
    return parsed.success ? [parsed.data.name] : [];
  });
}

function serviceCapabilityNames(service: unknown): string[] {
  return isRecord(service) ? capabilityNames(service.capabilities) : [];
}

/** A service value: a binding, a list of bindings, `{rest|mcp|...: {endpoint}}`, or `{transports: [...]}`. */
function serviceBindings(service: unknown): Binding[] {
  if (Array.isArray(service)) return arrayOrEmpty(service).flatMap(serviceBindings);
  if (!isRecord(service)) return [];
  const bindings: Binding[] = [];
  if (typeof service.transport === 'string') bindings.push(binding(service.transport, service));
  for (const key of TRANSPORT_KEYS) {
    const value = service[key];
    if (isRecord(value)) bindings.push(binding(key, value));
  }
  for (const transport of arrayOrEmpty(service.transports)) {
    if (typeof transport === 'string') bindings.push({ transport: transport.toLowerCase(), endpoint: null });
    else if (isRecord(transport) && typeof transport.type === 'string') bindings.push(binding(transport.type, transport));
  }
  return bindings;
}

function binding(transport: string, source: Record<string, unknown>): Binding {
  const endpoint = [source.endpoint, source.url].find(isHttpUrl) ?? null;
  return { transport: transport.toLowerCase(), endpoint };
}
