/**
 * /.well-known/acp.json: Agentic Commerce Protocol discovery document.
 *
 * Types
 * - `AcpDiscoveryResult`: `NotPresent`, or what the document declares. The discovery RFC
 *   (https://github.com/agentic-commerce-protocol/agentic-commerce-protocol/blob/main/rfcs/rfc.discovery.md,
 *   `DiscoveryResponse` in the released 2026-04-17 schema) is new and shops publish other shapes, so `valid`
 *   only needs a JSON object with at least one recognisable commerce field; `conformsToDraft` says whether it
 *   also matches the schema's required shape (`protocol{name:"acp",version,supported_versions}`,
 *   `api_base_url`, `transports`, `capabilities.services`), with the differences in `problems`.
 */

import { z } from 'zod';
import { arrayOrEmpty, describeIssues, isHttpUrl, isRecord, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';

export interface AcpDiscovery {
  present: true;
  valid: boolean;
  conformsToDraft: boolean;
  version: string | null;
  apiBaseUrl: string | null;
  transports: string[];
  services: string[];
  hasCheckout: boolean;
  /** The recognisable fields found at the top level. */
  recognisedFields: string[];
  problems: string[];
}

export type AcpDiscoveryResult = NotPresent | AcpDiscovery;

const draftShape = z.looseObject({
  protocol: z.looseObject({
    name: z.literal('acp'),
    version: z.string().min(1),
    supported_versions: z.array(z.string()),
  }),
  api_base_url: z.string().refine(isHttpUrl, 'must be an absolute http(s) URL'),
  transports: z.array(z.string()),
  capabilities: z.looseObject({ services: z.array(z.string()) }),
});

const RECOGNISED_FIELDS = [
  'protocol',
  'api_base_url',
  'transports',
  'capabilities',
  'version',
  'api_version',
  'protocol_version',
  'checkout',
  'checkout_url',
  'checkout_sessions_url',
  'endpoints',
  'product_feed',
  'feed_url',
  'payment',
];

export function validateAcpDiscovery(body: string): AcpDiscoveryResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  const doc = json.value;
  if (!isRecord(doc)) {
    return {
      present: true,
      valid: false,
      conformsToDraft: false,
      version: null,
      apiBaseUrl: null,
      transports: [],
      services: [],
      hasCheckout: false,
      recognisedFields: [],
      problems: ['document is not a JSON object'],
    };
  }

  const draft = draftShape.safeParse(doc);
  const protocol = isRecord(doc.protocol) ? doc.protocol : {};
  const capabilities = isRecord(doc.capabilities) ? doc.capabilities : {};
  const version = [protocol.version, doc.version, doc.api_version, doc.protocol_version].find(isNonEmptyString) ?? null;
  const services = stringArray(capabilities.services);
  const recognisedFields = RECOGNISED_FIELDS.filter((field) => field in doc);
  const hasCheckout =
    services.some((service) => service.toLowerCase().includes('checkout')) ||
    Object.keys(doc).some((key) => key.toLowerCase().includes('checkout'));

  const problems = draft.success ? [] : describeIssues(draft.error);
  if (recognisedFields.length === 0) problems.unshift('no recognisable ACP discovery field');
  return {
    present: true,
    valid: recognisedFields.length > 0,
    conformsToDraft: draft.success,
    version,
    apiBaseUrl: isHttpUrl(doc.api_base_url) ? doc.api_base_url : null,
    transports: stringArray(doc.transports),
    services,
    hasCheckout,
    recognisedFields,
    problems,
  };
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function stringArray(value: unknown): string[] {
  return arrayOrEmpty(value).filter(isNonEmptyString);
}
