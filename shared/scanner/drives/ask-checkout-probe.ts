import type { Tier } from '#shared/model/tiers.js';
import type { SiteArtifacts } from '#shared/scanner/artifacts.js';
import { readWellKnown } from '#shared/scanner/checks/read-artifacts.js';
import type { CheckoutProbeReport, CheckoutProtocol } from '#shared/scanner/drives/drive-report.js';
import { drivesEndpoints } from '#shared/scanner/drives/ask-mcp-drive.js';
import { probeCheckout } from '#shared/scanner/drives/checkout-probe.js';
import type { FetchSession } from '#shared/scanner/fetch-session.js';
import { probeRound, probeTimeout } from '#shared/scanner/drives/probe-budget.js';

type Declaring = Pick<SiteArtifacts, 'ucp' | 'acp'>;

/**
 * The checkout service's base URL a document declares: the UCP profile's REST binding where it declares a checkout
 * capability; the ACP discovery document's `api_base_url` where it offers checkout over REST.
 */
export function declaredCheckoutBase(protocol: CheckoutProtocol, site: Declaring): string | null {
  if (protocol === 'ucp') {
    const ucp = readWellKnown(site.ucp);
    return ucp.state === 'present' && ucp.document.hasCheckoutCapability ? (ucp.document.restEndpoints[0] ?? null) : null;
  }
  const acp = readWellKnown(site.acp);
  if (acp.state !== 'present' || !acp.document.valid || !acp.document.hasCheckout) return null;
  const rest = acp.document.transports.length === 0 || acp.document.transports.includes('rest');
  return rest ? acp.document.apiBaseUrl : null;
}

/** The read-only probe of one protocol's checkout endpoint on a paid scan; null when none runs. */
export async function askCheckoutProbe(
  session: FetchSession,
  documents: Promise<Declaring>,
  protocol: CheckoutProtocol,
  options: { tier: Tier; now: () => number },
): Promise<CheckoutProbeReport | null> {
  if (!drivesEndpoints(options)) return null;
  const base = declaredCheckoutBase(protocol, await documents);
  const timeoutMs = probeTimeout(session);
  if (base === null || timeoutMs === null) return null;
  return probeCheckout(session, protocol, base, { timeoutMs, round: probeRound, now: options.now });
}
