import { invalidInput } from '#shared/model/errors.js';
import type { LookupFn } from '#shared/outbound/resolve-host.js';
import { screenHost } from '#shared/outbound/screen-host.js';
import { isAllowedPrivateHost, type TargetPolicy } from '#shared/outbound/target-policy.js';
import { validateTargetUrl } from '#shared/outbound/target-url.js';

/**
 * A webhook URL: https (plain http only for the development hosts of ALLOW_PRIVATE_TARGETS), the
 * scanner's URL rules (no credentials, ports 80/443, no private or special-use host), and a name that
 * resolves, within `timeoutMs`, to public addresses only. Deliveries check the address again.
 */
export async function checkWebhookUrl(raw: string, policy: TargetPolicy, timeoutMs: number, lookup?: LookupFn): Promise<string> {
  const parsed = URL.parse(raw.trim());
  if (!parsed) throw invalidInput('url: must be an absolute https URL');
  const development = isAllowedPrivateHost(parsed.hostname, policy);
  if (parsed.protocol !== 'https:' && !(development && parsed.protocol === 'http:')) throw invalidInput('url: must use https');
  const shape = validateTargetUrl(parsed.href, policy);
  if (!shape.ok) throw invalidInput(shape.message.replace(/^url /, 'url: '));
  const screen = await screenHost(parsed.hostname, policy, timeoutMs, lookup);
  if (!screen.ok) throw invalidInput(`url: ${screen.message}`);
  return shape.url.href;
}
