/**
 * What https://github.com/agentic-commerce-protocol/agentic-commerce-protocol/blob/main/rfcs/rfc.discovery.md asks of a discovery document beyond its JSON Schema, as warnings: agents can
 * still use the document, the shop should fix it. The schema alone decides `valid`.
 */

import { arrayOrEmpty, isHttpUrl, isRecord } from '../json-body.js';
import { quoted } from '../schema-messages.js';
import { isAbsoluteUri } from '../schema-words.js';
import { acpInterventionTypes, acpServices, acpTransports } from './discovery-2026-04-17.js';

const bcp47 = /^[a-z]{2,8}(-[a-z0-9]{1,8})*$/i;

function strings(value: unknown): string[] {
  return arrayOrEmpty(value).filter((entry): entry is string => typeof entry === 'string');
}

export function rfcWarnings(doc: Record<string, unknown>): string[] {
  const warnings: string[] = [];
  const protocol = isRecord(doc.protocol) ? doc.protocol : {};
  const supported = strings(protocol.supported_versions);
  const version = typeof protocol.version === 'string' ? protocol.version : null;
  if (Array.isArray(protocol.supported_versions) && supported.length === 0)
    warnings.push('protocol.supported_versions: list every API version you support, at least the one in protocol.version');
  else if (version !== null && supported.length > 0 && supported.at(-1) !== version)
    warnings.push(`protocol.supported_versions: its last entry must be protocol.version (${quoted(version)}), the latest you support`);
  if (supported.some((entry, i) => i > 0 && entry < (supported[i - 1] ?? '')))
    warnings.push('protocol.supported_versions: list the versions oldest first');

  const transports = strings(doc.transports);
  if (Array.isArray(doc.transports) && !transports.includes('rest'))
    warnings.push('transports: include "rest": every ACP seller serves the REST API at api_base_url');
  if (typeof doc.api_base_url === 'string' && isAbsoluteUri(doc.api_base_url) && !isHttpUrl(doc.api_base_url))
    warnings.push('api_base_url: agents call it over HTTP: give an https:// URL');

  const capabilities = isRecord(doc.capabilities) ? doc.capabilities : {};
  const oddLocale = strings(capabilities.supported_locales).find((locale) => !bcp47.test(locale));
  if (oddLocale !== undefined) warnings.push(`capabilities.supported_locales: ${quoted(oddLocale)} is not a BCP 47 tag such as en-US`);
  return warnings;
}

/** A newer API version may add names the 2026-04-17 enums do not know: said, not refused. */
export function unknownNameWarnings(doc: Record<string, unknown>): string[] {
  const capabilities = isRecord(doc.capabilities) ? doc.capabilities : {};
  const lists: [string, unknown, readonly string[]][] = [
    ['transports', doc.transports, acpTransports],
    ['capabilities.services', capabilities.services, acpServices],
    ['capabilities.intervention_types', capabilities.intervention_types, acpInterventionTypes],
  ];
  return lists.flatMap(([path, value, known]) => {
    const unknown = strings(value).filter((name) => !known.includes(name));
    return unknown.length === 0
      ? []
      : [`${path}: ${unknown.slice(0, 3).map(quoted).join(', ')} not known to the scanner's ACP schema (2026-04-17)`];
  });
}
