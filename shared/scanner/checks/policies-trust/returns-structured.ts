import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { Entity } from '#shared/scanner/extract/index.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { markupPages } from '#shared/scanner/checks/read-artifacts.js';
import { jsonLdScript } from '#shared/scanner/checks/wording.js';
import { shopCountry, shopName } from './shop-identity.js';
import { fieldValue, findPolicies, gradePolicies } from './policy-markup.js';
import type { PolicyKind } from './policy-markup.js';

// Return windows without a number of days.
const NO_DAYS_NEEDED = /MerchantReturnNotPermitted|MerchantReturnUnlimitedWindow/i;

export const returnPolicy: PolicyKind = {
  type: 'MerchantReturnPolicy',
  links: ['hasMerchantReturnPolicy'],
  policyTypes: new Set(['MerchantReturnPolicy']),
  consequence: 'agents cannot tell a buyer whether and for how long returns are possible',
  fields(policy: Entity) {
    const category = fieldValue([policy], 'returnPolicyCategory');
    const days = fieldValue([policy], 'merchantReturnDays');
    return [
      { name: 'applicableCountry', value: fieldValue([policy], 'applicableCountry') },
      { name: 'returnPolicyCategory', value: category?.replace(/^https?:\/\/schema\.org\//i, '') ?? null },
      { name: 'merchantReturnDays', value: days ?? (category !== null && NO_DAYS_NEEDED.test(category) ? 'not needed' : null) },
    ];
  },
};

function snippet(artifacts: Artifacts): string {
  const existing = findPolicies(markupPages(artifacts), returnPolicy)[0]?.fields ?? [];
  const stated = (name: string): string | null => existing.find((f) => f.name === name)?.value ?? null;
  const days = Number(stated('merchantReturnDays'));
  return jsonLdScript({
    '@context': 'https://schema.org',
    '@type': 'OnlineStore',
    name: shopName(artifacts),
    url: `${artifacts.site.origin}/`,
    hasMerchantReturnPolicy: {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: stated('applicableCountry') ?? shopCountry(artifacts) ?? '<ISO country code, e.g. US>',
      returnPolicyCategory: `https://schema.org/${stated('returnPolicyCategory') ?? 'MerchantReturnFiniteReturnWindow'}`,
      merchantReturnDays: Number.isFinite(days) && days > 0 ? days : '<days, e.g. 30>',
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/FreeReturn',
    },
  });
}

export const returnsStructured: CheckDefinition = {
  id: 'returns_structured',
  dimension: 'policies_trust',
  title: 'Return policy in structured data',
  points: 3,

  evaluate(artifacts) {
    return gradePolicies(returnPolicy, markupPages(artifacts));
  },

  advise(result, artifacts) {
    const found = result.evidence[0];
    return {
      title: 'Publish your return policy as a MerchantReturnPolicy',
      why: `Buyers ask agents "can I return it?"; without a machine-readable policy the agent must guess or send them elsewhere (${found ? `${found.url}: ${found.value ?? ''}` : 'no MerchantReturnPolicy found'}).`,
      fix: 'Add a MerchantReturnPolicy with applicableCountry, returnPolicyCategory and merchantReturnDays, once on your Organization/OnlineStore (homepage) or on each Offer via hasMerchantReturnPolicy. Use the values of your written returns page; adjust returnFees and returnMethod to match it.',
      snippet: snippet(artifacts),
      effort: 'S',
    };
  },
};
