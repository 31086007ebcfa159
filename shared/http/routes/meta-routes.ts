import { getConfig } from '#shared/config.js';
import { Health, OpenApiDocument, PlatformProfile, SignatureDirectory } from '#shared/http/schemas/meta-schemas.js';
import { PlanList, PriceList } from '#shared/http/schemas/plans-schemas.js';
import { defineFamilyRoutes, errors, ok, perIp } from './define-routes.js';

const config = getConfig();

export const metaRoutes = defineFamilyRoutes('meta', {
  getHealth: {
    auth: 'none',
    tags: ['Meta'],
    summary: 'Service and dependency health (no rate limit)',
    responses: { ...ok(200, 'Healthy', Health), 503: { description: 'A dependency is failing', schema: Health } },
  },
  getPricing: {
    auth: 'none',
    tags: ['Meta'],
    summary: 'Public price list for humans and agents (prices exclude VAT)',
    rateLimit: perIp('pricing', config.pricingLimitPerHour, 3_600),
    responses: { ...ok(200, 'The price list', PriceList), ...errors(429) },
  },
  getOpenApi: {
    auth: 'none',
    tags: ['Meta'],
    summary: 'This OpenAPI 3.1 document',
    responses: ok(200, 'The document', OpenApiDocument),
  },
  getSignatureDirectory: {
    auth: 'none',
    tags: ['Meta'],
    summary:
      "The scanner's Web Bot Auth key directory (the origin its Signature-Agent names), signed with each key it lists (cached one day): the key scans sign with, first, and during a rotation the next or previous one",
    responses: {
      200: {
        description:
          'The key directory, with Content-Digest, Signature-Input and Signature headers proving possession of each key (`binding`, `binding2`, … in the order listed)',
        schema: SignatureDirectory,
        contentType: 'application/http-message-signatures-directory+json',
      },
    },
  },
  // Named by the UCP-Agent header of a proven owner's checkout drive (docs/decisions/116-owner-proven-checkout-drive.md).
  getPlatformProfile: {
    auth: 'none',
    tags: ['Meta'],
    summary:
      "The service's UCP platform profile (cached one hour): the shopping service over REST and the checkout capability, no payment handler. A shop's UCP checkout fetches it when a checkout drive calls",
    responses: ok(200, 'The profile', PlatformProfile),
  },
  listPlans: {
    auth: 'none',
    tags: ['Account'],
    summary: 'The plans and their limits (cached one hour)',
    responses: ok(200, 'The plans', PlanList),
  },
});
