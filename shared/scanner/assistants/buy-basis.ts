import type { StepDrive } from '#shared/model/scans/scan-result.js';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import { probeLine } from '#shared/scanner/checks/agentic-commerce/checkout-probe-verdict.js';
import type { AssistantVendor } from '#shared/scanner/assistants/vendors.js';

/**
 * The call behind an assistant's buy step: the probe of the checkout endpoint its own protocol declares (UCP for
 * Google, ACP for ChatGPT), where a paid scan made one and got an answer to judge. Null for a browser agent, which
 * buys through the shop's pages, and where no probe ran or a bot wall answered it.
 */
export function checkoutDriveOf(vendor: AssistantVendor, artifacts: Artifacts): StepDrive | null {
  if (vendor.nativeCheckout === null) return null;
  const probe = vendor.nativeCheckout === 'ucp' ? artifacts.site.ucpProbe : artifacts.site.acpProbe;
  if (probe === null || probe.outcome === 'walled' || probe.outcome === 'not_asked') return null;
  const outcome = probe.outcome === 'as_specified' || probe.outcome === 'undocumented_error' ? probe.outcome : 'failed';
  return { url: probe.url, outcome, detail: probeLine(probe) };
}
