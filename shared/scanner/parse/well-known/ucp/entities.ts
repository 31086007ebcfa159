/**
 * The entries of a business profile's registries (the schemas' entity definition, and the business schemas
 * of a capability and a payment handler; services in `service-entry.ts`): every entry has a version and may
 * name its spec and schema URLs, an id and a config object.
 */

import { z } from 'zod';
import { anObject, anyObject, text, uri, version } from './fields.js';
import { availableInstruments } from './instruments.js';
import type { UcpRules } from './ucp-rules.js';
import { exampleVersion, quoted } from './ucp-wording.js';

/** The members every entry shares (the schemas' entity definition). */
export function entity(rules: UcpRules, kind: string, schemaRequired = false) {
  return {
    version: version(rules, `each ${kind} needs a version such as ${exampleVersion()}`),
    spec: uri().optional(),
    schema: schemaRequired ? uri(`each ${kind} needs a schema URL`) : uri().optional(),
    id: text().optional(),
    config: anyObject().optional(),
  };
}

function isReverseDomainName(rules: UcpRules, value: unknown): boolean {
  return typeof value === 'string' && rules.reverseDomainName.test(value);
}

export function capabilityEntry(rules: UcpRules) {
  const parents = rules.extendsMany
    ? 'a capability name such as dev.ucp.shopping.checkout, or a list of them'
    : 'a capability name such as dev.ucp.shopping.checkout';
  const extendsParent = z
    .unknown()
    .refine(
      (value) =>
        isReverseDomainName(rules, value) ||
        (rules.extendsMany && Array.isArray(value) && value.length > 0 && value.every((parent) => isReverseDomainName(rules, parent))),
      { error: (issue) => `${quoted(issue.input)} is not ${parents}` },
    );
  return z.looseObject(
    { ...entity(rules, 'capability entry', rules.capabilitySchemaRequired), extends: extendsParent.optional() },
    anObject,
  );
}

export function paymentHandlerEntry(rules: UcpRules) {
  return z.looseObject(
    {
      ...entity(rules, 'payment handler'),
      id: text('each payment handler needs an id, unique among your handlers'),
      ...(rules.availableInstruments ? { available_instruments: availableInstruments(rules.availableInstruments).optional() } : {}),
    },
    anObject,
  );
}
