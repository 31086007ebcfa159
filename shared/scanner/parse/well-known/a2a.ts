/**
 * /.well-known/agent-card.json: an A2A agent card, checked for an AP2 (Agent Payments Protocol)
 * extension.
 *
 * Types
 * - `AgentCardResult`: `NotPresent`, or the card's `name`, service `url` (A2A ≤0.3 `url`, or the
 *   first of 1.0's `supportedInterfaces[].url`), whether `capabilities.extensions[].uri` contains
 *   "ap2", and the AP2 roles declared in that extension's `params.roles`. `valid` = name + url.
 */

import { z } from 'zod';
import { arrayOrEmpty, describeIssues, isHttpUrl, isRecord, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';

export interface AgentCard {
  present: true;
  valid: boolean;
  name: string | null;
  url: string | null;
  /** The A2A protocol version the card declares (top-level in 0.3, per interface in 1.0), when it declares one. */
  protocolVersion: string | null;
  hasAp2Extension: boolean;
  ap2Roles: string[];
  problems: string[];
}

export type AgentCardResult = NotPresent | AgentCard;

const extension = z.looseObject({
  uri: z.string(),
  required: z.boolean().optional(),
  params: z.looseObject({ roles: z.array(z.string()).optional() }).optional(),
});
const interfaceEntry = z.looseObject({ url: z.string() });
const cardShape = z.looseObject({
  name: z.string().min(1),
  url: z.string().optional(),
  supportedInterfaces: z.array(interfaceEntry).optional(),
  additionalInterfaces: z.array(interfaceEntry).optional(),
  capabilities: z.looseObject({ extensions: z.array(extension).optional() }).optional(),
});

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
      hasAp2Extension: false,
      ap2Roles: [],
      problems: ['card is not a JSON object'],
    };
  }

  const parsed = cardShape.safeParse(doc);
  if (!parsed.success) {
    const name = typeof doc.name === 'string' && doc.name !== '' ? doc.name : null;
    return {
      present: true,
      valid: false,
      name,
      url: null,
      protocolVersion: protocolVersionOf(doc),
      hasAp2Extension: false,
      ap2Roles: [],
      problems: describeIssues(parsed.error),
    };
  }

  const card = parsed.data;
  const interfaceUrls = [...(card.supportedInterfaces ?? []), ...(card.additionalInterfaces ?? [])].map((i) => i.url);
  const url = [card.url, ...interfaceUrls].find(isHttpUrl) ?? null;
  const ap2 = (card.capabilities?.extensions ?? []).filter((ext) => ext.uri.toLowerCase().includes('ap2'));
  const problems = url === null ? ['no absolute http(s) service url'] : [];
  return {
    present: true,
    valid: url !== null,
    name: card.name,
    url,
    protocolVersion: protocolVersionOf(doc),
    hasAp2Extension: ap2.length > 0,
    ap2Roles: [...new Set(ap2.flatMap((ext) => ext.params?.roles ?? []))],
    problems,
  };
}

/** A2A up to 0.3 puts `protocolVersion` at the top; 1.0 puts it on each `supportedInterfaces` entry. */
function protocolVersionOf(doc: Record<string, unknown>): string | null {
  const interfaces = arrayOrEmpty(doc.supportedInterfaces).filter(isRecord);
  const candidates = [doc.protocolVersion, ...interfaces.map((entry) => entry.protocolVersion)];
  return candidates.find((value): value is string => typeof value === 'string' && value !== '') ?? null;
}
