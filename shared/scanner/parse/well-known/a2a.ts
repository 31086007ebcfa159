/**
 * /.well-known/agent-card.json: an A2A agent card, checked for an AP2 (Agent Payments Protocol)
 * extension.
 *
 * Types
 * - `AgentCardResult`: `NotPresent`, or the card's `name`, service `url` (the first absolute http(s) URL of
 *   1.0's `supportedInterfaces[]`, or 0.3's `url` and `additionalInterfaces[]`), whether
 *   `capabilities.extensions[].uri` contains "ap2", and the AP2 roles declared in that extension's
 *   `params.roles`. `valid` means the card conforms to the A2A schema it is judged by.
 *
 * Which rules: A2A 1.0 (a2a/card-1.0.ts) is current. A card without `supportedInterfaces` that declares a
 * top-level `protocolVersion` before 1.0, or gives only a top-level `url`, is a 0.3-era card: judged by the
 * 0.3 rules (a2a/card-0.3.ts), with a warning naming 1.0. A card whose interfaces declare a later version
 * than 1.0 is judged by the 1.0 rules, members 1.0 does not know left unchecked.
 */

import { STANDARDS, STILL_READ } from '#shared/scanner/standards.js';
import { builtPerKey } from './built-on-first-use.js';
import { declaredVersion, numberedScheme, type DeclaredVersion } from './declared-version.js';
import { arrayOrEmpty, describeIssues, isHttpUrl, isRecord, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';
import { ownerWords } from './schema-messages.js';
import { agentCard03 } from './a2a/card-0.3.js';
import { agentCard10 } from './a2a/card-1.0.js';
import { cardWarnings } from './a2a/card-warnings.js';
import { declaredInterfaces, declaresSecurity, type A2aInterface } from './a2a/card-interfaces.js';

export type { A2aInterface } from './a2a/card-interfaces.js';

export type A2aRules = '1.0' | '0.3';

export interface AgentCard {
  present: true;
  valid: boolean;
  name: string | null;
  url: string | null;
  /** The A2A protocol version the card declares (top-level in 0.3, per interface in 1.0), when it declares one. */
  protocolVersion: string | null;
  declared: DeclaredVersion;
  /** The A2A version whose schema judged the card. */
  judgedBy: A2aRules;
  hasAp2Extension: boolean;
  ap2Roles: string[];
  /** The endpoints it declares with an http(s) URL, which a paid scan drives (shared/scanner/drives/a2a-drive.ts). */
  interfaces: A2aInterface[];
  /** Whether it names a way to authenticate, so that its interfaces may ask for credentials. */
  declaresSecurity: boolean;
  problems: string[];
  /** What agents can work around but the shop should fix: an older version, URLs and media types. */
  warnings: string[];
}

export type AgentCardResult = NotPresent | AgentCard;

const CURRENT = STANDARDS.a2aAgentCard.version;
/** Versions are Major.Minor (https://github.com/a2aproject/A2A (its specification.md, in docs) §3.6); 1.0.1 is a patch of the same protocol. */
export const a2aVersions = numberedScheme([CURRENT], STILL_READ.a2aAgentCard, 2);

/** Built on first use: most shops serve no agent card, and building costs the cold start a few milliseconds. */
const schema10 = builtPerKey((newer: boolean) => agentCard10({ newer }));

export function validateAgentCard(body: string): AgentCardResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  const doc = json.value;
  if (!isRecord(doc)) {
    return {
      present: true,
      valid: false,
      name: null,
      url: null,
      protocolVersion: null,
      declared: { version: null, standing: 'unknown' },
      judgedBy: CURRENT,
      hasAp2Extension: false,
      ap2Roles: [],
      interfaces: [],
      declaresSecurity: false,
      problems: ['the card must be a JSON object (A2A 1.0 Agent Card)'],
      warnings: [],
    };
  }

  const { rules, declared } = rulesFor(doc);
  const schema = rules === '0.3' ? agentCard03() : schema10(declared.standing === 'newer');
  const parsed = schema.safeParse(doc, { error: ownerWords });
  const ap2 = extensionsOf(doc).filter((ext) => typeof ext.uri === 'string' && ext.uri.toLowerCase().includes('ap2'));
  return {
    present: true,
    valid: parsed.success,
    name: typeof doc.name === 'string' && doc.name !== '' ? doc.name : null,
    url: serviceUrls(doc).find(isHttpUrl) ?? null,
    protocolVersion: declared.version,
    declared,
    judgedBy: rules,
    hasAp2Extension: ap2.length > 0,
    ap2Roles: [...new Set(ap2.flatMap((ext) => (isRecord(ext.params) ? arrayOrEmpty(ext.params.roles) : [])))].filter(
      (role): role is string => typeof role === 'string',
    ),
    interfaces: declaredInterfaces(doc, rules),
    declaresSecurity: declaresSecurity(doc),
    problems: parsed.success ? [] : describeIssues(parsed.error),
    warnings: [...versionWarnings(rules, declared), ...cardWarnings(doc, rules)],
  };
}

function interfacesOf(doc: Record<string, unknown>): Record<string, unknown>[] {
  return arrayOrEmpty(doc.supportedInterfaces ?? doc.supported_interfaces).filter(isRecord);
}

/** 1.0 declares a version per interface (the card's is the latest of them); 0.3 one at the top. */
function rulesFor(doc: Record<string, unknown>): { rules: A2aRules; declared: DeclaredVersion } {
  const interfaces = interfacesOf(doc);
  if (interfaces.length > 0 || Array.isArray(doc.supportedInterfaces ?? doc.supported_interfaces)) {
    const versions = interfaces.map((entry) => declaredVersion(entry.protocolVersion ?? entry.protocol_version, a2aVersions));
    const known = versions.filter((version) => version.standing !== 'unknown');
    const latest = known.sort((a, b) => a2aVersions.compare(a.version ?? '', b.version ?? '')).at(-1);
    return { rules: CURRENT, declared: latest ?? versions.find((version) => version.version !== null) ?? versions[0] ?? unknownVersion };
  }
  const declared = declaredVersion(doc.protocolVersion, a2aVersions);
  const olderCard =
    declared.standing === 'older' || (declared.standing === 'unknown' && (doc.protocolVersion !== undefined || doc.url !== undefined));
  return { rules: olderCard ? '0.3' : CURRENT, declared };
}

const unknownVersion: DeclaredVersion = { version: null, standing: 'unknown' };

function versionWarnings(rules: A2aRules, declared: DeclaredVersion): string[] {
  const version = declared.version ?? '';
  if (rules === '0.3')
    return [
      `protocolVersion: an A2A ${version || '0.x'} card, judged by the 0.3 schema; the current A2A is ${CURRENT}: list your endpoints in supportedInterfaces with protocolVersion "${CURRENT}"`,
    ];
  if (declared.standing === 'older')
    return [
      `supportedInterfaces: every interface declares A2A ${version}; the current A2A is ${CURRENT}: add an interface with protocolVersion "${CURRENT}"`,
    ];
  if (declared.standing === 'newer')
    return [`supportedInterfaces: A2A ${version} is newer than ${CURRENT}, the latest the scanner knows: judged by the ${CURRENT} schema`];
  return [];
}

function serviceUrls(doc: Record<string, unknown>): unknown[] {
  const additional = arrayOrEmpty(doc.additionalInterfaces).filter(isRecord);
  return [...interfacesOf(doc).map((entry) => entry.url), doc.url, ...additional.map((entry) => entry.url)];
}

function extensionsOf(doc: Record<string, unknown>): Record<string, unknown>[] {
  return isRecord(doc.capabilities) ? arrayOrEmpty(doc.capabilities.extensions).filter(isRecord) : [];
}
