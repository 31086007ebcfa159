/**
 * An A2A 1.0 Agent Card as v1.0.1 states it: the JSON Schema "Agent Card" (https://github.com/a2aproject/A2A (spec/a2a.json of release 1.0.1 on the gh-pages branch) on the gh-pages
 * branch: every object closed, camelCase names with their snake_case aliases) and the fields
 * specification/a2a.proto marks REQUIRED, which https://github.com/a2aproject/A2A (its specification.md, in docs) §5.7 says "MUST be present and set"
 * (a required list has at least one entry). Security schemes and OAuth flows are proto `oneof`s: one kind each.
 *
 * Two allowances: the top-level members of a 0.3 card (`url`, `protocolVersion`, ...) that A2A 1.0 SDKs add
 * so 0.3 clients can read the same card; and, for a card that declares a later version, members this
 * version does not know (`newer`).
 */

import { z } from 'zod';
import { isRecord } from '../json-body.js';
import { isAbsoluteUri } from '../schema-words.js';

/** The top-level members of a 0.3 card, which a card serving 0.3 clients as well keeps beside the 1.0 ones. */
function v03Projection() {
  return {
    url: z.string().optional(),
    protocolVersion: z.string().optional(),
    preferredTransport: z.string().optional(),
    additionalInterfaces: z.array(z.unknown()).optional(),
    supportsAuthenticatedExtendedCard: z.boolean().optional(),
    security: z.array(z.unknown()).optional(),
  };
}

function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The schema's patternProperties accept each member's proto (snake_case) name too. */
function withAliases(known: readonly string[]) {
  return (value: unknown) => {
    if (!isRecord(value)) return value;
    const renamed: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      const alias = camel(key);
      renamed[key.includes('_') && known.includes(alias) && !(alias in value) ? alias : key] = entry;
    }
    return renamed;
  };
}

function oneKind(kinds: readonly string[]) {
  return (value: Record<string, unknown>) => kinds.filter((kind) => value[kind] !== undefined).length <= 1;
}

export function agentCard10({ newer }: { newer: boolean }) {
  const set = z.string().min(1);
  const strings = z.array(z.string());
  const required = z.array(z.string()).min(1);
  const endpoint = set.refine(isAbsoluteUri, { message: 'must be an absolute URL such as https://shop.example/a2a' });
  const object = <T extends z.core.$ZodLooseShape>(shape: T) =>
    z.preprocess(withAliases(Object.keys(shape)), newer ? z.looseObject(shape) : z.strictObject(shape));

  const scopes = z.record(z.string(), z.string());
  const flowKinds = ['authorizationCode', 'clientCredentials', 'implicit', 'password', 'deviceCode'] as const;
  const flows = object({
    authorizationCode: object({
      authorizationUrl: set,
      tokenUrl: set,
      refreshUrl: z.string().optional(),
      scopes,
      pkceRequired: z.boolean().optional(),
    }).optional(),
    clientCredentials: object({ tokenUrl: set, refreshUrl: z.string().optional(), scopes }).optional(),
    implicit: object({ authorizationUrl: z.string().optional(), refreshUrl: z.string().optional(), scopes: scopes.optional() }).optional(),
    password: object({ tokenUrl: z.string().optional(), refreshUrl: z.string().optional(), scopes: scopes.optional() }).optional(),
    deviceCode: object({ deviceAuthorizationUrl: set, tokenUrl: set, refreshUrl: z.string().optional(), scopes }).optional(),
  }).refine(oneKind(flowKinds), { message: `name one flow: ${flowKinds.join(', ')}` });

  const description = z.string().optional();
  const schemeKinds = [
    'apiKeySecurityScheme',
    'httpAuthSecurityScheme',
    'oauth2SecurityScheme',
    'openIdConnectSecurityScheme',
    'mtlsSecurityScheme',
  ] as const;
  const securityScheme = object({
    apiKeySecurityScheme: object({ description, location: z.enum(['query', 'header', 'cookie']), name: set }).optional(),
    httpAuthSecurityScheme: object({ description, scheme: set, bearerFormat: z.string().optional() }).optional(),
    oauth2SecurityScheme: object({ description, flows, oauth2MetadataUrl: z.string().optional() }).optional(),
    openIdConnectSecurityScheme: object({ description, openIdConnectUrl: set }).optional(),
    mtlsSecurityScheme: object({ description }).optional(),
  }).refine(oneKind(schemeKinds), { message: `name one kind of scheme: ${schemeKinds.join(', ')}` });
  const securityRequirement = object({ schemes: z.record(z.string(), object({ list: strings.optional() })).optional() });

  const agentInterface = object({ url: endpoint, protocolBinding: set, tenant: z.string().optional(), protocolVersion: set });
  const extension = object({
    uri: z.string().optional(),
    description,
    required: z.boolean().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  });
  const capabilities = object({
    streaming: z.boolean().optional(),
    pushNotifications: z.boolean().optional(),
    extensions: z.array(extension).optional(),
    extendedAgentCard: z.boolean().optional(),
  });
  const skill = object({
    id: set,
    name: set,
    description: set,
    tags: required,
    examples: strings.optional(),
    inputModes: strings.optional(),
    outputModes: strings.optional(),
    securityRequirements: z.array(securityRequirement).optional(),
  });
  const signature = object({ protected: set, signature: set, header: z.record(z.string(), z.unknown()).optional() });

  return object({
    name: set,
    description: set,
    supportedInterfaces: z.array(agentInterface).min(1),
    provider: object({ url: set, organization: set }).optional(),
    version: set,
    documentationUrl: z.string().optional(),
    capabilities,
    securitySchemes: z.record(z.string(), securityScheme).optional(),
    securityRequirements: z.array(securityRequirement).optional(),
    defaultInputModes: required,
    defaultOutputModes: required,
    skills: z.array(skill).min(1),
    signatures: z.array(signature).optional(),
    iconUrl: z.string().optional(),
    ...v03Projection(),
  });
}
