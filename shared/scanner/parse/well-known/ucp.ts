/**
 * /.well-known/ucp: the Universal Commerce Protocol business profile.
 *
 * Types
 * - `UcpProfileResult`: `NotPresent`, or the profile facts: `version` and how it compares with the
 *   current one (`versionStatus`), whether `services` are declared, capability names and whether one
 *   is a checkout (name contains "checkout", e.g. `dev.ucp.shopping.checkout`), declared transports
 *   and MCP endpoints, payment handler names, the `signing_keys` JWK set, identity linking
 *   (`dev.ucp.common.identity_linking` and its OAuth scopes), and how it was served.
 *
 * Tolerates the shapes seen in the wild: `{ ucp: {...} }` or the same fields at the top level;
 * services as a map (`{"dev.ucp.shopping": [{transport, endpoint}]}` or the older
 * `{"dev.ucp.shopping": {rest: {endpoint}, mcp: {endpoint}}}`) or as an array
 * (`[{type, transports: [{type, endpoint}], capabilities: [...]}]`); capabilities as a map keyed
 * by name or an array of `{name}`; payment handlers as `ucp.payment_handlers` (a map keyed by
 * reverse-domain name, the current shape) or the older `payment.handlers` array.
 *
 * `valid` means nothing in `problems`: a version and at least one service, at least one payment handler
 * (the business profile schema requires `payment_handlers`), and, when served, answered directly (UCP
 * profile endpoints must not redirect) as JSON. `warnings` holds what an agent can work around: an older
 * version, missing or unusable signing keys. A missing checkout capability is reported by
 * `hasCheckoutCapability`, not by `valid`.
 * Source: https://ucp.dev/specification/overview (profile hosting, key discovery) and
 * https://ucp.dev/specification/signatures (JWK signing keys, ES256/ES384).
 */

import { z } from 'zod';
import { versionOf } from '#shared/scanner/standards.js';
import { arrayOrEmpty, describeIssues, isHttpUrl, isRecord, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';
import { mediaTypeProblem, redirectProblem, type Serving } from './serving.js';

export const IDENTITY_LINKING = 'dev.ucp.common.identity_linking';

/** `current` is the version the scanner checks against; `newer` a later date; `unknown` not a date. */
export type UcpVersionStatus = 'current' | 'outdated' | 'newer' | 'unknown';

export interface UcpSigningKey {
  kid: string | null;
  kty: string | null;
  alg: string | null;
  /** Why an agent cannot verify signatures with it; null when it can. */
  problem: string | null;
}

export interface UcpProfile {
  present: true;
  valid: boolean;
  version: string | null;
  versionStatus: UcpVersionStatus;
  hasServices: boolean;
  capabilities: string[];
  hasCheckoutCapability: boolean;
  /** Transport names declared by the services, e.g. rest, mcp, a2a, embedded. */
  transports: string[];
  mcpEndpoints: string[];
  /** Payment handler names (reverse-domain keys, or the older handlers' `name`/`id`). */
  paymentHandlers: string[];
  /** The `signing_keys` JWK set; null when the profile has none. */
  signingKeys: UcpSigningKey[] | null;
  /** The identity linking capability's OAuth scopes; null when identity linking is not declared. */
  identityLinking: { scopes: string[] } | null;
  /** How it was served; null when the validator was not told (a body read on its own). */
  served: { directly: boolean; asJson: boolean } | null;
  /** What makes it unusable or non-conforming (also the signals inventory's problems). */
  problems: string[];
  /** What an agent can work around but the shop should fix: an older version, signing keys. */
  warnings: string[];
}

export type UcpProfileResult = NotPresent | UcpProfile;

const namedCapability = z.looseObject({ name: z.string().min(1) });
const profileShape = z.looseObject({
  version: z.string().min(1),
  services: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  capabilities: z.union([z.record(z.string(), z.unknown()), z.array(namedCapability)]).optional(),
});

const TRANSPORT_KEYS = ['rest', 'mcp', 'a2a', 'embedded'] as const;
/** UCP signatures: ES256 required of every verifier, ES384 optional (ucp.dev/specification/signatures). */
const UCP_SIGNATURE_ALGS = new Map([
  ['ES256', 'P-256'],
  ['ES384', 'P-384'],
]);
const DATE_VERSION = /^\d{4}-\d{2}-\d{2}$/;

interface Binding {
  transport: string;
  endpoint: string | null;
}

/** `serving` is how the profile was answered; without it only the body is judged. */
export function validateUcpProfile(body: string, serving?: Serving): UcpProfileResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  if (!isRecord(json.value)) return invalidProfile(['profile is not a JSON object']);
  const document = json.value;
  const root = isRecord(document.ucp) ? document.ucp : document;

  const parsed = profileShape.safeParse(root);
  const problems = parsed.success ? [] : describeIssues(parsed.error);
  const warnings: string[] = [];
  const version = typeof root.version === 'string' && root.version !== '' ? root.version : null;
  const services = root.services;
  const serviceEntries = isRecord(services) ? Object.values(services) : arrayOrEmpty(services);
  const hasServices = serviceEntries.length > 0;
  if (parsed.success && !hasServices) problems.push('services is empty');

  const capabilityMap = isRecord(root.capabilities) ? root.capabilities : {};
  const capabilities = [...new Set([...capabilityNames(root.capabilities), ...serviceEntries.flatMap(serviceCapabilityNames)])];
  const bindings = serviceEntries.flatMap(serviceBindings);
  const paymentHandlers = paymentHandlerNames(root, document);
  if (paymentHandlers.length === 0) problems.push('payment_handlers is missing: no payment handler declared');

  const versionStatus = statusOf(version);
  if (versionStatus === 'outdated')
    warnings.push(`version ${version ?? ''} is older than the current ${versionOf('ucp')}: upgrade to ${versionOf('ucp')}`);
  const signingKeys = readSigningKeys(document.signing_keys ?? root.signing_keys);
  warnings.push(...signingKeyWarnings(signingKeys));

  const served = serving ? { directly: redirectProblem(serving) === null, asJson: mediaTypeProblem(serving) === null } : null;
  for (const problem of [redirectProblem(serving), mediaTypeProblem(serving)]) if (problem !== null) problems.push(problem);

  return {
    present: true,
    valid: problems.length === 0,
    version,
    versionStatus,
    hasServices,
    capabilities,
    hasCheckoutCapability: capabilities.some((name) => name.toLowerCase().includes('checkout')),
    transports: [...new Set(bindings.map((b) => b.transport))],
    mcpEndpoints: [...new Set(bindings.flatMap((b) => (b.transport === 'mcp' && b.endpoint !== null ? [b.endpoint] : [])))],
    paymentHandlers,
    signingKeys,
    identityLinking: capabilities.includes(IDENTITY_LINKING) ? { scopes: identityScopes(capabilityMap[IDENTITY_LINKING]) } : null,
    served,
    problems,
    warnings,
  };
}

function invalidProfile(problems: string[]): UcpProfile {
  return {
    present: true,
    valid: false,
    version: null,
    versionStatus: 'unknown',
    hasServices: false,
    capabilities: [],
    hasCheckoutCapability: false,
    transports: [],
    mcpEndpoints: [],
    paymentHandlers: [],
    signingKeys: null,
    identityLinking: null,
    served: null,
    problems,
    warnings: [],
  };
}

/** Dates compare as strings in YYYY-MM-DD form. */
function statusOf(version: string | null): UcpVersionStatus {
  if (version === null || !DATE_VERSION.test(version)) return 'unknown';
  const current = versionOf('ucp');
  return version === current ? 'current' : version < current ? 'outdated' : 'newer';
}

function paymentHandlerNames(root: Record<string, unknown>, document: Record<string, unknown>): string[] {
  if (isRecord(root.payment_handlers)) {
    return Object.entries(root.payment_handlers)
      .filter(([, entries]) => arrayOrEmpty(entries).length > 0 || isRecord(entries))
      .map(([name]) => name);
  }
  const legacy = [root.payment, document.payment].find(isRecord);
  return arrayOrEmpty(legacy?.handlers).flatMap((handler) => {
    if (!isRecord(handler)) return [];
    const name = [handler.name, handler.id].find((v): v is string => typeof v === 'string' && v !== '');
    return name ? [name] : [];
  });
}

function readSigningKeys(value: unknown): UcpSigningKey[] | null {
  if (value === undefined) return null;
  const keys = isRecord(value) && Array.isArray(value.keys) ? value.keys : value;
  if (!Array.isArray(keys)) return [];
  return arrayOrEmpty(keys).map(readSigningKey);
}

function readSigningKey(entry: unknown): UcpSigningKey {
  if (!isRecord(entry)) return { kid: null, kty: null, alg: null, problem: 'not a JWK object' };
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const kid = text(entry.kid);
  const kty = text(entry.kty);
  const alg = text(entry.alg);
  const crv = text(entry.crv);
  const key = { kid, kty, alg };
  if (kid === null) return { ...key, problem: 'no kid' };
  if (kty === null) return { ...key, problem: 'no kty' };
  if ('d' in entry) return { ...key, problem: 'publishes private key material (d)' };
  if (entry.use !== undefined && entry.use !== 'sig') return { ...key, problem: `use is ${JSON.stringify(entry.use)}, not sig` };
  if (kty !== 'EC') return { ...key, problem: `kty ${kty}: UCP signatures are ECDSA (EC keys)` };
  const expectedCurve = alg === null ? null : UCP_SIGNATURE_ALGS.get(alg);
  if (alg !== null && expectedCurve === undefined) return { ...key, problem: `alg ${alg} is not a UCP signature algorithm (ES256, ES384)` };
  const curve = crv ?? expectedCurve ?? null;
  if (curve === null || ![...UCP_SIGNATURE_ALGS.values()].includes(curve))
    return { ...key, problem: `curve ${crv ?? 'missing'} (P-256 or P-384 expected)` };
  if (expectedCurve && crv !== null && crv !== expectedCurve) return { ...key, problem: `alg ${alg ?? ''} does not match curve ${crv}` };
  if (text(entry.x) === null || text(entry.y) === null) return { ...key, problem: 'EC key without x and y' };
  return { ...key, problem: null };
}

function signingKeyWarnings(keys: UcpSigningKey[] | null): string[] {
  if (keys === null) return ['signing_keys is missing: agents cannot verify signed checkout messages and webhooks'];
  if (keys.length === 0) return ['signing_keys is empty: agents cannot verify signed checkout messages and webhooks'];
  const unusable = keys.filter((key) => key.problem !== null);
  const lines = unusable.map((key) => `signing key ${key.kid ?? '(no kid)'}: ${key.problem ?? ''}`);
  if (unusable.length === keys.length) lines.push('no usable signing key (EC P-256/ES256 expected)');
  return lines;
}

function identityScopes(entries: unknown): string[] {
  return [
    ...new Set(
      arrayOrEmpty(entries).flatMap((entry) => {
        if (!isRecord(entry) || !isRecord(entry.config)) return [];
        const scopes = entry.config.scopes;
        return isRecord(scopes) ? Object.keys(scopes) : arrayOrEmpty(scopes).filter((s): s is string => typeof s === 'string');
      }),
    ),
  ];
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
