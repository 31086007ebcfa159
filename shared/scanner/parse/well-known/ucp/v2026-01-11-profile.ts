/**
 * The 2026-01-11 business profile schema, read (JSON Schema files, named without .json) at tag v2026-01-11 (commit 806a5b74d3a5) of
 * github.com/Universal-Commerce-Protocol/ucp: source/discovery/profile_schema (`ucp`, `payment.handlers`,
 * `signing_keys`), source/schemas/ucp#/$defs/discovery_profile (version, services and capabilities
 * required), source/services/service_schema (version and spec; rest and mcp need schema and endpoint,
 * a2a an endpoint, embedded a schema), source/schemas/capability#/$defs/discovery (name, version, spec,
 * schema) and source/schemas/shopping/types/payment_handler (id, name, version, spec, config_schema,
 * instrument_schemas, config). Every object is open; service names are not constrained.
 */

import { z } from 'zod';
import { anObject, anyObject, text, uri, version } from './fields.js';
import type { UcpRules } from './ucp-rules.js';
import { exampleVersion, expected, quoted } from './ucp-wording.js';
import { signingKeyOf } from './key-schemas.js';

/** A transport binding: the members it requires, each with what to add when it is absent. */
function binding(required: Record<string, string>) {
  const members = Object.fromEntries(Object.entries(required).map(([member, missing]) => [member, uri(missing)]));
  return z.looseObject(members, anObject).optional();
}

function service(rules: UcpRules) {
  return z.looseObject(
    {
      version: version(rules, `each service needs a version such as ${exampleVersion()}`),
      spec: uri('each service needs spec, the URL of its documentation'),
      rest: binding({
        schema: 'a rest binding needs schema, the URL of its OpenAPI document',
        endpoint: 'a rest binding needs an endpoint URL',
      }),
      mcp: binding({
        schema: 'an mcp binding needs schema, the URL of its OpenRPC document',
        endpoint: 'an mcp binding needs an endpoint URL',
      }),
      a2a: binding({ endpoint: 'an a2a binding needs endpoint, the URL of your agent card' }),
      embedded: binding({ schema: 'an embedded binding needs schema, the URL of its OpenRPC document' }),
    },
    anObject,
  );
}

function capabilityName(rules: UcpRules, missing: string) {
  return z.string({ error: expected(missing, 'a capability name') }).regex(rules.reverseDomainName, {
    error: (issue) => `${quoted(issue.input)} is not a capability name such as dev.ucp.shopping.checkout (lowercase, dot-separated)`,
  });
}

function capability(rules: UcpRules) {
  return z.looseObject(
    {
      name: capabilityName(rules, 'each capability needs a name such as dev.ucp.shopping.checkout'),
      version: version(rules, `each capability needs a version such as ${exampleVersion()}`),
      spec: uri('each capability needs spec, the URL of its specification'),
      schema: uri('each capability needs schema, the URL of its JSON Schema'),
      extends: capabilityName(rules, 'is missing').optional(),
      config: anyObject().optional(),
    },
    anObject,
  );
}

function paymentHandler(rules: UcpRules) {
  return z.looseObject(
    {
      id: text('each payment handler needs an id, unique among your handlers'),
      name: text('each payment handler needs a name, its specification in reverse-domain form (com.example.tokenizer)'),
      version: version(rules, `each payment handler needs a version such as ${exampleVersion()}`),
      spec: uri('each payment handler needs spec, the URL of the specification it follows'),
      config_schema: uri('each payment handler needs config_schema, the URL of the JSON Schema its config follows'),
      instrument_schemas: z.array(uri(), {
        error: expected('each payment handler needs instrument_schemas, the URLs of the instrument schemas it takes', 'a list of URLs'),
      }),
      config: anyObject('each payment handler needs config, its settings ({} if it has none)'),
    },
    anObject,
  );
}

function profile(rules: UcpRules) {
  const ucp = z.looseObject(
    {
      version: version(rules, `needs the UCP version the profile follows, such as ${exampleVersion()}`),
      services: z.record(z.string(), service(rules), {
        error: expected(
          'is missing: declare your services, e.g. "dev.ucp.shopping": {version, spec, rest: {schema, endpoint}}',
          'a map from service name to service',
        ),
      }),
      capabilities: z.array(capability(rules), {
        error: expected('is missing: list your capabilities, e.g. [{name, version, spec, schema}]', 'a list of capabilities'),
      }),
    },
    {
      error: expected(
        'is missing: put version, services and capabilities inside a top-level "ucp" object',
        'an object holding version, services and capabilities',
      ),
    },
  );
  const payment = z.looseObject(
    { handlers: z.array(paymentHandler(rules), { error: expected('is missing', 'a list of payment handlers') }).optional() },
    anObject,
  );
  return z.looseObject({
    ucp,
    payment: payment.optional(),
    signing_keys: z.array(signingKeyOf('EC or RSA'), { error: expected('is missing', 'a list of JWK keys') }).optional(),
  });
}

let built: ReturnType<typeof profile> | undefined;

/** The document schema, built on first use. */
export function profileSchema20260111(rules: UcpRules) {
  built ??= profile(rules);
  return built;
}
