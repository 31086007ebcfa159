import type { Artifacts } from '#shared/scanner/artifacts.js';
import { readWellKnown } from '#shared/scanner/checks/read-artifacts.js';
import { because } from '#shared/scanner/checks/wording.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';

const UCP_VERSION = '2026-01-23';

function evaluate(artifacts: Artifacts): CheckOutcome {
  const ucp = readWellKnown(artifacts.site.ucp);
  if (ucp.state === 'not_assessed')
    return outcome.notAssessed(`UCP profile not checked: ${ucp.url} ${ucp.reason}.`, [evidence(ucp.url, ucp.reason)]);
  if (ucp.state === 'absent') {
    return outcome.fail('No UCP profile: agents cannot discover how to check out on your shop.', [evidence(ucp.url, ucp.reason)]);
  }
  const profile = ucp.document;
  if (!profile.valid) {
    const problems = profile.problems.join('; ');
    return outcome.fail(`The UCP profile at ${ucp.url} is not usable: ${problems}.`, [evidence(ucp.url, problems)]);
  }
  const facts = `version ${profile.version ?? '?'}, capabilities: ${profile.capabilities.join(', ') || 'none'}`;
  if (!profile.hasCheckoutCapability) {
    return outcome.warn(
      `The UCP profile (version ${profile.version ?? '?'}) declares no checkout capability, so agents can find the shop but not buy through UCP.`,
      [evidence(ucp.url, facts)],
    );
  }
  // Shopify generates the profile for its stores; the credit is the platform's, and the report says so.
  const platformProvided = artifacts.platform.platform === 'shopify';
  return outcome.pass(
    `The UCP profile (version ${profile.version ?? '?'}) declares a checkout capability${platformProvided ? ', served by Shopify' : ''}.`,
    [evidence(ucp.url, facts)],
    platformProvided ? { platformProvided } : {},
  );
}

function profileSnippet(origin: string): string {
  const spec = (name: string) => [
    {
      version: UCP_VERSION,
      spec: `https://ucp.dev/specification/${name}`,
      schema: `https://ucp.dev/${UCP_VERSION}/schemas/shopping/${name}.json`,
    },
  ];
  return JSON.stringify(
    {
      ucp: {
        version: UCP_VERSION,
        services: {
          'dev.ucp.shopping': [
            {
              version: UCP_VERSION,
              spec: 'https://ucp.dev/specification/overview',
              transport: 'rest',
              endpoint: `${origin}/ucp/v1`,
              schema: `https://ucp.dev/${UCP_VERSION}/services/shopping/openapi.json`,
            },
          ],
        },
        capabilities: { 'dev.ucp.shopping.checkout': spec('checkout') },
      },
    },
    null,
    2,
  );
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const origin = artifacts.site.origin;
  const ucp = readWellKnown(artifacts.site.ucp);
  const why = because(
    `AI shopping agents (Google's and others using the Universal Commerce Protocol) read /.well-known/ucp to learn how to check out.`,
    result,
  );
  const platformHint =
    artifacts.platform.platform === 'shopify'
      ? " Shopify generates this profile for eligible stores; if yours has none or it lacks checkout, check your store's agentic commerce settings in Shopify."
      : '';
  if (ucp.state === 'present' && ucp.document.valid) {
    return {
      title: 'Declare the checkout capability in your UCP profile',
      why,
      fix: `Add "dev.ucp.shopping.checkout" to the capabilities in ${ucp.url}, backed by a working checkout endpoint.${platformHint}`,
      snippet: JSON.stringify(
        { 'dev.ucp.shopping.checkout': [{ version: UCP_VERSION, spec: 'https://ucp.dev/specification/checkout' }] },
        null,
        2,
      ),
      effort: 'L',
    };
  }
  return {
    title: ucp.state === 'present' ? 'Fix your UCP profile' : 'Publish a UCP profile at /.well-known/ucp',
    why,
    fix: `Serve a JSON UCP business profile at ${origin}/.well-known/ucp with the protocol version, the shopping service and its endpoint, and the checkout capability. Only declare capabilities your backend actually supports.${platformHint}`,
    snippet: profileSnippet(origin),
    effort: 'L',
  };
}

export const ucpProfileCheck: CheckDefinition = {
  id: 'ucp_profile',
  dimension: 'agentic_commerce',
  title: 'UCP profile with checkout',
  points: 5,
  evaluate,
  advise,
};
