import { isIP } from 'node:net';
import { classifyAddress } from './address-policy.js';
import { isAllowedPrivateHost, normalizeHost } from './target-policy.js';
import type { TargetPolicy } from './target-policy.js';

export const MAX_URL_LENGTH = 2048;

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:']);
// '' is the scheme's default port (the URL parser drops an explicit :80 on http and :443 on https).
const ALLOWED_PORTS = new Set(['', '80', '443']);

// Names that never lead to a public shop: RFC 6761/6762/8375/7686 special-use names plus
// suffixes commonly used inside private networks.
const SPECIAL_USE_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'home.arpa',
  'lan',
  'corp',
  'test',
  'invalid',
  'example',
  'onion',
  'intranet',
  'private',
] as const;

// Cloud metadata services' names whose suffix is not special-use (metadata.google.internal and
// instance-data.ec2.internal are caught by "internal", the single-label "metadata" by having no dot).
const METADATA_HOST_NAMES = new Set(['metadata.tencentyun.com', 'metadata.packet.net', 'metadata.platformequinix.com']);

export type TargetUrlRejection =
  'malformed' | 'too_long' | 'unsupported_scheme' | 'credentials' | 'special_use_host' | 'blocked_address' | 'port';

export type TargetUrlResult = { ok: true; url: URL } | { ok: false; reason: TargetUrlRejection; message: string };

/**
 * Checks a URL a scan may fetch, without any I/O: the address a name resolves to is checked
 * later, inside the connector. Messages are safe to return in a 400 response.
 */
export function validateTargetUrl(raw: string, policy: TargetPolicy): TargetUrlResult {
  if (raw.length > MAX_URL_LENGTH) return reject('too_long', `url must be at most ${MAX_URL_LENGTH} characters`);
  const url = URL.parse(raw);
  if (!url) return reject('malformed', 'url must be an absolute http or https URL');
  if (url.href.length > MAX_URL_LENGTH) return reject('too_long', `url must be at most ${MAX_URL_LENGTH} characters`);
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return reject('unsupported_scheme', 'url must use http or https');
  if (url.username !== '' || url.password !== '') return reject('credentials', 'url must not contain a user name or password');
  if (isAllowedPrivateHost(url.hostname, policy)) return { ok: true, url };

  const host = normalizeHost(url.hostname);
  if (isIP(host) !== 0) {
    if (!classifyAddress(host).allowed) return reject('blocked_address', 'url must point to a public address');
  } else if (isSpecialUseName(host)) {
    return reject('special_use_host', 'url must name a public host');
  }
  if (!ALLOWED_PORTS.has(url.port)) return reject('port', 'url must use port 80 or 443');
  return { ok: true, url };
}

/** Single-label names ("intranet", "localhost") and reserved or private-network suffixes. */
export function isSpecialUseName(host: string): boolean {
  const name = normalizeHost(host);
  if (!name.includes('.') || METADATA_HOST_NAMES.has(name)) return true;
  return SPECIAL_USE_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

function reject(reason: TargetUrlRejection, message: string): TargetUrlResult {
  return { ok: false, reason, message };
}
