/**
 * /.well-known/ucp: the Universal Commerce Protocol business profile.
 *
 * Types
 * - `UcpProfileResult`: `NotPresent`, or the profile facts: the version it declares and where that stands
 *   (`declared`, and the older `versionStatus`), whether services are declared, capability names and whether
 *   one is a checkout (name contains "checkout", e.g. `dev.ucp.shopping.checkout`), declared transports and
 *   MCP endpoints, payment handler names, the signing keys (`signing_keys`, or the draft's top-level `keys`),
 *   identity linking (`dev.ucp.common.identity_linking` and its OAuth scopes), and how it was served.
 *
 * `valid` means nothing in `problems`: the document conforms to the business profile schema of the version
 * it declares (`ucp/versions.ts` picks the rules: 2026-04-08 current, each older release its own, `draft` or a later date
 * by the draft on main), and, when served, it was answered directly (UCP profile endpoints must not redirect)
 * as JSON. The facts are read from the shapes seen in the wild too (`ucp/facts.ts`), so a refused shape still
 * reports what it declares. `warnings` holds what an agent can work around: an older version, no service or
 * payment handler declared, missing or unusable signing keys, identity linking without its scopes. A missing
 * checkout capability is reported by `hasCheckoutCapability`, not by `valid`.
 * Source: github.com/Universal-Commerce-Protocol/ucp schemas (see `ucp/ucp-rules.ts`),
 * https://ucp.dev/specification/overview (profile hosting) and https://ucp.dev/specification/signatures.
 */

import { versionOf } from '#shared/scanner/standards.js';
import { declaredVersion, type DeclaredVersion, type VersionStanding } from './declared-version.js';
import { boundedProblems, isRecord, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';
import { mediaTypeProblem, redirectProblem, type Serving } from './serving.js';
import {
  capabilityNames,
  paymentHandlerNames,
  serviceBindings,
  serviceCapabilityNames,
  serviceDeclarations,
  type Binding,
} from './ucp/facts.js';
import { IDENTITY_LINKING, identityLinkingWarnings, identityScopes } from './ucp/identity-linking.js';
import { maxNesting, nestsTooDeep } from './ucp/nesting.js';
import { problemsOf } from './ucp/problems.js';
import { businessProfileSchema } from './ucp/profile-schema.js';
import { readSigningKeys, type UcpSigningKey } from './ucp/signing-keys.js';
import { rulesFor, standingOf, ucpVersions } from './ucp/versions.js';

export { IDENTITY_LINKING };
export type { UcpSigningKey };

/** `current` is the version the scanner checks against; `newer` a later date or the draft; `unknown` not a date. */
export type UcpVersionStatus = 'current' | 'outdated' | 'newer' | 'unknown';

export interface UcpProfile {
  present: true;
  valid: boolean;
  version: string | null;
  /** The declared version and where it stands: current, older (still read), newer (a later date or draft), unknown. */
  declared: DeclaredVersion;
  versionStatus: UcpVersionStatus;
  hasServices: boolean;
  capabilities: string[];
  hasCheckoutCapability: boolean;
  /** Transport names declared by the services, e.g. rest, mcp, a2a, embedded. */
  transports: string[];
  mcpEndpoints: string[];
  /** The REST bindings' endpoints: the base URLs the REST binding's OpenAPI paths are appended to. */
  restEndpoints: string[];
  /** Payment handler names (reverse-domain keys, or the older handlers' `name`/`id`). */
  paymentHandlers: string[];
  /** The signing keys (`signing_keys`, or the draft's `keys`); null when the profile has none. */
  signingKeys: UcpSigningKey[] | null;
  /** The identity linking capability's OAuth scopes; null when identity linking is not declared. */
  identityLinking: { scopes: string[] } | null;
  /** How it was served; null when the validator was not told (a body read on its own). */
  served: { directly: boolean; asJson: boolean } | null;
  /** Why it does not conform or cannot be used, the JSON path first (also the signals inventory's problems). */
  problems: string[];
  /** What an agent can work around but the shop should fix. */
  warnings: string[];
}

export type UcpProfileResult = NotPresent | UcpProfile;

const STATUS: Record<VersionStanding, UcpVersionStatus> = { current: 'current', older: 'outdated', newer: 'newer', unknown: 'unknown' };

/** `serving` is how the profile was answered; without it only the body is judged. */
export function validateUcpProfile(body: string, serving?: Serving): UcpProfileResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  if (!isRecord(json.value)) return notAnObject();
  const document = json.value;
  const root = isRecord(document.ucp) ? document.ucp : document;
  const written = declaredVersion(root.version, ucpVersions);
  const declared = { ...written, standing: standingOf(written, document, root) };
  const rules = rulesFor(declared);

  const schemaProblems = nestsTooDeep(document)
    ? [`the profile nests more than ${maxNesting} levels deep: no UCP profile does`]
    : problemsOf(businessProfileSchema(rules).safeParse(document).error);
  const servingProblems = [redirectProblem(serving), mediaTypeProblem(serving)].filter((problem) => problem !== null);

  const declarations = serviceDeclarations(root.services);
  const capabilities = [...new Set([...capabilityNames(root.capabilities), ...declarations.flatMap(serviceCapabilityNames)])];
  const bindings = declarations.flatMap(serviceBindings);
  const paymentHandlers = paymentHandlerNames(root, document);
  const keys = readSigningKeys(document, root, rules);
  const identityEntries = isRecord(root.capabilities) ? root.capabilities[IDENTITY_LINKING] : undefined;

  const warnings = [
    ...versionWarnings(declared),
    ...(declarations.length === 0 && isRecord(root.services) ? ['ucp.services is empty: agents find no endpoint to call'] : []),
    ...(paymentHandlers.length === 0 && isRecord(root.payment_handlers)
      ? ['ucp.payment_handlers is empty: no payment handler declared']
      : []),
    ...keys.warnings,
    ...identityLinkingWarnings(identityEntries, rules),
  ];
  const problems = boundedProblems([...schemaProblems, ...servingProblems]);

  return {
    present: true,
    valid: problems.length === 0,
    version: declared.version,
    declared,
    versionStatus: STATUS[declared.standing],
    hasServices: declarations.length > 0,
    capabilities,
    hasCheckoutCapability: capabilities.some((name) => name.toLowerCase().includes('checkout')),
    transports: [...new Set(bindings.map((b) => b.transport))],
    mcpEndpoints: endpointsOf(bindings, 'mcp'),
    restEndpoints: endpointsOf(bindings, 'rest'),
    paymentHandlers,
    signingKeys: keys.keys,
    identityLinking: capabilities.includes(IDENTITY_LINKING) ? { scopes: identityScopes(identityEntries) } : null,
    served: serving ? { directly: redirectProblem(serving) === null, asJson: mediaTypeProblem(serving) === null } : null,
    problems,
    warnings: boundedProblems(warnings),
  };
}

function endpointsOf(bindings: readonly Binding[], transport: string): string[] {
  return [...new Set(bindings.flatMap((b) => (b.transport === transport && b.endpoint !== null ? [b.endpoint] : [])))];
}

function notAnObject(): UcpProfile {
  return {
    present: true,
    valid: false,
    version: null,
    declared: { version: null, standing: 'unknown' },
    versionStatus: 'unknown',
    hasServices: false,
    capabilities: [],
    hasCheckoutCapability: false,
    transports: [],
    mcpEndpoints: [],
    restEndpoints: [],
    paymentHandlers: [],
    signingKeys: null,
    identityLinking: null,
    served: null,
    problems: ['profile is not a JSON object: serve {"ucp": {...}}'],
    warnings: [],
  };
}

function versionWarnings(declared: DeclaredVersion): string[] {
  const current = versionOf('ucp');
  if (declared.standing !== 'older') return [];
  return [`version ${declared.version ?? ''} is older than the current ${current}: upgrade to ${current}`];
}
