import type { Artifacts } from '#shared/scanner/artifacts.js';
import { entityValues } from '#shared/scanner/extract/index.js';
import type { Entity } from '#shared/scanner/extract/index.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { markupPages } from '#shared/scanner/checks/read-artifacts.js';
import { jsonLdScript } from '#shared/scanner/checks/wording.js';
import { shopCountry } from './shop-identity.js';
import { fieldValue, gradePolicies } from './policy-markup.js';
import type { PolicyKind } from './policy-markup.js';

export const shippingPolicy: PolicyKind = {
  type: 'OfferShippingDetails',
  // Offer.shippingDetails, and the newer Organization.hasShippingService (a ShippingService).
  links: ['shippingDetails', 'hasShippingService'],
  policyTypes: new Set(['OfferShippingDetails', 'ShippingService']),
  consequence: 'agents cannot tell a buyer what delivery costs or when it arrives',
  fields(policy: Entity) {
    // A ShippingService states rate, destination and transit time in its ShippingConditions.
    const where = [policy, ...entityValues(policy, 'shippingConditions')];
    return [
      { name: 'shippingRate', value: fieldValue(where, 'shippingRate') },
      { name: 'shippingDestination', value: fieldValue(where, 'shippingDestination') },
      { name: 'deliveryTime', value: fieldValue(where, 'deliveryTime', 'transitTime') },
    ];
  },
};

function snippet(artifacts: Artifacts): string {
  const currency = artifacts.productPages.map((p) => p.product?.currency ?? null).find((c) => c !== null);
  return jsonLdScript({
    '@context': 'https://schema.org',
    '@type': 'Offer',
    shippingDetails: {
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: '<shipping cost, e.g. 4.95>', currency: currency ?? '<ISO 4217 code>' },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: shopCountry(artifacts) ?? '<ISO country code, e.g. US>' },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
        transitTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 3, unitCode: 'DAY' },
      },
    },
  });
}

export const shippingStructured: CheckDefinition = {
  id: 'shipping_structured',
  dimension: 'policies_trust',
  title: 'Shipping cost and delivery time in structured data',
  points: 3,

  evaluate(artifacts) {
    return gradePolicies(shippingPolicy, markupPages(artifacts));
  },

  advise(result, artifacts) {
    const found = result.evidence[0];
    return {
      title: 'State shipping cost, destination and delivery time as OfferShippingDetails',
      why: `An agent comparing offers needs the total price and the delivery date; without shipping details it cannot quote either (${found ? `${found.url}: ${found.value ?? ''}` : 'no OfferShippingDetails found'}).`,
      fix: 'Add shippingDetails (OfferShippingDetails with shippingRate, shippingDestination and deliveryTime) to each product Offer, or one ShippingService on your Organization via hasShippingService. Use the rates and times of your shipping page; set handling and transit days to what you promise.',
      snippet: snippet(artifacts),
      effort: 'S',
    };
  },
};
