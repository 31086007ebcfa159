import { allowedPrivateHosts } from '#shared/config.js';
import type { Dependencies } from '#shared/dependencies.js';
import { screenHost, type HostScreen } from '#shared/outbound/screen-host.js';

/**
 * Resolves the host of a URL that passed the scanner's URL rules, so a name that resolves only to
 * blocked addresses is refused while the request is validated (400), before any allowance is spent.
 * What a name that does not resolve (or not in time) means is each caller's decision: docs/decisions/016-ssrf-checked-urls.md,
 * "Design decisions".
 */
export function screenTarget(url: string, deps: Pick<Dependencies, 'config' | 'lookup'>): Promise<HostScreen> {
  const parsed = URL.parse(url.trim());
  if (!parsed) return Promise.resolve({ ok: false, reason: 'unresolvable', message: 'url must be an absolute http or https URL' });
  return screenHost(
    parsed.hostname,
    { allowPrivateHosts: allowedPrivateHosts(deps.config) },
    deps.config.hostResolveTimeoutMs,
    deps.lookup,
  );
}
