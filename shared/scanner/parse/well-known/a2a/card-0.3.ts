/**
 * An A2A 0.3 Agent Card as https://github.com/a2aproject/A2A (specification/json/a2a.json at tag v0.3.0)#/definitions/AgentCard states it at v0.3.0 (cards of
 * 0.2.x, which declare their `protocolVersion`, are read by the same rules): its required members and types,
 * objects open to other members (the 0.3 schema does not close them), security schemes told apart by `type`.
 */

import { z } from 'zod';
import { builtOnFirstUse } from '../built-on-first-use.js';
import { isAbsoluteUri } from '../schema-words.js';

/** Built when a 0.3 card is first read (`agentCard03`): most shops serve none, and the cold start should not pay for it. */
function agentCard03Schema() {
  const strings = z.array(z.string());
  const endpoint = z.string().refine(isAbsoluteUri, { message: 'must be an absolute URL such as https://shop.example/a2a' });
  const scopes = z.record(z.string(), z.string());
  const description = z.string().optional();
  const refreshUrl = z.string().optional();
  const security = z.array(z.record(z.string(), strings));

  const flows = z.looseObject({
    authorizationCode: z.looseObject({ authorizationUrl: z.string(), tokenUrl: z.string(), refreshUrl, scopes }).optional(),
    clientCredentials: z.looseObject({ tokenUrl: z.string(), refreshUrl, scopes }).optional(),
    implicit: z.looseObject({ authorizationUrl: z.string(), refreshUrl, scopes }).optional(),
    password: z.looseObject({ tokenUrl: z.string(), refreshUrl, scopes }).optional(),
  });

  const securityScheme = z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('apiKey'), description, in: z.enum(['cookie', 'header', 'query']), name: z.string() }),
    z.looseObject({ type: z.literal('http'), description, scheme: z.string(), bearerFormat: z.string().optional() }),
    z.looseObject({ type: z.literal('oauth2'), description, flows, oauth2MetadataUrl: z.string().optional() }),
    z.looseObject({ type: z.literal('openIdConnect'), description, openIdConnectUrl: z.string() }),
    z.looseObject({ type: z.literal('mutualTLS'), description }),
  ]);

  const extension = z.looseObject({
    uri: z.string(),
    description,
    required: z.boolean().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  });

  return z.looseObject({
    protocolVersion: z.string(),
    name: z.string(),
    description: z.string(),
    url: endpoint,
    preferredTransport: z.string().optional(),
    additionalInterfaces: z.array(z.looseObject({ url: endpoint, transport: z.string() })).optional(),
    iconUrl: z.string().optional(),
    provider: z.looseObject({ organization: z.string(), url: z.string() }).optional(),
    version: z.string(),
    documentationUrl: z.string().optional(),
    capabilities: z.looseObject({
      streaming: z.boolean().optional(),
      pushNotifications: z.boolean().optional(),
      stateTransitionHistory: z.boolean().optional(),
      extensions: z.array(extension).optional(),
    }),
    securitySchemes: z.record(z.string(), securityScheme).optional(),
    security: security.optional(),
    defaultInputModes: strings,
    defaultOutputModes: strings,
    skills: z.array(
      z.looseObject({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        tags: strings,
        examples: strings.optional(),
        inputModes: strings.optional(),
        outputModes: strings.optional(),
        security: security.optional(),
      }),
    ),
    supportsAuthenticatedExtendedCard: z.boolean().optional(),
    signatures: z
      .array(z.looseObject({ protected: z.string(), signature: z.string(), header: z.record(z.string(), z.unknown()).optional() }))
      .optional(),
  });
}

export const agentCard03 = builtOnFirstUse(agentCard03Schema);
