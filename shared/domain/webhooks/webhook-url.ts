import { invalidInput } from '#shared/domain/errors.js';
import { resolveAndCheckHost, systemLookup, type LookupFn } from '#shared/scanner/fetch/resolve-host.js';
import { isAllowedPrivateHost, type TargetPolicy } from '#shared/scanner/fetch/target-policy.js';
import { validateTargetUrl } from '#shared/scanner/fetch/target-url.js';

/**
 * A webhook URL: https (plain http only for the development hosts of ALLOW_PRIVATE_TARGETS), the
 * scanner's URL rules (no credentials, ports 80/443, no private or special-use host), and a name that
 * resolves, within `timeoutMs`, to public addresses only. Deliveries check the address again.
 */
export async function checkWebhookUrl(raw: string, policy: TargetPolicy, timeoutMs: number, lookup: LookupFn = systemLookup): Promise<string> {
  const parsed = URL.parse(raw.trim());
  if (!parsed) throw invalidInput('url: must be an absolute https URL');
  const development = isAllowedPrivateHost(parsed.hostname, policy);
  if (parsed.protocol !== 'https:' && !(development && parsed.protocol === 'http:')) throw invalidInput('url: must use https');
  const shape = validateTargetUrl(parsed.href, policy);
  if (!shape.ok) throw invalidInput(shape.message.replace(/^url /, 'url: '));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed_out'>((resolve) => (timer = setTimeout(() => resolve('timed_out'), timeoutMs)));
  const check = await Promise.race([resolveAndCheckHost(parsed.hostname, policy, lookup), timedOut]).finally(() => clearTimeout(timer));
  if (check === 'timed_out') throw invalidInput(`url: ${parsed.hostname} did not resolve within ${timeoutMs} ms`);
  if (!check.ok && check.reason === 'blocked') throw invalidInput(`url: ${parsed.hostname} resolves to an address that is not allowed (${check.range})`);
  if (!check.ok) throw invalidInput(`url: ${parsed.hostname} does not resolve`);
  return shape.url.href;
}
