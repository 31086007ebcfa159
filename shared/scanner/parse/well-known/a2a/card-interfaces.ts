import { arrayOrEmpty, isHttpUrl, isRecord } from '../json-body.js';

/** One endpoint an agent card declares, as an agent picks it: where, in which binding, in which A2A version. */
export interface A2aInterface {
  url: string;
  /** `JSONRPC`, `GRPC`, `HTTP+JSON`, or whatever else the card names. */
  binding: string;
  /** The A2A version the interface speaks, as Major.Minor ("1.0", "0.3"). */
  version: string;
  /** A 1.0 interface's tenant, which every request to it carries. */
  tenant: string | null;
}

const BINDING_NAME = /^[A-Z0-9][A-Z0-9+._-]{0,31}$/;

/** More than this many interfaces are not read: a card lists a handful. */
const MAX_INTERFACES = 8;

/**
 * The interfaces an agent card declares with an http(s) URL.
 * - 1.0: each `supportedInterfaces[]` entry's `url`, `protocolBinding`, `protocolVersion` and `tenant`.
 * - 0.3: the card's `url` in its `preferredTransport` ("JSONRPC" when absent), then each `additionalInterfaces[]`
 *   entry's `url` and `transport`, all in the card's `protocolVersion`.
 * The same URL in the same binding is listed once.
 */
export function declaredInterfaces(doc: Record<string, unknown>, rules: '1.0' | '0.3'): A2aInterface[] {
  const listed =
    rules === '1.0'
      ? arrayOrEmpty(doc.supportedInterfaces ?? doc.supported_interfaces)
          .filter(isRecord)
          .map((entry) => ({
            url: entry.url,
            binding: entry.protocolBinding ?? entry.protocol_binding,
            version: majorMinor(entry.protocolVersion ?? entry.protocol_version) ?? '1.0',
            tenant: typeof entry.tenant === 'string' && entry.tenant !== '' ? entry.tenant : null,
          }))
      : [
          { url: doc.url, binding: doc.preferredTransport ?? 'JSONRPC' },
          ...arrayOrEmpty(doc.additionalInterfaces)
            .filter(isRecord)
            .map((entry) => ({ url: entry.url, binding: entry.transport })),
        ].map((entry) => ({ ...entry, version: majorMinor(doc.protocolVersion) ?? '0.3', tenant: null }));
  const seen = new Set<string>();
  const interfaces: A2aInterface[] = [];
  for (const entry of listed) {
    if (!isHttpUrl(entry.url) || typeof entry.binding !== 'string') continue;
    const binding = entry.binding.trim().toUpperCase();
    // A binding is a name like HTTP+JSON; anything else is not one, and the site's text goes no further.
    if (!BINDING_NAME.test(binding)) continue;
    // As the URL parser reads it: what is asked, and what the verdict prints, carries no raw control or bidi character.
    const url = new URL(entry.url).href;
    const key = `${binding} ${url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    interfaces.push({ url, binding, version: entry.version, tenant: entry.tenant });
  }
  return interfaces.slice(0, MAX_INTERFACES);
}

/** Whether the card names a way to authenticate (`securitySchemes`), so that an interface may ask for credentials. */
export function declaresSecurity(doc: Record<string, unknown>): boolean {
  const schemes = doc.securitySchemes ?? doc.security_schemes;
  return isRecord(schemes) && Object.keys(schemes).length > 0;
}

function majorMinor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^\s*v?(\d+)\.(\d+)/.exec(value);
  return match ? `${Number(match[1])}.${Number(match[2])}` : null;
}
