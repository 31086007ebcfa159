import { z } from 'zod';
import type { TargetPolicy } from '#shared/outbound/target-policy.js';
import { MAX_URL_LENGTH, validateTargetUrl } from '#shared/outbound/target-url.js';

/**
 * A URL the scanner may fetch: absolute http(s), ports 80/443, no credentials, no private or
 * special-use host. Checked here, before rate limits, so a mistyped URL costs no allowance.
 */
export function targetUrl(policy: TargetPolicy, maxLength = MAX_URL_LENGTH) {
  return z
    .string()
    .trim()
    .min(1, 'is required')
    .max(maxLength, `must be at most ${maxLength} characters`)
    .superRefine((value, context) => {
      const checked = validateTargetUrl(value, policy);
      if (!checked.ok) context.addIssue({ code: 'custom', message: checked.message.replace(/^url /, '') });
    })
    .meta({ format: 'uri', description: 'An absolute http or https URL of a public site' });
}
