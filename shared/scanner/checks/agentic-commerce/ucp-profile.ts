import type { Artifacts } from '#shared/scanner/artifacts.js';
import { readWellKnown } from '#shared/scanner/checks/read-artifacts.js';
import { because } from '#shared/scanner/checks/wording.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { IDENTITY_LINKING, type UcpProfile } from '#shared/scanner/parse/well-known/ucp.js';
import { versionOf } from '#shared/scanner/standards.js';
import { adviseCheckoutProbe, withCheckoutProbe } from '#shared/scanner/checks/agentic-commerce/checkout-probe-verdict.js';
import { adviseCheckoutDrive, withCheckoutDrive } from '#shared/scanner/checks/agentic-commerce/checkout-drive-verdict.js';
import { adviseCatalogLookup, withCatalogLookup } from '#shared/scanner/checks/agentic-commerce/catalog-lookup-verdict.js';

/**
 * Fails when there is no usable profile: absent, no version or services, or answered through a
 * redirect (UCP: profile endpoints must not redirect, and agents must not follow one). Warns when it
 * declares no checkout, or when checkout is declared but the profile falls short of the current spec:
 * not conforming to its version's schema, an older version, not served as JSON, no payment handler (an
 * empty map conforms, but gives agents nothing to pay with), missing or unusable signing keys. On a paid scan the
 * REST endpoint it declares is then probed (drives/checkout-probe.ts), and what it answers can fail or warn the check;
 * on a proven owner's rescan a checkout is driven there too (drives/ucp-checkout-drive.ts), with the last word.
 */
function evaluate(artifacts: Artifacts): CheckOutcome {
  return withCheckoutDrive(layers(artifacts).beforeDrive, artifacts.site.ucpCheckoutDrive);
}

/**
 * The verdict layer by layer, each judged once: as the profile declares it, with what its checkout endpoint answered
 * the probe, then with what its catalog answered the lookup (before any checkout drive). Each fix reads its own layer.
 */
function layers(artifacts: Artifacts): { declared: CheckOutcome; probed: CheckOutcome; beforeDrive: CheckOutcome } {
  const declared = evaluateProfile(artifacts);
  const probed = withCheckoutProbe(declared, artifacts.site.ucpProbe);
  return { declared, probed, beforeDrive: withCatalogLookup(probed, artifacts.site.ucpCatalogLookup) };
}

/** The profile as declared, before its checkout endpoint was probed. */
function evaluateProfile(artifacts: Artifacts): CheckOutcome {
  const ucp = readWellKnown(artifacts.site.ucp);
  if (ucp.state === 'not_assessed')
    return outcome.notAssessed(`UCP profile not checked: ${ucp.url} ${ucp.reason}.`, [evidence(ucp.url, ucp.reason)]);
  if (ucp.state === 'absent') {
    return outcome.fail('No UCP profile: agents cannot discover how to check out on your shop.', [evidence(ucp.url, ucp.reason)]);
  }
  const profile = ucp.document;
  const unusable = !profile.hasServices || profile.version === null || profile.served?.directly === false;
  if (unusable) {
    const problems = unusableReasons(profile).join('; ');
    return outcome.fail(`The UCP profile at ${ucp.url} is not usable: ${problems}.`, [evidence(ucp.url, problems)]);
  }
  const facts = [evidence(ucp.url, factsOf(profile)), ...depthEvidence(ucp.url, profile)];
  if (!profile.hasCheckoutCapability) {
    return outcome.warn(
      `The UCP profile (version ${profile.version ?? '?'}) declares no checkout capability, so agents can find the shop but not buy through UCP.`,
      facts,
    );
  }
  // Shopify generates the profile for its stores; the credit is the platform's, and the report says so.
  const platformProvided = artifacts.platform.platform === 'shopify';
  const extra = platformProvided ? { platformProvided } : {};
  const gaps = [...profile.problems, ...profile.warnings];
  if (gaps.length > 0) {
    return outcome.warn(
      `The UCP profile (version ${profile.version ?? '?'}) declares a checkout capability${platformProvided ? ', served by Shopify' : ''}, but falls short of UCP ${versionOf('ucp')}: ${gaps.join('; ')}.`,
      facts,
      extra,
    );
  }
  return outcome.pass(
    `The UCP profile (version ${profile.version ?? '?'}) declares a checkout capability, a payment handler and signing keys${platformProvided ? ', served by Shopify' : ''}.`,
    facts,
    extra,
  );
}

/** The profile's problems, and that no service is declared when the schema allows an empty services map. */
function unusableReasons(profile: UcpProfile): string[] {
  const noService = profile.hasServices ? [] : ['no service is declared, so agents have no endpoint to call'];
  return [...noService, ...profile.problems];
}

function factsOf(profile: UcpProfile): string {
  return `version ${profile.version ?? '?'}, capabilities: ${profile.capabilities.join(', ') || 'none'}`;
}

/** One evidence line per sub-finding: version currency, payment handlers, signing keys, identity linking, serving. */
function depthEvidence(url: string, profile: UcpProfile): Evidence[] {
  const keys = profile.signingKeys;
  const usableKeys = keys?.filter((key) => key.problem === null) ?? [];
  const lines = [
    `version: ${profile.versionStatus === 'outdated' ? `outdated, upgrade to ${versionOf('ucp')}` : profile.versionStatus}`,
    `payment handlers: ${profile.paymentHandlers.join(', ') || 'none'}`,
    `signing keys: ${keys === null ? 'none' : `${usableKeys.length} usable of ${keys.length}${usableKeys.length > 0 ? ` (${usableKeys.map((key) => key.kid ?? '').join(', ')})` : ''}`}`,
    `identity linking: ${profile.identityLinking ? `declared (scopes: ${profile.identityLinking.scopes.join(', ') || 'none'})` : 'not declared'}`,
  ];
  if (profile.served)
    lines.push(
      `served: ${profile.served.directly ? 'directly' : 'through a redirect'}, ${profile.served.asJson ? 'as JSON' : 'not as JSON'}`,
    );
  return lines.map((line) => evidence(url, line));
}

function profileSnippet(origin: string): string {
  const version = versionOf('ucp');
  const capability = (name: string, group: string, extra: Record<string, unknown> = {}) => [
    {
      version,
      spec: `https://ucp.dev/${version}/specification/${name}`,
      schema: `https://ucp.dev/${version}/schemas/${group}/${name.replace(/-/g, '_')}.json`,
      ...extra,
    },
  ];
  return JSON.stringify(
    {
      ucp: {
        version,
        services: {
          'dev.ucp.shopping': [
            {
              version,
              spec: `https://ucp.dev/${version}/specification/overview`,
              transport: 'rest',
              endpoint: `${origin}/ucp/v1`,
              schema: `https://ucp.dev/${version}/services/shopping/rest.openapi.json`,
            },
          ],
        },
        capabilities: {
          'dev.ucp.shopping.checkout': capability('checkout', 'shopping'),
          [IDENTITY_LINKING]: capability('identity-linking', 'common', {
            config: { scopes: { 'dev.ucp.shopping.order:read': {} } },
          }),
        },
        payment_handlers: {
          'com.example.processor_tokenizer': [
            {
              id: 'processor_tokenizer',
              version,
              spec: 'https://<your payment provider>/ucp/handler-spec',
              available_instruments: [{ type: 'card' }],
            },
          ],
        },
      },
      signing_keys: [{ kid: '<key id>', kty: 'EC', crv: 'P-256', x: '<base64url x>', y: '<base64url y>', use: 'sig', alg: 'ES256' }],
    },
    null,
    2,
  );
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const { declared, probed, beforeDrive } = layers(artifacts);
  const driven = adviseCheckoutDrive(beforeDrive, artifacts.site.ucpCheckoutDrive, result);
  if (driven) return driven;
  const probeAdvice = adviseCheckoutProbe(declared, artifacts.site.ucpProbe, result);
  if (probeAdvice) return probeAdvice;
  const lookupAdvice = adviseCatalogLookup(probed, artifacts.site.ucpCatalogLookup, result);
  if (lookupAdvice) return lookupAdvice;
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
  const version = versionOf('ucp');
  if (ucp.state === 'present' && ucp.document.hasServices && ucp.document.version !== null && ucp.document.served?.directly !== false) {
    const profile = ucp.document;
    if (!profile.hasCheckoutCapability) {
      return {
        title: 'Declare the checkout capability in your UCP profile',
        why,
        fix: `Add "dev.ucp.shopping.checkout" to the capabilities in ${ucp.url}, backed by a working checkout endpoint.${platformHint}`,
        snippet: JSON.stringify(
          { 'dev.ucp.shopping.checkout': [{ version, spec: `https://ucp.dev/${version}/specification/checkout` }] },
          null,
          2,
        ),
        effort: 'L',
      };
    }
    return {
      title: `Bring your UCP profile up to UCP ${version}`,
      why,
      fix: `In ${ucp.url}: ${[...profile.problems, ...profile.warnings].join('; ')}. Serve it directly (no redirect) as application/json, set "version" to "${version}", declare your payment handlers under ucp.payment_handlers, and publish the public EC P-256 key you sign checkout messages and webhooks with in signing_keys.${platformHint}`,
      snippet: profileSnippet(origin),
      effort: 'M',
    };
  }
  return {
    title: ucp.state === 'present' ? 'Fix your UCP profile' : 'Publish a UCP profile at /.well-known/ucp',
    why,
    fix: `Serve a JSON UCP business profile at ${origin}/.well-known/ucp, directly (no redirect) as application/json, with the protocol version (${version}), the shopping service and its endpoint, the checkout capability, your payment handlers and your signing keys. Declare identity linking only with OAuth authorization server metadata (RFC 8414) at /.well-known/oauth-authorization-server, and only capabilities your backend actually supports.${platformHint}`,
    snippet: profileSnippet(origin),
    effort: 'L',
  };
}

export const ucpProfileCheck: CheckDefinition = {
  id: 'ucp_profile',
  dimension: 'agentic_commerce',
  title: 'UCP profile with checkout',
  points: 4,
  evaluate,
  advise,
};
