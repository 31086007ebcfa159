import { validateTargetUrl } from '#shared/outbound/target-url.js';
import { normalizeHost, type TargetPolicy } from '#shared/outbound/target-policy.js';

/**
 * What to tell someone whose URL the scanner refuses only because its host is loopback, private, not a
 * public name, or on another port: the variable that lets a development machine scan it. Null when
 * ALLOW_PRIVATE_TARGETS would not help (a malformed URL, another scheme, credentials).
 */
export function privateTargetHint(rawUrl: string, policy: TargetPolicy): string | null {
  const checked = validateTargetUrl(rawUrl.trim(), policy);
  if (checked.ok) return null;
  const url = URL.parse(rawUrl.trim());
  if (!url) return null;
  const host = normalizeHost(url.hostname);
  const what =
    checked.reason === 'blocked_address'
      ? `${host} is a private address`
      : checked.reason === 'special_use_host'
        ? `${host} is not a public host name`
        : checked.reason === 'port'
          ? `port ${url.port} is not scanned on public hosts (80 and 443 only)`
          : null;
  return what === null ? null : `${what}; set ALLOW_PRIVATE_TARGETS=${host} to scan it (development only)`;
}

/** When a public-looking name (or a page it redirects to) resolved to a private address. */
export function resolvedPrivateHint(rawUrl: string): string | null {
  const url = URL.parse(rawUrl.trim());
  if (!url) return null;
  const host = normalizeHost(url.hostname);
  return `${host} leads to a private address; set ALLOW_PRIVATE_TARGETS=${host} to scan it (development only)`;
}
