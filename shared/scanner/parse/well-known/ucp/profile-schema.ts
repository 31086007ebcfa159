/**
 * The business profile document a version's rules describe: a top-level `ucp` object (version, services,
 * capabilities, payment handlers and the version's other members) and the signing keys beside it. Every
 * object is open (`additionalProperties: true` or unstated), so unknown members pass.
 */

import { z } from 'zod';
import { builtPerKey } from '../built-on-first-use.js';
import { anyObject, dateKey, registry, uri, version } from './fields.js';
import { capabilityEntry, paymentHandlerEntry } from './entities.js';
import { serviceEntry } from './service-entry.js';
import { publicJwk, signingKeyOf } from './key-schemas.js';
import type { UcpRules } from './ucp-rules.js';
import { exampleVersion, expected, quoted } from './ucp-wording.js';

function ucpObject(rules: UcpRules) {
  const supportedVersions = z.record(dateKey(), uri(), {
    error: (issue) => (issue.code === 'invalid_key' ? undefined : expected('is missing', 'a map from version to profile URL')(issue)),
  });
  const mapOrder = anyObject().pipe(
    z.record(z.string(), z.array(z.string({ error: expected('is missing', 'text') }), { error: expected('is missing', 'a list of keys') })),
  );
  const shape = {
    version: version(rules, `needs the UCP version the profile follows, such as ${exampleVersion()}`),
    services: registry(
      rules,
      serviceEntry(rules),
      'is missing: declare your services, e.g. "dev.ucp.shopping": [{version, transport, endpoint}]',
    ),
    capabilities: registry(rules, capabilityEntry(rules), 'is missing').optional(),
    payment_handlers: registry(
      rules,
      paymentHandlerEntry(rules),
      'is missing: declare your payment handlers (an empty map {} if you have none yet)',
    ),
    ...(rules.statusAndSupportedVersions
      ? {
          status: z
            .enum(['success', 'error'], { error: (issue) => `${quoted(issue.input)} is not a status (success or error)` })
            .optional(),
          supported_versions: supportedVersions.optional(),
        }
      : {}),
    ...(rules.mapOrder ? { map_order: mapOrder.optional() } : {}),
  };
  return z.looseObject(shape, {
    error: expected(
      'is missing: put version, services and payment_handlers inside a top-level "ucp" object',
      'an object holding version, services and payment_handlers',
    ),
  });
}

function businessProfile(rules: UcpRules) {
  const keys = z.array(rules.keysMember === 'keys' ? publicJwk() : signingKeyOf('EC'), {
    error: expected('is missing', 'a list of JWK keys'),
  });
  return z.looseObject({
    ucp: ucpObject(rules),
    [rules.keysMember]: keys.optional(),
  });
}

/** The document schema for `rules`, built on first use. */
const builtProfile = builtPerKey(businessProfile);

export function businessProfileSchema(rules: UcpRules): z.ZodType {
  return rules.profileSchema ? rules.profileSchema() : builtProfile(rules);
}
