/**
 * The ACP discovery document (/.well-known/acp.json) as `DiscoveryResponse` in the dated release's
 * json-schema/schema.agentic_checkout.json (under spec/ of https://github.com/agentic-commerce-protocol/agentic-commerce-protocol) states it (with `DiscoveryProtocol`,
 * `DiscoveryCapabilities`, `DiscoveryExtension`): every object closed (`additionalProperties: false`), the
 * three lists of names closed enums "per API version", dates as YYYY-MM-DD, URLs as absolute URIs.
 *
 * `newer` relaxes what the RFC says a later API version may add: unknown members and enum values are
 * left to the validator's warnings instead of refused.
 */

import { z } from 'zod';
import { absoluteUri, uniqueList } from '../schema-messages.js';

export const acpTransports = ['rest', 'mcp'] as const;
export const acpServices = ['checkout', 'orders', 'delegate_payment', 'carts'] as const;
export const acpInterventionTypes = ['3ds', 'biometric', 'address_verification'] as const;

export function discoverySchema({ newer }: { newer: boolean }) {
  const apiVersion = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date such as 2026-04-17' });
  const currency = z.string().regex(/^[a-z]{3}$/, { message: 'must be a lowercase ISO 4217 code such as usd' });
  const object = newer ? z.looseObject : z.strictObject;
  const names = <T extends readonly [string, ...string[]]>(values: T) => (newer ? z.string() : z.enum(values));

  const protocol = object({
    name: z.literal('acp'),
    version: apiVersion,
    supported_versions: uniqueList(apiVersion),
    documentation_url: absoluteUri('https://shop.example/docs/acp').optional(),
  });
  const extension = object({
    name: z.string(),
    spec: absoluteUri('https://agenticcommerce.dev/specs/discount').optional(),
    schema: absoluteUri('https://agenticcommerce.dev/schemas/discount.json').optional(),
  });
  const capabilities = object({
    services: uniqueList(names(acpServices)),
    extensions: z.array(extension).optional(),
    intervention_types: uniqueList(names(acpInterventionTypes)).optional(),
    supported_currencies: uniqueList(currency).optional(),
    supported_locales: uniqueList(z.string()).optional(),
  });
  return object({
    protocol,
    api_base_url: absoluteUri('https://shop.example/api'),
    transports: uniqueList(names(acpTransports)),
    capabilities,
  });
}
