import { stripBrackets } from './address-policy.js';

export interface TargetPolicy {
  /**
   * Hosts (names or IP literals, no port) that may resolve to private or loopback addresses and
   * use any port. Development and tests only: set from ALLOW_PRIVATE_TARGETS=host[,host].
   */
  readonly allowPrivateHosts: readonly string[];
}

export const STRICT_POLICY: TargetPolicy = { allowPrivateHosts: [] };

/** Lower-case, without IPv6 brackets or the trailing dot of a fully qualified name. */
export function normalizeHost(host: string): string {
  return stripBrackets(host.trim().toLowerCase()).replace(/\.+$/, '');
}

export function isAllowedPrivateHost(host: string, policy: TargetPolicy): boolean {
  const wanted = normalizeHost(host);
  return wanted !== '' && policy.allowPrivateHosts.some((allowed) => normalizeHost(allowed) === wanted);
}

/** Parses ALLOW_PRIVATE_TARGETS ("127.0.0.1,localhost") into a policy; empty or unset = strict. */
export function policyFromAllowList(value: string | undefined): TargetPolicy {
  const hosts = (value ?? '')
    .split(',')
    .map(normalizeHost)
    .filter((host) => host !== '');
  return { allowPrivateHosts: hosts };
}
