import type { StepDrive } from '#shared/model/scans/scan-result.js';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import { probeLine } from '#shared/scanner/checks/agentic-commerce/checkout-probe-verdict.js';
import type { AssistantVendor } from '#shared/scanner/assistants/vendors.js';
import type { CheckoutDriveReport } from '#shared/scanner/drives/drive-report.js';
import { checkoutSessionsUrl } from '#shared/scanner/drives/checkout-probe.js';

const driveOutcomes: Record<
  Exclude<CheckoutDriveReport['outcome'], 'not_asked' | 'product_refused' | 'credential_refused'>,
  StepDrive['outcome']
> = {
  proven: 'as_specified',
  not_cancelled: 'undocumented_error',
  mismatch: 'failed',
  failed: 'failed',
  refused: 'failed',
};

/**
 * The call behind an assistant's buy step: the checkout a proven owner's rescan drove in its protocol (UCP for Google,
 * ACP for ChatGPT), else the probe of the checkout endpoint its own protocol declares (UCP for Google, ACP for ChatGPT), where a
 * paid scan made one and got an answer to judge. Null for a browser agent, which buys through the shop's pages, and
 * where nothing ran or a bot wall answered.
 */
export function checkoutDriveOf(vendor: AssistantVendor, artifacts: Artifacts): StepDrive | null {
  if (vendor.nativeCheckout === null) return null;
  const drive = vendor.nativeCheckout === 'ucp' ? artifacts.site.ucpCheckoutDrive : artifacts.site.acpCheckoutDrive;
  // A checkout that did not know the page's identifier, or the owner's token, tried nothing an agent with the shop's
  // own ids would: the probe stands.
  if (drive && drive.outcome !== 'not_asked' && drive.outcome !== 'product_refused' && drive.outcome !== 'credential_refused')
    return {
      url: checkoutSessionsUrl(drive.protocol, drive.endpoint),
      outcome: driveOutcomes[drive.outcome],
      detail: drive.detail,
      kind: 'checkout',
    };
  const probe = vendor.nativeCheckout === 'ucp' ? artifacts.site.ucpProbe : artifacts.site.acpProbe;
  if (probe === null || probe.outcome === 'walled' || probe.outcome === 'not_asked') return null;
  const outcome = probe.outcome === 'as_specified' || probe.outcome === 'undocumented_error' ? probe.outcome : 'failed';
  return { url: probe.url, outcome, detail: probeLine(probe), kind: 'probe' };
}
