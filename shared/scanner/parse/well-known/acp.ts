/**
 * /.well-known/acp.json: Agentic Commerce Protocol discovery document.
 *
 * Types
 * - `AcpDiscoveryResult`: `NotPresent`, or what the document declares. `valid` means it conforms to
 *   `DiscoveryResponse` of the 2026-04-17 schema (acp/discovery-2026-04-17.ts), the only released schema
 *   that has one; `problems` says where not. `conformsToDraft` is the same verdict, kept for its readers.
 *
 * Versions: a discovery document declares the seller's latest API version in `protocol.version` and every
 * one it supports in `protocol.supported_versions`. A latest version before 2026-04-17 is still judged by
 * the 2026-04-17 schema (it describes the document, not the API) with a warning; a later one by the same
 * schema, with names a later version may add (enum values, members) as warnings rather than problems.
 * What the discovery RFC asks beyond the schema (a non-empty, ordered version list ending with
 * `protocol.version`, a "rest" transport) goes to `warnings` (acp/rfc-warnings.ts).
 */

import { STILL_READ, versionOf } from '#shared/scanner/standards.js';
import { builtPerKey } from './built-on-first-use.js';
import { dateScheme, declaredVersion, type DeclaredVersion } from './declared-version.js';
import { arrayOrEmpty, describeIssues, isHttpUrl, isRecord, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';
import { ownerWords } from './schema-messages.js';
import { discoverySchema } from './acp/discovery-2026-04-17.js';
import { rfcWarnings, unknownNameWarnings } from './acp/rfc-warnings.js';

export interface AcpDiscovery {
  present: true;
  valid: boolean;
  /** Same as `valid` (the discovery schema is released now); kept for its readers. */
  conformsToDraft: boolean;
  /** `protocol.version`: the latest API version the seller supports. */
  version: string | null;
  declared: DeclaredVersion;
  supportedVersions: string[];
  apiBaseUrl: string | null;
  transports: string[];
  services: string[];
  hasCheckout: boolean;
  /** The schema's top-level members the document has. */
  recognisedFields: string[];
  problems: string[];
  /** What agents can work around but the shop should fix: an older version, what the RFC asks beyond the schema. */
  warnings: string[];
}

export type AcpDiscoveryResult = NotPresent | AcpDiscovery;

/** The current version and the older dated ones a discovery document may name. */
export const acpVersions = dateScheme([versionOf('acpDiscovery')], STILL_READ.acpDiscovery);
const TOP_LEVEL = ['protocol', 'api_base_url', 'transports', 'capabilities'];

/** Built on first use: most shops serve no acp.json, and building costs the cold start a few milliseconds. */
const schemaFor = builtPerKey((newer: boolean) => discoverySchema({ newer }));

export function validateAcpDiscovery(body: string): AcpDiscoveryResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  const doc = json.value;
  const current = versionOf('acpDiscovery');
  if (!isRecord(doc)) return notAnObject(current);

  const protocol = isRecord(doc.protocol) ? doc.protocol : {};
  const capabilities = isRecord(doc.capabilities) ? doc.capabilities : {};
  const declared = declaredVersion(protocol.version, acpVersions);
  const newer = declared.standing === 'newer';
  const parsed = schemaFor(newer).safeParse(doc, { error: ownerWords });
  const problems = parsed.success ? [] : describeIssues(parsed.error);
  const warnings = [...versionWarnings(declared, current), ...(newer ? unknownNameWarnings(doc) : []), ...rfcWarnings(doc)];
  const services = stringList(capabilities.services);

  return {
    present: true,
    valid: parsed.success,
    conformsToDraft: parsed.success,
    version: declared.version,
    declared,
    supportedVersions: stringList(protocol.supported_versions),
    apiBaseUrl: isHttpUrl(doc.api_base_url) ? doc.api_base_url : null,
    transports: stringList(doc.transports),
    services,
    hasCheckout: services.includes('checkout'),
    recognisedFields: TOP_LEVEL.filter((field) => field in doc),
    problems,
    warnings,
  };
}

function versionWarnings(declared: DeclaredVersion, current: string): string[] {
  const version = declared.version ?? '';
  if (declared.standing === 'older')
    return [
      `protocol.version: the latest ACP version you support, ${version}, is older than the current ${current}: add ${current} once you support it`,
    ];
  if (declared.standing === 'newer')
    return [
      `protocol.version: ${version} is newer than ${current}, the latest ACP version the scanner knows: judged by the ${current} schema`,
    ];
  return [];
}

function notAnObject(current: string): AcpDiscovery {
  return {
    present: true,
    valid: false,
    conformsToDraft: false,
    version: null,
    declared: { version: null, standing: 'unknown' },
    supportedVersions: [],
    apiBaseUrl: null,
    transports: [],
    services: [],
    hasCheckout: false,
    recognisedFields: [],
    problems: [`the document must be a JSON object with protocol, api_base_url, transports and capabilities (ACP ${current})`],
    warnings: [],
  };
}

function stringList(value: unknown): string[] {
  return arrayOrEmpty(value).filter((entry): entry is string => typeof entry === 'string' && entry !== '');
}
