/**
 * The business profile document a version's rules describe: a top-level `ucp` object (version, services,
 * capabilities, payment handlers and the version's other members) and the signing keys beside it. Every
 * object is open (`additionalProperties: true` or unstated), so unknown members pass.
 */

import { z } from 'zod';
import { anyObject, dateKey, registry, uri, version } from './fields.js';
import { capabilityEntry, paymentHandlerEntry } from './entities.js';
import { serviceEntry } from './service-entry.js';
import { publicJwk, signingKey } from './key-schemas.js';
import type { UcpRules } from './ucp-rules.js';
import { exampleVersion, expected, quoted } from './ucp-wording.js';

function ucpObject(rules: UcpRules) {
  const supportedVersions = z.record(dateKey, uri(), {
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
  const keys = z.array(rules.keysMember === 'keys' ? publicJwk : signingKey, { error: expected('is missing', 'a list of JWK keys') });
  return z.looseObject({
    ucp: ucpObject(rules),
    [rules.keysMember]: keys.optional(),
  });
}

const built = new Map<UcpRules, ReturnType<typeof businessProfile>>();

/** The document schema for `rules`, built on first use. */
export function businessProfileSchema(rules: UcpRules): z.ZodType {
  if (rules.profileSchema) return rules.profileSchema();
  const cached = built.get(rules);
  if (cached) return cached;
  const schema = businessProfile(rules);
  built.set(rules, schema);
  return schema;
}
