/**
 * The entries of a business profile's registries (the schemas' entity definition, and the business schemas
 * of a service, a capability and a payment handler): every entry has a version and may name its
 * spec and schema URLs, an id and a config object.
 */

import { z } from 'zod';
import { isRecord } from '../json-body.js';
import { anObject, anyObject, text, uri, version, whenObject } from './fields.js';
import type { UcpRules } from './rules.js';
import { exampleVersion, expected, quoted } from './wording.js';

const TRANSPORTS = ['rest', 'mcp', 'a2a', 'embedded'] as const;
/** The transports whose business binding must say where to call (the service's business schema). */
const NEEDS_ENDPOINT = new Set<unknown>(['rest', 'mcp', 'a2a']);

function entity(rules: UcpRules, kind: string, schemaRequired = false) {
  return {
    version: version(rules, `each ${kind} needs a version such as ${exampleVersion()}`),
    spec: uri().optional(),
    schema: schemaRequired ? uri(`each ${kind} needs a schema URL`) : uri().optional(),
    id: text().optional(),
    config: anyObject().optional(),
  };
}

const embeddedConfig = z.looseObject(
  {
    delegate: z
      .array(z.string({ error: expected('is missing', 'text') }), { error: expected('is missing', 'a list of delegations') })
      .optional(),
    color_scheme: z
      .array(z.enum(['light', 'dark'], { error: (issue) => `${quoted(issue.input)} is not a color scheme (light or dark)` }), {
        error: expected('is missing', 'a list of color schemes'),
      })
      .optional(),
  },
  anObject,
);

/** A transport binding: rest, mcp and a2a need an endpoint; embedded's config is the embedded transport config. */
export function serviceEntry(rules: UcpRules) {
  return z
    .looseObject(
      {
        ...entity(rules, 'service entry'),
        transport: z.enum(TRANSPORTS, {
          error: (issue) =>
            issue.input === undefined
              ? 'each service entry needs a transport: rest, mcp, a2a or embedded'
              : `${quoted(issue.input)} is not a transport (rest, mcp, a2a or embedded)`,
        }),
        endpoint: uri().optional(),
      },
      anObject,
    )
    .superRefine((service, context) => {
      if (NEEDS_ENDPOINT.has(service.transport) && service.endpoint === undefined)
        context.addIssue({ code: 'custom', path: ['endpoint'], message: `a ${service.transport} binding needs an endpoint URL` });
      if (service.transport !== 'embedded' || !isRecord(service.config)) return;
      for (const issue of embeddedConfig.safeParse(service.config).error?.issues ?? [])
        context.addIssue({ code: 'custom', path: ['config', ...issue.path], message: issue.message });
    }, whenObject);
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

const availableInstrument = z.looseObject(
  {
    type: text('each instrument needs a type, such as card'),
    constraints: anyObject()
      .refine((constraints) => Object.keys(constraints).length > 0, { error: 'must hold at least one constraint, or be left out' })
      .optional(),
  },
  anObject,
);

export function paymentHandlerEntry(rules: UcpRules) {
  const instruments = z
    .array(availableInstrument, { error: expected('is missing', 'a list of instruments') })
    .min(1, { error: 'must list at least one instrument, or be left out (then every instrument is available)' });
  return z.looseObject(
    {
      ...entity(rules, 'payment handler'),
      id: text('each payment handler needs an id, unique among your handlers'),
      ...(rules.availableInstruments ? { available_instruments: instruments.optional() } : {}),
    },
    anObject,
  );
}
